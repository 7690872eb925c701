package io.ordo.parameter;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converts between a task's Java parameter and its JSON form, enforcing the seed's type table (SPEC
 * 3.5): exactly {@code Boolean, Byte, Short, Integer, Long, Float, Double, String}, {@code List}
 * and {@code Map} implementations with String keys, and {@code null}. Anything else, a null key, a
 * non-finite number, a decimal whose whole value is past a {@code long} ({@link
 * InputValues#NUMBER_RANGE}), a text or key with a NUL or an unpaired UTF-16 surrogate ({@link
 * InputValues#badCharacter}: PostgreSQL's {@code jsonb} cannot hold the one, UTF-8 cannot write the
 * other), a reference cycle or a value nested deeper than {@link #MAX_DEPTH} is an {@link
 * IllegalArgumentException}, raised before anything is sent (a request's text is refused alike).
 */
public final class JavaParameters {

  /**
   * How deep a value may nest (an object or a list is a level): as deep as state data may, since a
   * result can become a Task state's. Deeper, the report that carried it could not be written as
   * JSON (1,000 levels at most, the report's own levels included): once such a result was sent, and
   * refused, again and again, and every report batched with it too.
   */
  public static final int MAX_DEPTH = StateMachineOptions.MAX_DATA_DEPTH;

  private JavaParameters() {}

  /**
   * The JSON object for a parameter map; {@code null} stays {@code null}.
   *
   * @throws IllegalArgumentException naming where in the parameter the bad value is
   */
  public static JsonObject toJson(Map<String, ?> parameter) {
    if (parameter == null) {
      return null;
    }
    return (JsonObject)
        convert(parameter, "parameter", Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  /**
   * The JSON form of any value the type table allows (a result, heartbeat details): scalars stay,
   * maps become {@link JsonObject}, lists {@link JsonArray}.
   *
   * @throws IllegalArgumentException naming where the bad value is
   */
  public static Object toJsonValue(Object value, String what) {
    return convert(value, what, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static Object convert(Object value, String where, Set<Object> path) {
    if (value instanceof String text) {
      String bad = InputValues.badCharacter(text);
      if (bad != null) {
        throw new IllegalArgumentException(where + " contains " + bad);
      }
      return text;
    }
    if (value == null
        || value instanceof Boolean
        || value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long) {
      return value;
    }
    if (value instanceof Float || value instanceof Double) {
      double number = ((Number) value).doubleValue();
      if (Double.isNaN(number) || Double.isInfinite(number)) {
        throw new IllegalArgumentException(where + " is " + value + ": not representable in JSON");
      }
      if (!InputValues.inRange(number)) {
        // stored, 1.0E19 would come back as the integer 10000000000000000000: a BigInteger
        throw new IllegalArgumentException(
            where + " is " + value + ", out of range: " + InputValues.NUMBER_RANGE);
      }
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      enter(value, where, path);
      JsonObject json = new JsonObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        Object key = entry.getKey();
        if (key == null) {
          throw new IllegalArgumentException(where + " has a null key");
        }
        if (!(key instanceof String name)) {
          throw new IllegalArgumentException(
              where + " has a key of type " + key.getClass().getName() + ": keys must be Strings");
        }
        String bad = InputValues.badCharacter(name);
        if (bad != null) {
          throw new IllegalArgumentException(
              where + " has the key '" + InputValues.printable(name) + "', which contains " + bad);
        }
        json.put(name, convert(entry.getValue(), where + "." + name, path));
      }
      path.remove(value);
      return json;
    }
    if (value instanceof List<?> list) {
      enter(value, where, path);
      JsonArray json = new JsonArray();
      for (int i = 0; i < list.size(); i++) {
        json.add(convert(list.get(i), where + "[" + i + "]", path));
      }
      path.remove(value);
      return json;
    }
    throw new IllegalArgumentException(
        where
            + " is a "
            + value.getClass().getName()
            + ": use Boolean, Byte, Short, Integer, Long, Float, Double, String, List, Map or null");
  }

  private static void enter(Object container, String where, Set<Object> path) {
    if (!path.add(container)) {
      throw new IllegalArgumentException(where + " refers back to itself (a reference cycle)");
    }
    if (path.size() > MAX_DEPTH) {
      throw new IllegalArgumentException(
          where + " is nested more than " + MAX_DEPTH + " levels deep; at most " + MAX_DEPTH);
    }
  }

  /**
   * The Java view a task sees: numbers as {@link Number}, lists as {@link List}, maps as {@link
   * Map}; fresh mutable copies, so shared references in the original become separate values.
   */
  public static Map<String, Object> fromJson(JsonObject json) {
    if (json == null) {
      return null;
    }
    Map<String, Object> map = new HashMap<>();
    for (Map.Entry<String, Object> entry : json) {
      map.put(entry.getKey(), fromJsonValue(entry.getValue()));
    }
    return map;
  }

  /** Converts any JSON value (as Vert.x holds it) to plain Java collections. */
  public static Object fromJsonValue(Object value) {
    if (value instanceof JsonObject object) {
      return fromJson(object);
    }
    if (value instanceof Map<?, ?> map) {
      return fromJson(new JsonObject(castMap(map)));
    }
    if (value instanceof JsonArray array) {
      List<Object> list = new ArrayList<>(array.size());
      for (Object element : array) {
        list.add(fromJsonValue(element));
      }
      return list;
    }
    if (value instanceof List<?> list) {
      return fromJsonValue(new JsonArray(new ArrayList<>(list)));
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Map<?, ?> map) {
    return (Map<String, Object>) map;
  }
}
