package io.ordo.queue.registration;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.Caller;
import io.ordo.model.Delay;
import io.ordo.model.QueueKind;
import io.ordo.model.TimeoutType;
import io.ordo.model.Timeouts;
import io.ordo.parameter.ParameterLimits;
import io.ordo.queue.store.ContextRow;
import io.ordo.tasktype.TaskTypeInfo;
import io.ordo.time.RequestTimes;
import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.IllformedLocaleException;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns a registration request body (already checked against the OpenAPI schema) into a {@link
 * Registration}, with the checks a schema cannot make: exactly one of {@code taskClassName} and
 * {@code jsPath}, parameter size and depth, timeout values, time zone and locale, idempotency key.
 */
final class RegistrationRequests {
  private final ParameterLimits parameterLimits;
  private final int maxIdLength;

  RegistrationRequests(ParameterLimits parameterLimits, int maxIdLength) {
    this.parameterLimits = parameterLimits;
    this.maxIdLength = maxIdLength;
  }

  /**
   * The task class a body names, or null if it names a script ({@code jsPath}); refuses bodies
   * naming none or both.
   */
  String taskName(JsonObject body) {
    String className = body.getString("taskClassName");
    String jsPath = body.getString("jsPath");
    if ((className == null) == (jsPath == null)) {
      throw invalid("give exactly one of taskClassName and jsPath");
    }
    return className;
  }

  Registration parse(
      Caller caller,
      QueueKind kind,
      String queueId,
      JsonObject body,
      RequestMeta meta,
      TaskTypeInfo type) {
    JsonObject parameter = body.getJsonObject("parameter");
    parameterLimits.check("parameter", parameter);
    Timeouts timeouts = Timeouts.fromJson(body.getJsonObject("timeouts"), type.defaultTimeouts());
    Delay delay = Delay.fromJson(body, meta.arrival());
    checkRunnable(timeouts, delay, meta.arrival());
    String key = idempotencyKey(body, meta);
    return new Registration(
        caller.tenant(),
        kind,
        queueId,
        type.taskClassName(),
        type.taskClassName() == null ? body.getString("jsPath") : null,
        parameter,
        kind == QueueKind.SERIAL && body.getBoolean("stopProgressOnError", false),
        timeouts,
        sentTime(body, meta),
        context(caller, body.getJsonObject("context"), meta),
        key,
        null,
        delay,
        RetryPolicies.effective(body.getJsonObject("retry"), type),
        null);
  }

  /**
   * Refuses a message whose {@code scheduleToClose} (counted from its reception) ends before its
   * delay does: it would time out without ever running.
   */
  private static void checkRunnable(Timeouts timeouts, Delay delay, Instant receivedAt) {
    Instant notBefore = delay == null ? null : delay.notBefore(receivedAt);
    if (notBefore == null) {
      return; // the registration path's usual case: nothing to compare
    }
    Optional<Duration> toClose = timeouts.get(TimeoutType.SCHEDULE_TO_CLOSE);
    if (toClose.isPresent() && !receivedAt.plus(toClose.get()).isAfter(notBefore)) {
      throw invalid(
          "timeouts.scheduleToClose ("
              + toClose.get().toSeconds()
              + " s from its reception) ends before the message may run ("
              + notBefore
              + "): it would time out without running; give a longer scheduleToClose or a"
              + " shorter delay");
    }
  }

  private String idempotencyKey(JsonObject body, RequestMeta meta) {
    String fromBody = body.getString("idempotencyKey");
    String fromHeader = meta.idempotencyKey();
    if (fromBody != null && fromHeader != null && !fromBody.equals(fromHeader)) {
      throw invalid("the Idempotency-Key header and idempotencyKey differ; give one");
    }
    String key = fromBody != null ? fromBody : fromHeader;
    // counted in characters, as the key's column is (a character past U+FFFF is two chars in Java)
    if (key != null && (key.isEmpty() || key.codePointCount(0, key.length()) > maxIdLength)) {
      throw invalid("idempotencyKey must be 1 to " + maxIdLength + " characters");
    }
    return key;
  }

  /**
   * The body's {@code sentTime}, in the range of every time a request names and kept to the
   * microsecond as it is stored, so that it reads the same live and in history; the arrival if
   * none.
   */
  private static Instant sentTime(JsonObject body, RequestMeta meta) {
    String text = body.getString("sentTime");
    if (text == null) {
      return meta.arrival();
    }
    Instant sent;
    try {
      sent = Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw invalid(
          "sentTime must be an ISO-8601 UTC time such as 2026-01-31T12:00:00Z, got " + text);
    }
    if (!RequestTimes.inRange(sent)) {
      throw invalid("sentTime must be a time " + RequestTimes.range() + ", got " + text);
    }
    return RequestTimes.asStored(sent);
  }

  private static ContextRow context(Caller caller, JsonObject context, RequestMeta meta) {
    JsonObject given = context == null ? new JsonObject() : context;
    String locale =
        given.containsKey("locale")
            ? givenLocale(given.getString("locale"))
            : preferredLanguage(meta.acceptLanguage());
    String timeZone = given.getString("timeZone");
    if (timeZone != null) {
      try {
        timeZone = ZoneId.of(timeZone).getId();
      } catch (DateTimeException e) {
        throw invalid("context.timeZone is not a time zone id (e.g. Europe/Berlin): " + timeZone);
      }
    }
    // W3C: a traceparent that is not valid is ignored, not an error
    String traceId = Traceparent.traceId(meta.traceparent());
    String traceparent = traceId == null ? null : meta.traceparent();
    return new ContextRow(
        caller.principal(),
        locale,
        timeZone,
        traceId,
        traceparent,
        given.getJsonObject("attributes", new JsonObject()),
        caller.role().name().toLowerCase(java.util.Locale.ROOT));
  }

  /** The body's {@code context.locale}, normalised; a tag that is not BCP 47 is refused. */
  private static String givenLocale(String tag) {
    if (tag == null) {
      return null;
    }
    try {
      return normalised(tag);
    } catch (IllformedLocaleException e) {
      throw invalid("context.locale is not a BCP 47 language tag: " + tag);
    }
  }

  /** A BCP 47 language tag in its canonical form ({@code en-us} is {@code en-US}). */
  private static String normalised(String tag) {
    return new Locale.Builder().setLanguageTag(tag).build().toLanguageTag();
  }

  /**
   * The language the client prefers most ({@code Accept-Language}, RFC 9110: the highest weight,
   * the first of equal ones), other than a wildcard, normalised; null when the header names none or
   * cannot be read: a header we cannot read is no reason to refuse the message.
   */
  private static String preferredLanguage(String acceptLanguage) {
    if (acceptLanguage == null || acceptLanguage.isBlank()) {
      return null;
    }
    try {
      for (Locale.LanguageRange range : Locale.LanguageRange.parse(acceptLanguage)) {
        if (range.getWeight() > 0 && !range.getRange().contains("*")) {
          return normalised(range.getRange());
        }
      }
      return null;
    } catch (IllegalArgumentException | IllformedLocaleException e) {
      return null;
    }
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
