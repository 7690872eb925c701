package io.ordo.queue.maintenance;

import io.ordo.queue.lifecycle.Transition;
import io.ordo.queue.store.IdempotencyStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the queue service's sweeps every {@code round-interval}: timeouts, crash recovery and, once
 * an hour, forgetting idempotency keys older than a day. Each runs whatever became of the one
 * before it in the round: a timeout sweep that failed (and would fail again) does not hold crash
 * recovery back. Every queue-service instance runs it; rows one instance works on are skipped by
 * the others.
 */
public final class MaintenanceLoop {
  private static final Logger LOG = LoggerFactory.getLogger(MaintenanceLoop.class);

  /** Idempotency keys are kept at least this long (SPEC 3.2). */
  static final Duration IDEMPOTENCY_RETENTION = Duration.ofHours(24);

  private final Vertx vertx;
  private final Pool pool;
  private final Clock clock;
  private final Sweep timeouts;
  private final Sweep orphans;
  private final Consumer<Transition> announce;
  private final IdempotencyStore idempotency = new IdempotencyStore();
  // the round running, or the last one: rounds never overlap
  private Future<Void> current = Future.succeededFuture();
  private Instant lastKeyPurge = Instant.EPOCH;
  private long timer = -1;

  public MaintenanceLoop(
      Vertx vertx,
      Pool pool,
      Clock clock,
      Sweep timeouts,
      Sweep orphans,
      Consumer<Transition> announce) {
    this.vertx = vertx;
    this.pool = pool;
    this.clock = clock;
    this.timeouts = timeouts;
    this.orphans = orphans;
    this.announce = announce;
  }

  public void start(Duration interval) {
    timer = vertx.setPeriodic(interval.toMillis(), id -> tick());
  }

  public void stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** The periodic round: skipped while the previous one still runs. */
  private synchronized void tick() {
    if (current.isComplete()) {
      current = round();
    }
  }

  /**
   * One round of every sweep, after the round running now if one is; completes when it is over,
   * failed steps logged.
   */
  public synchronized Future<Void> runOnce() {
    current = current.transform(previous -> round());
    return current;
  }

  private Future<Void> round() {
    Instant now = clock.instant();
    return step("timeout sweep", () -> timeouts.sweep(now).onSuccess(announce::accept))
        .compose(v -> step("orphan sweep", () -> orphans.sweep(now).onSuccess(announce::accept)))
        .compose(v -> step("idempotency key purge", () -> purgeKeys(now)));
  }

  /** One step of the round; a failure is logged, and the round goes on. */
  private static Future<Void> step(String name, Supplier<Future<?>> work) {
    Future<?> done;
    try {
      done = work.get();
    } catch (Throwable e) { // whatever a sweep throws, the round ends and the next one runs
      done = Future.failedFuture(e);
    }
    return done.<Void>mapEmpty()
        .recover(
            e -> {
              LOG.warn("Maintenance round: the {} failed: {}", name, e.toString());
              return Future.succeededFuture();
            });
  }

  private Future<Void> purgeKeys(Instant now) {
    if (now.isBefore(lastKeyPurge.plus(Duration.ofHours(1)))) {
      return Future.succeededFuture();
    }
    lastKeyPurge = now;
    return idempotency.purge(pool, now.minus(IDEMPOTENCY_RETENTION)).mapEmpty();
  }
}
