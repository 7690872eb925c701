package io.ordo.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The database clock's two rules: good measurements only, and no small steps back. */
class DatabaseClockTest {
  private static final Instant START = Instant.parse("2026-11-30T09:00:00Z");

  private final SettableClock local = new SettableClock(START);
  private final DatabaseClock clock = new DatabaseClock(local);

  @Test
  void firstMeasurement_isTakenWhateverItsRoundTrip() {
    assertEquals(millis(40), clock.adopt(millis(30), millis(40)));
    assertEquals(START.plus(millis(40)), clock.instant());
  }

  @Test
  void measurementWithALongerRoundTrip_isDropped_whileTheOneInUseIsFresh() {
    clock.adopt(micros(200), millis(5));
    local.advance(Duration.ofSeconds(1));

    // a busy moment: 10 ms round trip, its offset 3 ms off the good one
    assertEquals(millis(5), clock.adopt(millis(10), millis(8)));
    assertEquals(START.plusSeconds(1).plus(millis(5)), clock.instant());
  }

  @Test
  void measurementAsGoodAsTheOneInUse_replacesIt() {
    clock.adopt(micros(200), millis(5));
    local.advance(Duration.ofSeconds(1));

    assertEquals(millis(-2), clock.adopt(micros(200), millis(-2)));
  }

  @Test
  void measurementWithALongerRoundTrip_isTaken_onceTheDriftSinceTheOneInUseCouldBeAsLarge() {
    clock.adopt(micros(200), millis(5));
    // a 10 ms round trip is 5 ms of error; 0.1 ms in use plus 30 ppm of drift reaches that
    // after about 163 s
    local.advance(Duration.ofSeconds(150));
    assertEquals(millis(5), clock.adopt(millis(10), millis(8)));
    local.advance(Duration.ofSeconds(20));
    assertEquals(millis(8), clock.adopt(millis(10), millis(8)));
  }

  @Test
  void correctionBack_holdsTheClock_untilItsOwnTimeCatchesUp() {
    clock.adopt(micros(200), millis(5));
    Instant before = clock.instant();

    clock.adopt(micros(100), millis(2));
    assertEquals(before, clock.instant());
    local.advance(millis(2));
    assertEquals(before, clock.instant());
    local.advance(millis(2));
    assertEquals(before.plus(millis(1)), clock.instant());
  }

  @Test
  void correctionBack_byAStep_isTaken() {
    clock.adopt(micros(200), Duration.ofHours(1));
    clock.instant();

    clock.adopt(micros(100), Duration.ZERO);
    assertEquals(START, clock.instant());
  }

  private static Duration millis(long millis) {
    return Duration.ofMillis(millis);
  }

  private static Duration micros(long micros) {
    return Duration.ofNanos(micros * 1_000);
  }
}
