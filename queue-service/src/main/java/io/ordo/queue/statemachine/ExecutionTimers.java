package io.ordo.queue.statemachine;

import io.ordo.bus.Addresses;
import io.ordo.queue.store.ExecutionKey;
import io.ordo.time.Wakeups;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Wakes an execution at its next timer (a Wait's end, a Retry's interval, its timeout, the next try
 * at stopping its tasks) when that comes before the decider's next polls: a timer on this instance
 * sends the execution's {@link Addresses#EXECUTION_PENDING} hint at that time, so that a Wait of
 * one second ends after a second, not at the next round. Times further out than the horizon (two
 * round intervals) are left to the poll, which arms the timers of those that came near ({@link
 * ExecutionDecider}); so does a crash of this instance. One timer per execution, the latest time
 * asked for; at most {@link #MAX_ARMED} at once (beyond, the poll wakes them). Thread-safe.
 */
final class ExecutionTimers {
  static final int MAX_ARMED = 10_000;

  private final Vertx vertx;
  private final Clock clock;
  private final Map<ExecutionKey, Armed> armed = new HashMap<>();
  private Duration horizon = Duration.ZERO;

  ExecutionTimers(Vertx vertx, Clock clock) {
    this.vertx = vertx;
    this.clock = clock;
  }

  /** Timers are armed for times up to {@code horizon} ahead (none before the decider starts). */
  synchronized void horizon(Duration horizon) {
    this.horizon = horizon;
  }

  /** How far ahead timers are armed. */
  synchronized Duration horizon() {
    return horizon;
  }

  /**
   * The execution's next timer is at {@code at} (null: none). Wakes it at once if that has passed,
   * else {@link Wakeups#LAG_MARGIN} after it if that is within the horizon: the hint may be taken
   * by another node's decider, whose clock may lag this one's.
   */
  synchronized void wakeAt(ExecutionKey key, Instant at) {
    Armed previous = armed.remove(key);
    if (previous != null) {
      vertx.cancelTimer(previous.timerId());
    }
    if (at == null) {
      return;
    }
    if (!at.isAfter(clock.instant())) {
      wake(key);
      return;
    }
    arm(key, at);
  }

  private void arm(ExecutionKey key, Instant at) {
    long delayMillis = Wakeups.millisUntil(clock, at.plus(Wakeups.LAG_MARGIN));
    if (delayMillis > horizon.toMillis() || armed.size() >= MAX_ARMED) {
      return;
    }
    armed.put(key, new Armed(vertx.setTimer(delayMillis, id -> fired(key, id)), at));
  }

  /**
   * A timer fired: wakes its execution, unless it was re-armed meanwhile, or this clock has not
   * come to the time yet (held back by a correction of its offset while the timer ran): then it
   * waits for the rest.
   */
  private void fired(ExecutionKey key, long id) {
    synchronized (this) {
      Armed fired = armed.get(key);
      if (fired == null || fired.timerId() != id) {
        return; // re-armed meanwhile
      }
      armed.remove(key);
      if (fired.at().isAfter(clock.instant())) {
        arm(key, fired.at());
        return;
      }
    }
    wake(key);
  }

  private void wake(ExecutionKey key) {
    vertx
        .eventBus()
        .send(
            Addresses.EXECUTION_PENDING,
            new JsonObject().put("tenant", key.tenant()).put("executionId", key.executionId()));
  }

  /** A timer armed for an execution's time. */
  private record Armed(long timerId, Instant at) {}
}
