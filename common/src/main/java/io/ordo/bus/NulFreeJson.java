package io.ordo.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * JSON without NUL characters, which PostgreSQL's jsonb refuses: each {@code \u0000} in a key or a
 * string becomes U+FFFD (the replacement character). A value without one is answered as it is.
 */
final class NulFreeJson {
  private static final char NUL = '\0';
  private static final String REPLACEMENT = "\uFFFD";

  private NulFreeJson() {}

  /** The object itself if nothing in it has a NUL; else a copy with each replaced. */
  static JsonObject of(JsonObject json) {
    return json == null || !hasNul(json) ? json : (JsonObject) replaced(json);
  }

  private static boolean hasNul(Object value) {
    if (value instanceof String text) {
      return text.indexOf(NUL) >= 0;
    }
    if (value instanceof JsonObject object) {
      for (Map.Entry<String, Object> entry : object) {
        if (entry.getKey().indexOf(NUL) >= 0 || hasNul(entry.getValue())) {
          return true;
        }
      }
      return false;
    }
    if (value instanceof JsonArray array) {
      for (Object item : array) {
        if (hasNul(item)) {
          return true;
        }
      }
      return false;
    }
    return false;
  }

  private static Object replaced(Object value) {
    if (value instanceof String text) {
      return text.replace(String.valueOf(NUL), REPLACEMENT);
    }
    if (value instanceof JsonObject object) {
      JsonObject copy = new JsonObject();
      for (Map.Entry<String, Object> entry : object) {
        copy.put((String) replaced(entry.getKey()), replaced(entry.getValue()));
      }
      return copy;
    }
    if (value instanceof JsonArray array) {
      JsonArray copy = new JsonArray();
      for (Object item : array) {
        copy.add(replaced(item));
      }
      return copy;
    }
    return value;
  }
}
