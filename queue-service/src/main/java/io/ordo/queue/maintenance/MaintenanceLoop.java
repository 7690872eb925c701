package io.ordo.queue.maintenance;

import io.ordo.queue.dispatch.Dispatcher;
import io.ordo.queue.store.IdempotencyStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the queue service's sweeps every {@code round-interval}: timeouts, crash recovery and, once
 * an hour, forgetting idempotency keys older than a day. Every queue-service instance runs it; rows
 * one instance works on are skipped by the others.
 */
public final class MaintenanceLoop {
  private static final Logger LOG = LoggerFactory.getLogger(MaintenanceLoop.class);

  /** Idempotency keys are kept at least this long (SPEC 3.2). */
  static final Duration IDEMPOTENCY_RETENTION = Duration.ofHours(24);

  private final Vertx vertx;
  private final Pool pool;
  private final Clock clock;
  private final TimeoutSweep timeouts;
  private final OrphanSweep orphans;
  private final Dispatcher dispatcher;
  private final IdempotencyStore idempotency = new IdempotencyStore();
  private boolean running;
  private Instant lastKeyPurge = Instant.EPOCH;
  private long timer = -1;

  public MaintenanceLoop(
      Vertx vertx,
      Pool pool,
      Clock clock,
      TimeoutSweep timeouts,
      OrphanSweep orphans,
      Dispatcher dispatcher) {
    this.vertx = vertx;
    this.pool = pool;
    this.clock = clock;
    this.timeouts = timeouts;
    this.orphans = orphans;
    this.dispatcher = dispatcher;
  }

  public void start(Duration interval) {
    timer = vertx.setPeriodic(interval.toMillis(), id -> runOnce());
  }

  public void stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** One round of every sweep (skipped if the previous round still runs). */
  public Future<Void> runOnce() {
    if (running) {
      return Future.succeededFuture();
    }
    running = true;
    Instant now = clock.instant();
    return timeouts
        .sweep(now)
        .onSuccess(dispatcher::announce)
        .compose(v -> orphans.sweep(now))
        .onSuccess(dispatcher::announce)
        .compose(v -> purgeKeys(now))
        .onFailure(e -> LOG.warn("Maintenance round failed: {}", e.toString()))
        .eventually(
            () -> {
              running = false;
              return Future.succeededFuture();
            })
        .mapEmpty();
  }

  private Future<Void> purgeKeys(Instant now) {
    if (now.isBefore(lastKeyPurge.plus(Duration.ofHours(1)))) {
      return Future.succeededFuture();
    }
    lastKeyPurge = now;
    return idempotency.purge(pool, now.minus(IDEMPOTENCY_RETENTION)).mapEmpty();
  }
}
