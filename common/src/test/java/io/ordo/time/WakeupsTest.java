package io.ordo.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * How long a timer runs to reach a time: rounded up, at least one millisecond, never overflowing.
 */
class WakeupsTest {
  private static final Instant NOW = Instant.parse("2026-12-02T01:00:00Z");

  private final SettableClock clock = new SettableClock(NOW);

  @Test
  void aTimeAhead_isReachedInWholeMillisecondsRoundedUp() {
    assertEquals(1_500, Wakeups.millisUntil(clock, NOW.plusMillis(1_500)));
    assertEquals(2, Wakeups.millisUntil(clock, NOW.plusNanos(1_000_001)));
    assertEquals(1_001, Wakeups.millisUntil(clock, NOW.plusSeconds(1).plusNanos(1)));
  }

  @Test
  void aTimeNowOrPast_isOneMillisecondAway() {
    assertEquals(1, Wakeups.millisUntil(clock, NOW));
    assertEquals(1, Wakeups.millisUntil(clock, NOW.minus(Duration.ofMillis(1_500))));
    assertEquals(1, Wakeups.millisUntil(clock, Instant.MIN));
  }

  @Test
  void aTimeCenturiesAhead_isCountedWithoutOverflow() {
    // 300 years is past a long's nanoseconds (about 292 years), well within its milliseconds
    Instant year2400 = Instant.parse("2400-01-01T00:00:00Z");
    assertEquals(Duration.between(NOW, year2400).toMillis(), Wakeups.millisUntil(clock, year2400));
    Instant year9999 = Instant.parse("9999-12-31T23:59:59Z");
    assertEquals(Duration.between(NOW, year9999).toMillis(), Wakeups.millisUntil(clock, year9999));
    assertEquals(Long.MAX_VALUE, Wakeups.millisUntil(clock, Instant.MAX));
  }
}
