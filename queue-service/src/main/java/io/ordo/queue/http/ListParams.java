package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.time.RequestTimes;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/** Reads the query parameters of the list routes, refusing bad values with a 400 problem. */
final class ListParams {
  private ListParams() {}

  /**
   * The values of an enum-valued filter, given repeated ({@code status=A&status=B}) or
   * comma-separated ({@code status=A,B}); empty if absent.
   */
  static <E extends Enum<E>> Set<E> enums(RoutingContext rc, String name, Class<E> type) {
    Set<E> values = new LinkedHashSet<>();
    for (String given : rc.queryParams().getAll(name)) {
      for (String part : given.split(",", -1)) {
        String value = part.trim().toUpperCase(Locale.ROOT);
        try {
          values.add(Enum.valueOf(type, value));
        } catch (IllegalArgumentException e) {
          throw invalid(
              "query parameter "
                  + name
                  + " must be one of "
                  + Arrays.toString(type.getEnumConstants())
                  + ", got '"
                  + clip(part)
                  + "'");
        }
      }
    }
    return values;
  }

  /** An ISO-8601 time such as 2026-01-31T12:00:00Z; null if absent. */
  static Instant time(RoutingContext rc, String name) {
    String value = rc.queryParams().get(name);
    if (value == null) {
      return null;
    }
    try {
      Instant time = Instant.parse(value.trim());
      if (!RequestTimes.inRange(time)) {
        // the bounds themselves: "the years 1 to 9999" refused 0001-01-01 and 9999-12-31
        throw invalid("query parameter " + name + " must be a time " + RequestTimes.range());
      }
      return time;
    } catch (DateTimeParseException e) {
      throw invalid(
          "query parameter "
              + name
              + " must be an ISO-8601 UTC time such as 2026-01-31T12:00:00Z, got '"
              + clip(value)
              + "'");
    }
  }

  /** A UUID; null if absent. */
  static UUID uuid(RoutingContext rc, String name) {
    String value = rc.queryParams().get(name);
    if (value == null) {
      return null;
    }
    try {
      return UUID.fromString(value.trim());
    } catch (IllegalArgumentException e) {
      throw invalid("query parameter " + name + " must be a UUID, got '" + clip(value) + "'");
    }
  }

  /** Refuses a window that ends before it starts. */
  static void window(Instant since, Instant until) {
    if (since != null && until != null && !since.isBefore(until)) {
      throw invalid("since must be before until");
    }
  }

  private static String clip(String value) {
    return value.length() <= 64 ? value : value.substring(0, 64) + "…";
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
