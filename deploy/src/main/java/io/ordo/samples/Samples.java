package io.ordo.samples;

import io.ordo.task.AbstractTask;
import java.util.List;
import java.util.Map;

/** Parameter helpers the sample tasks share. */
final class Samples {
  private Samples() {}

  static Map<String, ?> parameter(AbstractTask task) {
    Map<String, ?> parameter = task.getParameter();
    return parameter == null ? Map.of() : parameter;
  }

  static Number number(Map<String, ?> parameter, String key, Number fallback) {
    Object value = parameter.get(key);
    if (value == null) {
      return fallback;
    }
    if (!(value instanceof Number number)) {
      throw new IllegalArgumentException(key + " must be a number, got " + value);
    }
    return number;
  }

  /** The two numbers of {@code input} (a state machine's array input). */
  static double[] pair(Map<String, ?> parameter) {
    Object input = parameter.get("input");
    if (!(input instanceof List<?> list)
        || list.size() != 2
        || !(list.get(0) instanceof Number)
        || !(list.get(1) instanceof Number)) {
      throw new IllegalArgumentException("input must be an array of two numbers, got " + input);
    }
    return new double[] {
      ((Number) list.get(0)).doubleValue(), ((Number) list.get(1)).doubleValue()
    };
  }

  /** A whole number as a long, anything else as a double. */
  static Number number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : value;
  }
}
