package io.ordo.client.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Waiting for a condition of a real node, with a deadline instead of sleeps. */
final class Await {
  static final Duration DEADLINE = Duration.ofSeconds(30);

  private Await() {}

  /** Reads until {@code done} holds; fails after {@link #DEADLINE}. */
  static <T> T until(Supplier<T> read, Predicate<T> done, String what) {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    T last = null;
    while (System.nanoTime() < deadline) {
      last = read.get();
      if (done.test(last)) {
        return last;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return fail(what + " did not happen within " + DEADLINE + "; last seen: " + last);
  }

  /** The value of an async form. */
  static <T> T result(CompletableFuture<T> future) throws Exception {
    return future.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
  }

  /** The exception an async form failed with. */
  static Throwable failure(CompletableFuture<?> future) throws Exception {
    try {
      future.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    return fail("expected a failure, the call succeeded");
  }
}
