package io.ordo.client.http;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Checks what a call will send as JSON before anything is written: the seed's parameter type table
 * (SPEC 3.5) for parameters and context attributes — {@code Boolean, Byte, Short, Integer, Long,
 * Float, Double, String}, {@code List} and {@code Map} with String keys, {@code null} — and plain
 * JSON values for an execution's input (the same, and {@code BigInteger} and {@code BigDecimal});
 * no reference cycle, no NaN or infinity (JSON has no such numbers), and no nesting deeper than a
 * server could ever read. The walk is iterative, so no depth exhausts the caller's stack. The
 * server's own, configurable bounds (a parameter's depth, 64 by default, and size) are the server's
 * to enforce.
 */
final class Parameters {
  /**
   * The deepest parameter (or context attributes) the client sends, the map itself being level 1: a
   * node reads a body nested at most 1,000 levels, and the parameter sits one level inside it.
   */
  static final int MAX_PARAMETER_DEPTH = 999;

  /** The deepest execution input: a node's state data nest at most 512 levels (a fixed bound). */
  static final int MAX_INPUT_DEPTH = 512;

  private Parameters() {}

  /**
   * Checks a parameter map.
   *
   * @param what the name in the message, e.g. {@code parameter}
   * @throws IllegalArgumentException a null key, an unsupported type, NaN or an infinity, a cycle,
   *     or nesting deeper than {@link #MAX_PARAMETER_DEPTH}
   */
  static void check(Map<String, ?> parameter, String what) {
    if (parameter != null) {
      walk(parameter, what, MAX_PARAMETER_DEPTH, false, "a parameter");
    }
  }

  /**
   * Checks an execution's input: a plain JSON value.
   *
   * @throws IllegalArgumentException a null key, a value that is not plain JSON (e.g. an {@code
   *     Instant}, an {@code Optional}, a bean), NaN or an infinity, a cycle, or nesting deeper than
   *     {@link #MAX_INPUT_DEPTH}
   */
  static void checkInput(Object input, String what) {
    walk(input, what, MAX_INPUT_DEPTH, true, "an execution's input");
  }

  /** One value on the walk: its parent (for its path, built only for a message), key and depth. */
  private record Step(Step parent, String key, Object value, int depth, boolean leaving) {
    String path() {
      StringBuilder path = new StringBuilder();
      for (Step step = this; step != null; step = step.parent) {
        path.insert(0, step.key);
      }
      return path.toString();
    }
  }

  private static void walk(
      Object root, String what, int maxDepth, boolean bigNumbers, String holder) {
    IdentityHashMap<Object, Boolean> open = new IdentityHashMap<>();
    Deque<Step> steps = new ArrayDeque<>();
    steps.push(new Step(null, what, root, 1, false));
    while (!steps.isEmpty()) {
      Step step = steps.pop();
      Object value = step.value;
      if (step.leaving) {
        open.remove(value);
        continue;
      }
      if (isScalar(value, bigNumbers)) {
        if (value instanceof Double d && (d.isNaN() || d.isInfinite())
            || value instanceof Float f && (f.isNaN() || f.isInfinite())) {
          throw new IllegalArgumentException(
              step.path() + " is " + value + ", which JSON cannot hold (it has no such numbers)");
        }
        continue;
      }
      if (!(value instanceof Map<?, ?>) && !(value instanceof List<?>)) {
        throw new IllegalArgumentException(
            step.path()
                + " is a "
                + value.getClass().getName()
                + ", which "
                + holder
                + " cannot hold (maps, lists, strings, numbers, booleans and null only)");
      }
      if (step.depth > maxDepth) {
        throw new IllegalArgumentException(
            what
                + " is nested more than "
                + maxDepth
                + " levels deep; at most "
                + maxDepth
                + " are allowed");
      }
      if (open.put(value, Boolean.TRUE) != null) {
        throw new IllegalArgumentException(
            step.path() + " refers back to itself (a reference cycle)");
      }
      steps.push(new Step(step.parent, step.key, value, step.depth, true));
      if (value instanceof Map<?, ?> map) {
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          if (!(entry.getKey() instanceof String key)) {
            throw new IllegalArgumentException(
                step.path() + " has a key that is not a String: " + entry.getKey());
          }
          steps.push(new Step(step, "." + key, entry.getValue(), step.depth + 1, false));
        }
      } else {
        Iterator<?> items = ((List<?>) value).iterator();
        for (int i = 0; items.hasNext(); i++) {
          steps.push(new Step(step, "[" + i + "]", items.next(), step.depth + 1, false));
        }
      }
    }
  }

  private static boolean isScalar(Object value, boolean bigNumbers) {
    return value == null
        || value instanceof Boolean
        || value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Float
        || value instanceof Double
        || value instanceof String
        || bigNumbers && (value instanceof BigInteger || value instanceof BigDecimal);
  }
}
