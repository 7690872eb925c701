package io.ordo.queue.lifecycle;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.ordo.bus.Addresses;
import io.ordo.time.Wakeups;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells runners that messages may have become runnable: at once (registration into an active queue,
 * activation, a task ending), or when a time comes (a delay, a retry's back-off). Runners claim on
 * it; their poll is only the safety net.
 *
 * <p>The times to come are kept in memory, one timer armed for the earliest: a node that restarts
 * forgets them, and the runners' poll (one round-interval) starts those messages instead.
 *
 * <p>Each announcement is counted by its reason ({@code ordo_work_announcements_total}): with the
 * runners' claims, it tells an operator whether a message that did not start was announced.
 */
public final class WorkNotifier {
  /** Times further apart than this are one wake-up: a claim takes every message that is due. */
  private static final Duration GRANULARITY = Duration.ofMillis(100);

  /** How many times to come are remembered; past it the poll starts the later ones. */
  private static final int MAX_PENDING = 10_000;

  private final Vertx vertx;
  private final Clock clock;
  private final MeterRegistry meters;
  private final Map<String, Counter> announcements = new ConcurrentHashMap<>();
  private final TreeSet<Instant> pending = new TreeSet<>();
  private long timerId = -1;
  private Instant armedFor;

  public WorkNotifier(Vertx vertx, Clock clock, MeterRegistry meters) {
    this.vertx = vertx;
    this.clock = clock;
    this.meters = meters;
  }

  public void workAvailable(String reason) {
    announcements
        .computeIfAbsent(
            reason,
            r ->
                Counter.builder("ordo.work.announcements")
                    .description(
                        "Announcements to the runners that work may be runnable, by reason")
                    .tag("reason", r)
                    .register(meters))
        .increment();
    vertx.eventBus().publish(Addresses.WORK_AVAILABLE, new JsonObject().put("reason", reason));
  }

  /**
   * Work becomes runnable at {@code time} (a message's not-before time, after its commit):
   * announced at once if that has come, else at the first step {@link Wakeups#LAG_MARGIN} after it
   * (the claim it brings may be answered by another node's queue service).
   */
  public synchronized void workDueAt(Instant time) {
    if (!time.isAfter(clock.instant())) {
      workAvailable("due");
      return;
    }
    Instant due = roundUp(time.plus(Wakeups.LAG_MARGIN));
    if (pending.size() >= MAX_PENDING && due.isAfter(pending.last())) {
      return;
    }
    pending.add(due);
    if (pending.size() > MAX_PENDING) {
      pending.pollLast();
    }
    arm();
  }

  private synchronized void fire() {
    timerId = -1;
    armedFor = null;
    Instant now = clock.instant();
    boolean due = false;
    while (!pending.isEmpty() && !pending.first().isAfter(now)) {
      pending.pollFirst();
      due = true;
    }
    if (due) {
      workAvailable("due");
    }
    arm();
  }

  /** Arms the one timer for the earliest time to come, unless it is armed for it already. */
  private void arm() {
    if (pending.isEmpty() || pending.first().equals(armedFor)) {
      return;
    }
    if (timerId >= 0) {
      vertx.cancelTimer(timerId);
    }
    armedFor = pending.first();
    timerId = vertx.setTimer(Wakeups.millisUntil(clock, armedFor), id -> fire());
  }

  /**
   * The first step at or after {@code time}: never before it, or the claim the announcement brings
   * would find the message not due yet, and nothing would announce it again before the poll (the
   * millisecond's fraction counts: a time 500 µs into a step's first millisecond is not that step).
   */
  private static Instant roundUp(Instant time) {
    long step = GRANULARITY.toNanos(); // a step divides a second
    long steps = (time.getNano() + step - 1) / step;
    return Instant.ofEpochSecond(time.getEpochSecond()).plusNanos(steps * step);
  }
}
