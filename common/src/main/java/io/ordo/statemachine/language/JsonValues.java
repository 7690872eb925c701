package io.ordo.statemachine.language;

import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

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
  /** The kind of a value with its article, for messages: "an object", "a number", "null". */
  static String aTypeOf(Object value) {
    String type = typeOf(value);
    if (value == null) {
      return type;
    }
    return ("aeiou".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type;
  }

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

  /**
   * A text of a JSON value that two values share exactly when {@link #same} finds them equal:
   * numbers by value ({@code 1}, {@code 1.0} and {@code 1e0} alike), an object's fields in order of
   * their names. Each node is a unit of the step's work.
   */
  static String canonical(Object value, StepWork work) {
    StringBuilder text = new StringBuilder();
    canonical(value, work, text);
    return text.toString();
  }

  private static void canonical(Object value, StepWork work, StringBuilder text) {
    work.spend(1);
    if (value instanceof JsonObject object) {
      text.append('{');
      for (String name : new TreeSet<>(object.fieldNames())) {
        text.append(Json.encode(name)).append(':');
        canonical(object.getValue(name), work, text);
        text.append(',');
      }
      text.append('}');
    } else if (value instanceof JsonArray array) {
      text.append('[');
      for (Object element : array) {
        canonical(element, work, text);
        text.append(',');
      }
      text.append(']');
    } else if (value instanceof Number number) {
      text.append('n').append(decimal(number).stripTrailingZeros().toString());
    } else {
      text.append(Json.encode(value));
    }
  }

  /**
   * Whether a value nests more than {@code levels} arrays and objects inside each other; without
   * recursion, a level at a time.
   */
  public static boolean deeperThan(Object value, int levels) {
    List<Object> level = new ArrayList<>();
    addContainer(level, value);
    for (int depth = 1; !level.isEmpty(); depth++) {
      if (depth > levels) {
        return true;
      }
      List<Object> next = new ArrayList<>();
      for (Object node : level) {
        if (node instanceof JsonObject object) {
          object.forEach(field -> addContainer(next, field.getValue()));
        } else {
          ((JsonArray) node).forEach(element -> addContainer(next, element));
        }
      }
      level = next;
    }
    return false;
  }

  private static void addContainer(List<Object> containers, Object value) {
    if (value instanceof JsonObject || value instanceof JsonArray) {
      containers.add(value);
    }
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
