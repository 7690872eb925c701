package io.ordo.db;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Converts between {@link Instant} and the {@code timestamptz} values the pg client uses. */
public final class SqlTimes {
  private SqlTimes() {}

  public static OffsetDateTime utc(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }

  public static Instant instant(OffsetDateTime time) {
    return time == null ? null : time.toInstant();
  }
}
