package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.time.Instant;

/** What a Wait state waits for: one of {@code Seconds}, {@code Timestamp} or their paths. */
public sealed interface WaitFor {

  /** The longest wait in seconds, as Step Functions bounds {@code Seconds} (about 3.2 years). */
  long MAX_SECONDS = 99_999_999L;

  /**
   * When the wait ends.
   *
   * @param effectiveInput the Wait state's input after InputPath, which the paths read
   * @param context the context object, for {@code $$} paths
   * @param enteredAt when the state was entered
   * @throws StatesException {@code States.Runtime} if a path matches nothing or no valid value
   */
  Instant until(Object effectiveInput, JsonObject context, Instant enteredAt);

  /** {@code Seconds}: a fixed number of seconds after entering the state. */
  record Seconds(long seconds) implements WaitFor {
    @Override
    public Instant until(Object effectiveInput, JsonObject context, Instant enteredAt) {
      return enteredAt.plusSeconds(seconds);
    }
  }

  /** {@code Timestamp}: a fixed instant. */
  record Timestamp(Instant timestamp) implements WaitFor {
    @Override
    public Instant until(Object effectiveInput, JsonObject context, Instant enteredAt) {
      return timestamp;
    }
  }

  /** {@code SecondsPath}: a number of seconds read from the input. */
  record SecondsPath(JsonPath path) implements WaitFor {
    @Override
    public Instant until(Object effectiveInput, JsonObject context, Instant enteredAt) {
      Object value = read(path, effectiveInput, context);
      if (!JsonValues.isIntegral(value)
          || JsonValues.decimal((Number) value).signum() < 0
          || JsonValues.decimal((Number) value).compareTo(BigDecimal.valueOf(MAX_SECONDS)) > 0) {
        throw new StatesException(
            StatesError.RUNTIME,
            "SecondsPath '"
                + path
                + "' must select an integer from 0 to "
                + MAX_SECONDS
                + ", not "
                + JsonValues.abbreviate(value));
      }
      return enteredAt.plusSeconds(((Number) value).longValue());
    }
  }

  /** {@code TimestampPath}: an RFC 3339 timestamp read from the input. */
  record TimestampPath(JsonPath path) implements WaitFor {
    @Override
    public Instant until(Object effectiveInput, JsonObject context, Instant enteredAt) {
      Object value = read(path, effectiveInput, context);
      return Timestamps.parse(value)
          .orElseThrow(
              () ->
                  new StatesException(
                      StatesError.RUNTIME,
                      "TimestampPath '"
                          + path
                          + "' must select an RFC 3339 timestamp, not "
                          + JsonValues.abbreviate(value)));
    }
  }

  private static Object read(JsonPath path, Object effectiveInput, JsonObject context) {
    try {
      return path.resolve(effectiveInput, context);
    } catch (PathFailure missing) {
      throw new StatesException(StatesError.RUNTIME, missing.getMessage());
    }
  }
}
