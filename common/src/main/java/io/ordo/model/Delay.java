package io.ordo.model;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.time.RequestTimes;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * When a message may run first: at a given instant ({@code notBefore}) or a number of seconds after
 * it is received ({@code delaySeconds}, at most one year). A message is not selected before that
 * time; in a serial queue it holds the messages behind it.
 *
 * @param at the instant given, or null
 * @param after the delay given, or null (never both)
 */
public record Delay(Instant at, Duration after) {
  public static final long MAX_SECONDS = Timeouts.MAX_SECONDS;

  /** The message's not-before time, given the time it was received (null: none). */
  public Instant notBefore(Instant receivedAt) {
    if (at != null) {
      return at;
    }
    return after == null || after.isZero() ? null : receivedAt.plus(after);
  }

  /**
   * Reads {@code delaySeconds} or {@code notBefore} from a request body (null when it has neither).
   * A {@code notBefore} in the past means no delay; one more than a year after {@code now} is
   * refused, like a longer {@code delaySeconds}.
   *
   * @throws TaskControlException {@code invalid_request} when both are given or one is malformed
   */
  public static Delay fromJson(JsonObject body, Instant now) {
    Object seconds = body.getValue("delaySeconds");
    Object at = body.getValue("notBefore");
    if (seconds != null && at != null) {
      throw invalid("give at most one of delaySeconds and notBefore");
    }
    if (seconds != null) {
      if (!(seconds instanceof Number n)
          || n.doubleValue() != Math.rint(n.doubleValue())
          || n.doubleValue() < 0
          || n.doubleValue() > MAX_SECONDS) {
        throw invalid("delaySeconds must be a whole number from 0 to " + MAX_SECONDS);
      }
      return new Delay(null, Duration.ofSeconds(n.longValue()));
    }
    if (at != null) {
      Instant instant;
      try {
        instant = Instant.parse(String.valueOf(at));
      } catch (DateTimeParseException e) {
        throw invalid(
            "notBefore must be an ISO-8601 UTC instant such as 2026-01-31T12:00:00Z, got " + at);
      }
      if (instant.isAfter(now.plusSeconds(MAX_SECONDS))) {
        throw invalid("notBefore may be at most one year (" + MAX_SECONDS + " s) ahead");
      }
      // kept to the microsecond, as stored: the registration's answer, the task and its history
      // then show one notBefore
      return new Delay(RequestTimes.asStored(instant), null);
    }
    return null;
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
