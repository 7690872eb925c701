package io.ordo.client.http;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seed's parameter type table (SPEC 3.5), checked before anything is sent: {@code Boolean,
 * Byte, Short, Integer, Long, Float, Double, String}, {@code List} and {@code Map} with String
 * keys, {@code null}; no reference cycles. Limits (size, depth) are the server's to enforce.
 */
final class Parameters {
  private Parameters() {}

  /**
   * Checks a parameter map.
   *
   * @param what the name in the message, e.g. {@code parameter}
   * @throws IllegalArgumentException a null key, an unsupported type, or a cycle
   */
  static void check(Map<String, ?> parameter, String what) {
    if (parameter != null) {
      check(parameter, what, new IdentityHashMap<>());
    }
  }

  private static void check(Object value, String path, IdentityHashMap<Object, Boolean> open) {
    if (value == null
        || value instanceof Boolean
        || value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Float
        || value instanceof Double
        || value instanceof String) {
      return;
    }
    if (!(value instanceof Map<?, ?>) && !(value instanceof List<?>)) {
      throw new IllegalArgumentException(
          path + " is a " + value.getClass().getName() + ", which a parameter cannot hold");
    }
    if (open.put(value, Boolean.TRUE) != null) {
      throw new IllegalArgumentException(path + " refers back to itself (a reference cycle)");
    }
    if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!(entry.getKey() instanceof String key)) {
          throw new IllegalArgumentException(
              path + " has a key that is not a String: " + entry.getKey());
        }
        check(entry.getValue(), path + "." + key, open);
      }
    } else {
      List<?> list = (List<?>) value;
      for (int i = 0; i < list.size(); i++) {
        check(list.get(i), path + "[" + i + "]", open);
      }
    }
    open.remove(value);
  }
}
