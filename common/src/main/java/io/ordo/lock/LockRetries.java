package io.ordo.lock;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.ordo.InstanceLockedException;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Applies an {@link LockRetryPolicy} (the seed's {@code instanceLockedExceptionAction}): runs an
 * attempt and, while it fails with {@link InstanceLockedException}, waits as the policy says and
 * tries again; when the policy gives up, the last exception goes to the caller. Counts conflicts by
 * action and outcome.
 */
public final class LockRetries {

  /** Waits a while; Vert.x timers in a node, an instant clock advance in tests. */
  @FunctionalInterface
  public interface Sleeper {
    Future<Void> sleep(Duration delay);
  }

  private final Clock clock;
  private final Sleeper sleeper;
  private final DoubleSupplier random;
  private final MeterRegistry meters;

  /**
   * @param random the source of back-off jitter, in [0, 1)
   */
  public LockRetries(Clock clock, Sleeper sleeper, DoubleSupplier random, MeterRegistry meters) {
    this.clock = clock;
    this.sleeper = sleeper;
    this.random = random;
    this.meters = meters;
    // every series is scraped (at zero) before the first conflict
    for (String action : List.of("NoRetry", "BasicRetry", "AggressiveRetry")) {
      for (String outcome : List.of("retried", "succeeded", "gave_up")) {
        counter(action, outcome);
      }
    }
  }

  /** Vert.x timers and a real random source. */
  public static LockRetries of(io.vertx.core.Vertx vertx, Clock clock, MeterRegistry meters) {
    return new LockRetries(
        clock,
        delay -> {
          Promise<Void> slept = Promise.promise();
          vertx.setTimer(Math.max(1, delay.toMillis()), id -> slept.complete());
          return slept.future();
        },
        () -> java.util.concurrent.ThreadLocalRandom.current().nextDouble(),
        meters);
  }

  /** Runs {@code attempt} under {@code policy}. */
  public <T> Future<T> run(LockRetryPolicy policy, Supplier<Future<T>> attempt) {
    return attempt(policy, attempt, clock.instant(), 0);
  }

  private <T> Future<T> attempt(
      LockRetryPolicy policy, Supplier<Future<T>> attempt, Instant started, int retries) {
    return attempt
        .get()
        .transform(
            done -> {
              if (done.succeeded()) {
                if (retries > 0) {
                  count(policy, "succeeded");
                }
                return Future.succeededFuture(done.result());
              }
              if (!(done.cause() instanceof InstanceLockedException)) {
                return Future.failedFuture(done.cause());
              }
              Duration elapsed = Duration.between(started, clock.instant());
              return policy
                  .nextDelay(retries, elapsed, random)
                  .map(
                      delay -> {
                        count(policy, "retried");
                        return sleeper
                            .sleep(delay)
                            .compose(v -> attempt(policy, attempt, started, retries + 1));
                      })
                  .orElseGet(
                      () -> {
                        count(policy, "gave_up");
                        return Future.failedFuture(done.cause());
                      });
            });
  }

  private void count(LockRetryPolicy policy, String outcome) {
    counter(policy.name(), outcome).increment();
  }

  private Counter counter(String action, String outcome) {
    return Counter.builder("ordo.lock.conflicts")
        .description("Instance-lock conflicts by instanceLockedExceptionAction and outcome")
        .tag("action", action)
        .tag("outcome", outcome)
        .register(meters);
  }
}
