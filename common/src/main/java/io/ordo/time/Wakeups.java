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
   * checks the time again. A time further ahead than a long can count in milliseconds (an
   * execution's Wait may name 9999-12-31) answers {@link Long#MAX_VALUE}.
   */
  public static long millisUntil(Clock clock, Instant at) {
    Duration until = Duration.between(clock.instant(), at);
    if (until.isNegative()) {
      return 1;
    }
    if (until.getSeconds() >= Long.MAX_VALUE / 1_000 - 1) {
      return Long.MAX_VALUE;
    }
    // whole milliseconds rounded up, from seconds and nanos apart: a duration's nanos overflow a
    // long past about 292 years
    long millis = until.getSeconds() * 1_000 + (until.getNano() + 999_999) / 1_000_000;
    return Math.max(1, millis);
  }
}
