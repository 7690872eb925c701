package io.ordo.queue.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The next-fire calculation, on given instants: no clock, no waiting. */
class FireTimesTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  private static List<Instant> instants(String... texts) {
    return java.util.Arrays.stream(texts).map(Instant::parse).toList();
  }

  @Test
  void aCronThatMatchesNoDate_isRefused_butALeapDayIsADate() {
    for (String never : List.of("0 0 30 2 *", "0 0 31 4 *", "0 0 0 31 2 ?")) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> CronFireTimes.parse(never, BERLIN));
      assertTrue(refused.getMessage().contains("matches no date"), refused.getMessage());
    }
    assertEquals(
        instants("2028-02-28T23:00:00Z"),
        CronFireTimes.parse("0 0 29 2 *", BERLIN).next(Instant.parse("2026-12-01T00:00:00Z"), 1));
  }

  @Test
  void aStoredCron_isReadAsItWasAccepted_notJudgedAgain() {
    // stored before a cron of no date was refused: it reads, and never fires
    FireTimes never = CronFireTimes.stored("0 0 30 2 *", BERLIN);
    assertEquals(Optional.empty(), never.after(Instant.parse("2026-01-01T00:00:00Z")));
    assertEquals(Optional.empty(), never.atOrBefore(Instant.parse("2026-01-01T00:00:00Z")));
    // stored before ranges had to ascend and digits be ASCII: read as they were
    assertEquals(
        instants("2026-01-09T00:00:00Z", "2026-01-10T00:00:00Z", "2026-01-11T00:00:00Z"),
        CronFireTimes.stored("0 0 0 * * 5-0", ZoneId.of("UTC"))
            .next(Instant.parse("2026-01-05T12:00:00Z"), 3));
    assertEquals(
        Optional.of(Instant.parse("2026-01-01T00:05:00Z")),
        CronFireTimes.stored("\u0665 * * * *", ZoneId.of("UTC"))
            .after(Instant.parse("2026-01-01T00:00:00Z")));
  }

  @Test
  void questionMarksInBothDayFields_areRefusedAsSuch_notAsADateThatNeverComes() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class, () -> CronFireTimes.parse("0 0 0 ? * ?", BERLIN));
    assertTrue(refused.getMessage().contains("here both are ?"), refused.getMessage());
  }

  @Test
  void aCronThatDoesNotParse_isExplainedInOrdosWords_notCronUtils() {
    for (String bad : List.of("59-0 * * * *", ", * * * *", "? ? ? ? ?", "61 * * * *")) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> CronFireTimes.parse(bad, BERLIN));
      assertTrue(
          refused.getMessage().startsWith("its fields are minute 0-59"), refused.getMessage());
    }
  }

  /** The weekdays of the next fires of a cron in UTC after noon on Sunday 4 January 2026. */
  private static List<DayOfWeek> weekdays(String cron, int count) {
    return CronFireTimes.parse(cron, ZoneId.of("UTC"))
        .next(Instant.parse("2026-01-04T12:00:00Z"), count)
        .stream()
        .map(slot -> slot.atZone(ZoneId.of("UTC")).getDayOfWeek())
        .toList();
  }

  @Test
  void aWeekdayRangeFromSunday_startsAtZero_andOneToSunday_endsAtSeven() {
    List<DayOfWeek> everyDay = List.of(DayOfWeek.values());
    List<DayOfWeek> sundayAndMonday =
        List.of(DayOfWeek.MONDAY, DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.SUNDAY);
    for (String seconds : List.of("", "0 ")) {
      assertEquals(everyDay, weekdays(seconds + "0 0 * * SUN-SAT", 7), seconds);
      assertEquals(everyDay, weekdays(seconds + "0 0 * * MON-SUN", 7), seconds);
      assertEquals(everyDay, weekdays(seconds + "0 0 * * 0-6", 7), seconds);
      assertEquals(sundayAndMonday, weekdays(seconds + "0 0 * * SUN-MON", 4), seconds);
      assertEquals(sundayAndMonday, weekdays(seconds + "0 0 * * sun-mon", 4), seconds);
      assertEquals(sundayAndMonday, weekdays(seconds + "0 0 * * MON,SUN", 4), seconds);
      assertEquals(
          List.of(DayOfWeek.FRIDAY, DayOfWeek.SATURDAY, DayOfWeek.SUNDAY, DayOfWeek.FRIDAY),
          weekdays(seconds + "0 0 * * FRI-SUN", 4),
          seconds);
      assertEquals(
          List.of(DayOfWeek.SUNDAY, DayOfWeek.SUNDAY), weekdays(seconds + "0 0 * * SUN-SUN", 2));
      assertEquals(
          List.of(DayOfWeek.TUESDAY, DayOfWeek.THURSDAY, DayOfWeek.SATURDAY, DayOfWeek.SUNDAY),
          weekdays(seconds + "0 0 * * SUN-SAT/2", 4),
          seconds);
    }
  }

  @Test
  void aRangeThatDescends_isRefused_withFiveFieldsOrSix() {
    // Friday to Sunday is 5-7 or FRI-SUN; cron-utils' Spring definition let some of these wrap,
    // and 31-1 fired on the 31st only
    for (String descending :
        List.of(
            "0 0 * * 5-0",
            "0 0 * * 6-0",
            "0 0 * * SAT-MON",
            "0 0 0 * * 5-0",
            "0 0 0 * * 7-0",
            "0 0 0 * * FRI-MON",
            "0 0 0 * DEC-JAN *",
            "0 0 0 31-1 * *",
            "0 0 22-2 * * *")) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> CronFireTimes.parse(descending, BERLIN),
              descending);
      assertTrue(refused.getMessage().contains("a range a-b (a at most b"), refused.getMessage());
      assertTrue(refused.getMessage().contains("FRI-SUN"), refused.getMessage());
    }
  }

  @Test
  void dailyCron_inBerlin_doesNotFireInTheSkippedHour_andNeverTwice() {
    // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST; 02:30 does not exist that day
    FireTimes times = CronFireTimes.parse("30 2 * * *", BERLIN);
    assertEquals(
        instants("2026-03-28T01:30:00Z", "2026-03-30T00:30:00Z", "2026-03-31T00:30:00Z"),
        times.next(Instant.parse("2026-03-27T12:00:00Z"), 3));
  }

  @Test
  void dailyCron_inBerlin_firesOnceInTheRepeatedHour() {
    // 2026-10-25: clocks go from 03:00 CEST back to 02:00 CET; 02:30 happens twice
    FireTimes times = CronFireTimes.parse("30 2 * * *", BERLIN);
    assertEquals(
        instants("2026-10-24T00:30:00Z", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"),
        times.next(Instant.parse("2026-10-23T12:00:00Z"), 3));
  }

  @Test
  void hourlyCron_inBerlin_firesEachLocalHourOnce_acrossBothChanges() {
    FireTimes times = CronFireTimes.parse("0 * * * *", BERLIN);
    // spring: 01:00 CET, then 03:00 CEST (02:00 does not exist)
    assertEquals(
        instants("2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z"),
        times.next(Instant.parse("2026-03-28T23:30:00Z"), 3));
    // autumn: 02:00 CEST, then 03:00 CET (the second 02:00, CET, is dropped)
    assertEquals(
        instants("2026-10-25T00:00:00Z", "2026-10-25T02:00:00Z", "2026-10-25T03:00:00Z"),
        times.next(Instant.parse("2026-10-24T23:30:00Z"), 3));
  }

  @Test
  void atOrBefore_inTheRepeatedHour_answersTheFirstOccurrence() {
    FireTimes times = CronFireTimes.parse("30 2 * * *", BERLIN);
    // 02:45 CET (01:45Z) is after the second 02:30 (01:30Z), which does not fire
    assertEquals(
        Optional.of(Instant.parse("2026-10-25T00:30:00Z")),
        times.atOrBefore(Instant.parse("2026-10-25T01:45:00Z")));
  }

  @Test
  void sixFields_haveSecondsFirst() {
    FireTimes times = CronFireTimes.parse("*/10 * * * * *", ZoneId.of("UTC"));
    assertEquals(
        instants("2026-01-01T00:00:10Z", "2026-01-01T00:00:20Z"),
        times.next(Instant.parse("2026-01-01T00:00:00Z"), 2));
    assertEquals(
        Optional.of(Instant.parse("2026-01-01T00:00:10Z")),
        times.atOrBefore(Instant.parse("2026-01-01T00:00:10Z")));
  }

  @Test
  void sixFields_takeSpringsForms_withRangesThatAscend() {
    for (String spring :
        List.of(
            "0 0 * * * *",
            "0 0 8-10 * * *",
            "0 0/30 8-10 * * *",
            "0 0 9-17 * * MON-FRI",
            "0 0 0 25 12 ?",
            "0 0 0 ? * 1",
            "0 0 0 * * 1#2",
            "0 0 0 1-15 JAN-JUN 0-7")) {
      assertTrue(CronFireTimes.parse(spring, BERLIN).after(Instant.EPOCH).isPresent(), spring);
    }
  }

  @Test
  void slotsAreWholeSeconds_afterATimeWithAFraction() {
    FireTimes times = CronFireTimes.parse("* * * * * *", ZoneId.of("UTC"));
    assertEquals(
        List.of(Instant.parse("2026-01-01T00:00:01Z"), Instant.parse("2026-01-01T00:00:02Z")),
        times.next(Instant.parse("2026-01-01T00:00:00.013473Z"), 2));
    assertEquals(
        Optional.of(Instant.parse("2026-01-01T00:05:00Z")),
        CronFireTimes.parse("*/5 * * * *", ZoneId.of("UTC"))
            .after(Instant.parse("2026-01-01T00:00:00.5Z")));
  }

  @Test
  void badCron_isRefusedWithItsReason() {
    for (String tooLarge : List.of("*/9999999999 * * * *", "2147483648 * * * *")) {
      String reason =
          assertThrows(IllegalArgumentException.class, () -> CronFireTimes.parse(tooLarge, BERLIN))
              .getMessage();
      assertTrue(reason.contains("minute 0-59"), reason);
      assertFalse(reason.contains("input string") || reason.contains("Invalid chars"), reason);
    }
    assertThrows(IllegalArgumentException.class, () -> CronFireTimes.parse("* * *", BERLIN));
    assertThrows(
        IllegalArgumentException.class, () -> CronFireTimes.parse("* * * * * * *", BERLIN));
  }

  @Test
  void digitsOtherThanAscii_areRefused() {
    // Java reads ٥ (Arabic-Indic five) and ０ (fullwidth zero) as numbers; a cron reader does not
    for (String foreign : List.of("\u0665 * * * *", "\uff10 * * * *", "0 0 * * \u0661")) {
      String reason =
          assertThrows(IllegalArgumentException.class, () -> CronFireTimes.parse(foreign, BERLIN))
              .getMessage();
      assertTrue(reason.contains("not ASCII") && reason.contains("digits 0-9"), reason);
    }
    String reason =
        assertThrows(
                IllegalArgumentException.class, () -> CronFireTimes.parse("\u0665 * * * *", BERLIN))
            .getMessage();
    assertTrue(reason.contains("U+0665"), reason);
  }

  @Test
  void interval_isAlignedOnTheEpoch() {
    FireTimes times = new IntervalFireTimes(3600);
    assertEquals(
        instants("2026-01-01T11:00:00Z", "2026-01-01T12:00:00Z"),
        times.next(Instant.parse("2026-01-01T10:59:59.5Z"), 2));
    assertEquals(
        Optional.of(Instant.parse("2026-01-01T10:00:00Z")),
        times.atOrBefore(Instant.parse("2026-01-01T10:59:59Z")));
    assertEquals(
        Optional.of(Instant.parse("2026-01-01T11:00:00Z")),
        times.after(Instant.parse("2026-01-01T10:00:00Z")));
  }
}
