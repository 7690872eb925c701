package io.ordo.statemachine.language;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads timestamps the way Step Functions accepts them: RFC 3339 with an upper-case {@code T},
 * seconds, an optional fraction, and {@code Z} or a numeric offset, e.g. {@code
 * 2016-03-14T01:59:00Z}.
 */
final class Timestamps {

  // java.time alone would also accept a missing seconds field or a lower-case 't'.
  private static final Pattern RFC_3339 =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})");

  private Timestamps() {}

  /** The instant a JSON value denotes, or empty if it is not such a timestamp string. */
  static Optional<Instant> parse(Object value) {
    if (!(value instanceof String text) || !RFC_3339.matcher(text).matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(OffsetDateTime.parse(text).toInstant());
    } catch (DateTimeParseException invalid) {
      return Optional.empty();
    }
  }
}
