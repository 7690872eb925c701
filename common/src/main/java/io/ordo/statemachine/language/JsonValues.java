package io.ordo.statemachine.language;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;

/** Small helpers over Vert.x JSON values that the rest of the package shares. */
public final class JsonValues {

  private JsonValues() {}

  /** A deep copy of a JSON value, so that what we return never aliases what we were given. */
  public static Object copy(Object value) {
    if (value instanceof JsonObject object) {
      return object.copy();
    }
    if (value instanceof JsonArray array) {
      return array.copy();
    }
    return value;
  }

  /** The JSON type name of a value, for error messages. */
  static String typeOf(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof JsonObject) {
      return "object";
    }
    if (value instanceof JsonArray) {
      return "array";
    }
    if (value instanceof String) {
      return "string";
    }
    if (value instanceof Number) {
      return "number";
    }
    if (value instanceof Boolean) {
      return "boolean";
    }
    return value.getClass().getSimpleName();
  }

  /** Whether a value is a JSON number without a fractional part. */
  static boolean isIntegral(Object value) {
    if (!(value instanceof Number number) || !isFinite(number)) {
      return false;
    }
    try {
      decimal(number).toBigIntegerExact();
      return true;
    } catch (ArithmeticException fractional) {
      return false;
    }
  }

  /** Whether a number is finite (a double may hold an infinity or NaN, which JSON cannot). */
  static boolean isFinite(Number number) {
    return !(number instanceof Double || number instanceof Float)
        || Double.isFinite(number.doubleValue());
  }

  /** A value for an error's cause: its JSON text, cut short if long. */
  public static String abbreviate(Object value) {
    String text = value instanceof Number || value == null ? String.valueOf(value) : encode(value);
    return shortened(text, 100);
  }

  /** A text quoted for a message about it ('...'), cut short if long: texts may be megabytes. */
  static String quoted(String text) {
    return "'" + shortened(text, 100) + "'";
  }

  /** {@code text}, or its first {@code max} characters and an ellipsis if it is longer. */
  static String shortened(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max) + "…";
  }

  /** A number as a BigDecimal, so that 1 and 1.0 compare equal whatever their Java types. */
  static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal;
    }
    return new BigDecimal(number.toString());
  }

  /** Whether two JSON values are equal, comparing numbers by value (1 equals 1.0). */
  static boolean same(Object left, Object right) {
    // Vert.x compares numbers by value inside containers, so let it do the work.
    return new JsonArray().add(left).equals(new JsonArray().add(right));
  }

  /** The compact JSON text of any value. */
  static String encode(Object value) {
    return Json.encode(value);
  }
}
