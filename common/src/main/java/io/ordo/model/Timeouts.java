package io.ordo.model;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A message's four timeouts. Each is a number of seconds, a string of decimal digits ({@code
 * "600"}, SWF's form) or {@code "NONE"} (no limit, the default); every value is at most one year,
 * as in SWF.
 */
public final class Timeouts {
  /** SWF's ceiling: one year. */
  public static final long MAX_SECONDS = 31_536_000L;

  public static final String NONE = "NONE";

  /** A duration as SWF writes it: a string of decimal digits. */
  private static final Pattern SECONDS_TEXT = Pattern.compile("[0-9]+");

  public static final Timeouts NONE_AT_ALL = new Timeouts(new EnumMap<>(TimeoutType.class));

  private final EnumMap<TimeoutType, Duration> values;

  private Timeouts(EnumMap<TimeoutType, Duration> values) {
    this.values = values;
  }

  /** The limit of this kind, empty for NONE. */
  public Optional<Duration> get(TimeoutType type) {
    return Optional.ofNullable(values.get(type));
  }

  public Timeouts with(TimeoutType type, Duration value) {
    EnumMap<TimeoutType, Duration> copy = new EnumMap<>(values);
    if (value == null) {
      copy.remove(type);
    } else {
      copy.put(type, value);
    }
    return new Timeouts(copy);
  }

  /**
   * Reads a {@code timeouts} object over the given defaults: a key present in {@code json} (a
   * number or {@code "NONE"}) overrides the default, a missing key keeps it.
   *
   * @throws TaskControlException {@code invalid_request} naming the bad key and value
   */
  public static Timeouts fromJson(JsonObject json, Timeouts defaults) {
    Timeouts result = defaults == null ? NONE_AT_ALL : defaults;
    if (json == null) {
      return result;
    }
    for (String key : json.fieldNames()) {
      TimeoutType type = typeNamed(key);
      result = result.with(type, parse(key, json.getValue(key)));
    }
    return result;
  }

  public JsonObject toJson() {
    JsonObject json = new JsonObject();
    for (TimeoutType type : TimeoutType.values()) {
      Duration value = values.get(type);
      json.put(type.jsonName(), value == null ? NONE : (Object) value.toSeconds());
    }
    return json;
  }

  /** The values as a map, NONE left out. */
  public Map<TimeoutType, Duration> asMap() {
    return Map.copyOf(values);
  }

  private static TimeoutType typeNamed(String key) {
    for (TimeoutType type : TimeoutType.values()) {
      if (type.jsonName().equals(key)) {
        return type;
      }
    }
    throw invalid(
        "timeouts."
            + key
            + " is not a timeout; use scheduleToStart, startToClose, heartbeat or"
            + " scheduleToClose");
  }

  private static Duration parse(String key, Object value) {
    if (NONE.equals(value)) {
      return null;
    }
    if (value instanceof String text && SECONDS_TEXT.matcher(text).matches()) {
      // SWF's API gives durations as strings of seconds ("600"): the same value as 600.
      value = text.length() > 9 ? MAX_SECONDS + 1 : Long.parseLong(text);
    }
    if (value instanceof Number number) {
      double seconds = number.doubleValue();
      if (seconds != Math.rint(seconds) || seconds < 1 || seconds > MAX_SECONDS) {
        throw invalid(
            "timeouts."
                + key
                + " must be a whole number of seconds from 1 to "
                + MAX_SECONDS
                + " or \"NONE\", got "
                + value);
      }
      return Duration.ofSeconds(number.longValue());
    }
    throw invalid(
        "timeouts."
            + key
            + " must be a number of seconds (600 or \"600\") or \"NONE\", got "
            + describe(value));
  }

  private static String describe(Object value) {
    return value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
  }

  private static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Timeouts that && values.equals(that.values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return toJson().encode();
  }
}
