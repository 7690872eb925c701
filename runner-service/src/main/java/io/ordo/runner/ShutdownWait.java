package io.ordo.runner;

import io.ordo.bus.ClaimedTask;
import io.ordo.runner.execution.TaskExecution;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Collection;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The graceful shutdown's wait for running tasks (SPEC 6), told to the operator: what it waits for
 * and for how long when it begins, and how it ended (every task finished, the grace period ran out,
 * or a second Ctrl-C cut it short). Runs on the runner's event loop.
 */
final class ShutdownWait {
  private static final Logger LOG = LoggerFactory.getLogger(ShutdownWait.class);
  private static final int NAMED = 5;
  private static final long POLL_MS = 100;

  private final Vertx vertx;
  private final Promise<Void> over = Promise.promise();
  private final long startedNanos = System.nanoTime();
  private final long deadlineNanos;
  private final Duration grace;

  private ShutdownWait(Vertx vertx, Duration grace) {
    this.vertx = vertx;
    this.grace = grace;
    this.deadlineNanos = startedNanos + grace.toNanos();
  }

  /**
   * Begins the wait.
   *
   * @param running the tasks in their lifecycle now (named in the first line)
   * @param unfinished how many tasks are still held (zero ends the wait)
   * @param idle whether nothing else keeps the wait on (outcomes still being reported, a claim in
   *     flight)
   */
  static ShutdownWait begin(
      Vertx vertx,
      Duration grace,
      Collection<TaskExecution> running,
      IntSupplier unfinished,
      BooleanSupplier idle) {
    ShutdownWait wait = new ShutdownWait(vertx, grace);
    if (running.isEmpty()) {
      LOG.info("Shutdown: no task is running");
    } else {
      LOG.warn(
          "Shutdown: waiting up to {} s for {} running task{} ({}) to finish; press Ctrl-C again"
              + " to release {} now (with re-entry)",
          grace.toSeconds(),
          running.size(),
          running.size() == 1 ? "" : "s",
          names(running),
          running.size() == 1 ? "it" : "them");
    }
    wait.poll(unfinished, idle, !running.isEmpty());
    return wait;
  }

  Future<Void> over() {
    return over.future();
  }

  /** Stops waiting (a second signal): the tasks still held are released now. */
  void stopNow(int unfinished) {
    if (!over.future().isComplete() && unfinished > 0) {
      LOG.warn(
          "Shutdown: stopped waiting on request; releasing {} unfinished task{} with re-entry",
          unfinished,
          unfinished == 1 ? "" : "s");
    }
    over.tryComplete();
  }

  private void poll(IntSupplier unfinished, BooleanSupplier idle, boolean told) {
    if (over.future().isComplete()) {
      return;
    }
    int held = unfinished.getAsInt();
    if (held == 0 && idle.getAsBoolean()) {
      if (told) {
        LOG.info(
            "Shutdown: every running task finished after {} s",
            Duration.ofNanos(System.nanoTime() - startedNanos).toSeconds());
      }
      over.tryComplete();
    } else if (System.nanoTime() >= deadlineNanos) {
      LOG.warn(
          "Shutdown: the grace period of {} s is over; releasing {} unfinished task{} with"
              + " re-entry",
          grace.toSeconds(),
          held,
          held == 1 ? "" : "s");
      over.tryComplete();
    } else {
      vertx.setTimer(POLL_MS, id -> poll(unfinished, idle, told));
    }
  }

  private static String names(Collection<TaskExecution> running) {
    String named =
        running.stream()
            .limit(NAMED)
            .map(execution -> name(execution.claimed()))
            .collect(Collectors.joining(", "));
    return running.size() > NAMED ? named + ", and " + (running.size() - NAMED) + " more" : named;
  }

  private static String name(ClaimedTask task) {
    String type = task.jsPath() != null ? "script " + task.jsPath() : task.taskClassName();
    return type + " " + task.messageId();
  }
}
