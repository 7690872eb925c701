package io.ordo.deploy.load;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/**
 * Waits until a queue count that the caller reads (waiting + in progress) reaches zero, polling
 * every {@link #POLL_MILLIS}: once a second, since each read counts the queue in the database
 * (about 15 ms of PostgreSQL's time at 20,000 messages; five reads a second took a tenth of its
 * time in a drain), and the run's figures come from the history's timestamps, not from when this
 * wait ends. Gives up when the count stays unchanged for the stall limit, so a stuck run still ends
 * with a report of what did not finish. Completes with the last count read.
 */
final class DrainWaiter {
  static final long POLL_MILLIS = 1_000;
  private static final long PROGRESS_MILLIS = 5_000;

  private final Vertx vertx;
  private final long stallMillis;

  DrainWaiter(Vertx vertx, long stallSeconds) {
    this.vertx = vertx;
    this.stallMillis = stallSeconds * 1000;
  }

  Future<Long> await(Supplier<Future<Long>> outstanding) {
    Promise<Long> drained = Promise.promise();
    poll(outstanding, drained, -1, System.nanoTime(), System.nanoTime());
    return drained.future();
  }

  private void poll(
      Supplier<Future<Long>> outstanding,
      Promise<Long> drained,
      long previous,
      long changedAt,
      long printedAt) {
    outstanding
        .get()
        .onComplete(
            read -> {
              long now = System.nanoTime();
              long count = read.succeeded() ? read.result() : previous;
              if (read.succeeded() && count == 0) {
                drained.complete(0L);
                return;
              }
              long changed = count != previous ? now : changedAt;
              if ((now - changed) / 1_000_000 > stallMillis) {
                System.err.printf(
                    "no progress for %d s; %d outstanding%n", stallMillis / 1000, count);
                drained.complete(count);
                return;
              }
              long printed = printedAt;
              if ((now - printedAt) / 1_000_000 >= PROGRESS_MILLIS) {
                System.err.printf("  … %d waiting or running%n", count);
                printed = now;
              }
              long at = printed;
              vertx.setTimer(POLL_MILLIS, t -> poll(outstanding, drained, count, changed, at));
            });
  }
}
