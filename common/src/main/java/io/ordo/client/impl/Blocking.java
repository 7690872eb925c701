package io.ordo.client.impl;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs an asynchronous operation and waits for it: the blocking forms of {@code TaskManager}. The
 * operation's own exception is rethrown as it is, so callers catch the seed's types.
 */
public final class Blocking {
  private final Duration timeout;

  /**
   * @param timeout how long to wait for an answer
   */
  public Blocking(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the blocking timeout must be positive, got " + timeout);
    }
    this.timeout = timeout;
  }

  /**
   * Starts the operation and waits for its result.
   *
   * @throws IllegalStateException on a Vert.x event-loop thread, before the operation starts
   */
  public <T> T await(Supplier<Future<T>> operation) {
    if (Context.isOnEventLoopThread()) {
      throw new IllegalStateException(
          "TaskManager's blocking methods would block the Vert.x event loop ("
              + Thread.currentThread().getName()
              + "); use the ...Async method and compose its Future instead");
    }
    Future<T> future = operation.get();
    try {
      return future
          .toCompletionStage()
          .toCompletableFuture()
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw unwrap(e.getCause());
    } catch (TimeoutException e) {
      throw new TaskControlException(
          ErrorCode.UNAVAILABLE,
          "Ordo did not answer within "
              + timeout
              + "; the operation may or may not have taken effect",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TaskControlException(
          ErrorCode.UNAVAILABLE,
          "interrupted while waiting for Ordo; the operation may or may not have taken effect",
          e);
    }
  }

  private static RuntimeException unwrap(Throwable cause) {
    if (cause instanceof RuntimeException runtime) {
      return runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    return new TaskControlException(ErrorCode.INTERNAL, String.valueOf(cause), cause);
  }
}
