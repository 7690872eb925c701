package io.ordo.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RequestTimesTest {

  @Test
  void theRange_holdsItsBounds_andNothingPastThem() {
    assertTrue(RequestTimes.inRange(Instant.parse("0001-01-02T00:00:00Z")));
    assertTrue(RequestTimes.inRange(Instant.parse("9999-12-30T00:00:00Z")));
    assertTrue(RequestTimes.inRange(Instant.parse("2026-01-31T12:00:00Z")));
    assertFalse(RequestTimes.inRange(Instant.parse("0001-01-01T23:59:59.999999Z")));
    assertFalse(RequestTimes.inRange(Instant.parse("0000-12-31T23:59:59.9999999Z")));
    assertFalse(RequestTimes.inRange(Instant.parse("9999-12-30T00:00:00.000001Z")));
    assertFalse(RequestTimes.inRange(Instant.parse("+10000-01-01T00:00:00Z")));
  }

  @Test
  void theRangeInWords_namesBothBounds() {
    assertEquals("from 0001-01-02T00:00:00Z to 9999-12-30T00:00:00Z", RequestTimes.range());
  }

  @Test
  void asStored_dropsWhatIsFinerThanAMicrosecond_towardsThePast() {
    assertEquals(
        Instant.parse("9999-12-29T23:59:59.999999Z"),
        RequestTimes.asStored(Instant.parse("9999-12-29T23:59:59.999999999Z")));
    // before 1970 (and 2000) too: never up into the next second
    assertEquals(
        Instant.parse("0001-01-02T23:59:59.999999Z"),
        RequestTimes.asStored(Instant.parse("0001-01-02T23:59:59.9999999Z")));
    Instant micros = Instant.parse("2024-02-29T12:34:56.789012Z");
    assertEquals(micros, RequestTimes.asStored(micros));
  }
}
