package io.ordo.parameter;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The server-side limits on a parameter (SPEC 3.5): serialized size (over it: 413
 * payload_too_large) and nesting depth (deeper: 400 invalid_parameter).
 *
 * @param maxBytes the largest serialized parameter, in UTF-8 bytes
 * @param maxDepth the deepest nesting of objects and arrays; the parameter object itself is depth 1
 */
public record ParameterLimits(int maxBytes, int maxDepth) {
  public static final int DEFAULT_MAX_BYTES = 1024 * 1024;
  public static final int DEFAULT_MAX_DEPTH = 64;

  public static final ParameterLimits DEFAULTS =
      new ParameterLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH);

  public ParameterLimits {
    if (maxBytes < 2 || maxDepth < 1) {
      throw new IllegalArgumentException("parameter limits must be positive");
    }
  }

  /**
   * Checks a parameter against the limits.
   *
   * @throws TaskControlException payload_too_large or invalid_parameter
   */
  public void check(String field, JsonObject parameter) {
    if (parameter == null) {
      return;
    }
    int depth = depth(parameter, 1);
    if (depth > maxDepth) {
      throw new TaskControlException(
          ErrorCode.INVALID_PARAMETER,
          field + " is nested " + depth + " levels deep; at most " + maxDepth + " are allowed");
    }
    int bytes = parameter.encode().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxBytes) {
      throw new TaskControlException(
          ErrorCode.PAYLOAD_TOO_LARGE,
          field + " is " + bytes + " bytes serialized; at most " + maxBytes + " are allowed");
    }
  }

  private int depth(Object value, int level) {
    if (level > maxDepth) {
      return level; // deep enough to refuse; no need to walk further
    }
    int deepest = level;
    if (value instanceof JsonObject object) {
      for (Map.Entry<String, Object> entry : object) {
        deepest = Math.max(deepest, childDepth(entry.getValue(), level));
      }
    } else if (value instanceof JsonArray array) {
      for (Object element : array) {
        deepest = Math.max(deepest, childDepth(element, level));
      }
    }
    return deepest;
  }

  private int childDepth(Object child, int level) {
    // JsonObject and JsonArray iterators wrap nested maps and lists, so these two cases suffice.
    return child instanceof JsonObject || child instanceof JsonArray
        ? depth(child, level + 1)
        : level;
  }
}
