package io.ordo.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Timers that wake work at a time on a node's clock (a delayed message due, an execution's timer):
 * how long such a timer runs, and how long after the time it fires.
 */
public final class Wakeups {
  /**
   * How long after a time it is announced to other nodes: their clocks, kept in step with
   * PostgreSQL's like this one ({@link DatabaseClock}), may lag it by their measurements' errors
   * (half a round trip), and a node that acts on a time before its own clock reaches it finds
   * nothing due.
   */
  public static final Duration LAG_MARGIN = Duration.ofMillis(10);

  private Wakeups() {}

  /**
   * How many milliseconds a timer must run for {@code clock} to reach {@code at}: rounded up, at
   * least one. The timer runs on another clock (the JVM's monotonic one), so whoever it wakes
   * checks the time again.
   */
  public static long millisUntil(Clock clock, Instant at) {
    long nanos = Duration.between(clock.instant(), at).toNanos();
    return Math.max(1, (nanos + 999_999) / 1_000_000);
  }
}
