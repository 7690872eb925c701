package io.ordo.time;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The one reading of an instant a request gives (a registration's {@code sentTime} and {@code
 * notBefore}, a list's {@code since} and {@code until}): the range the API accepts, and the
 * precision it keeps.
 */
public final class RequestTimes {
  /**
   * The earliest instant the API accepts: PostgreSQL stores earlier ones, but the lists' own bounds
   * ({@code 0001-01-01}) need a day of room below any time a request names.
   */
  public static final Instant EARLIEST = Instant.parse("0001-01-02T00:00:00Z");

  /**
   * The latest instant the API accepts, a day of room below the lists' end ({@code 9999-12-31}).
   */
  public static final Instant LATEST = Instant.parse("9999-12-30T00:00:00Z");

  private RequestTimes() {}

  /** Whether the API accepts {@code time}: from {@link #EARLIEST} to {@link #LATEST}, both in. */
  public static boolean inRange(Instant time) {
    return !time.isBefore(EARLIEST) && !time.isAfter(LATEST);
  }

  /** The range {@link #inRange} accepts, in words for a refusal. */
  public static String range() {
    return "from " + EARLIEST + " to " + LATEST;
  }

  /**
   * {@code time} as PostgreSQL keeps it: whole microseconds, the finer digits dropped (towards the
   * past). A time kept this way from the start reads the same in the registration's answer, the
   * live task and its history; stored as given, the pg client rounded it (towards 2000-01-01), so
   * {@code 9999-12-31T23:59:59.999999999Z} read back as {@code …59.999999Z} while the task lived
   * and as given once it ended.
   */
  public static Instant asStored(Instant time) {
    return time.truncatedTo(ChronoUnit.MICROS);
  }
}
