package io.ordo.queue.schedule;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks for due schedules every {@link #TICK} on every queue service; each due schedule is fired by
 * whichever instance locks it first (the others skip the locked row).
 */
public final class ScheduleLoop {
  private static final Logger LOG = LoggerFactory.getLogger(ScheduleLoop.class);

  /** How often due schedules are looked for: a slot fires at most this late. */
  static final Duration TICK = Duration.ofSeconds(1);

  /** Schedules one round looks at at most (the rest wait for the next round). */
  static final int MAX_PER_ROUND = 100;

  private final Vertx vertx;
  private final Clock clock;
  private final ScheduleFiring firing;
  private boolean running;
  private long timer = -1;

  ScheduleLoop(Vertx vertx, Clock clock, ScheduleFiring firing) {
    this.vertx = vertx;
    this.clock = clock;
    this.firing = firing;
  }

  public void start() {
    timer = vertx.setPeriodic(TICK.toMillis(), id -> runOnce());
  }

  public void stop() {
    if (timer >= 0) {
      vertx.cancelTimer(timer);
    }
  }

  /** One round: fires what is due now (skipped if the previous round still runs). */
  public Future<Void> runOnce() {
    if (running) {
      return Future.succeededFuture();
    }
    running = true;
    return firing
        .fireDue(clock.instant(), MAX_PER_ROUND)
        .onFailure(e -> LOG.warn("Schedule round failed: {}", e.toString()))
        .eventually(
            () -> {
              running = false;
              return Future.succeededFuture();
            })
        .mapEmpty();
  }
}
