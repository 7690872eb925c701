package io.ordo.parameter;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * The one place where every text a request carries is checked for NUL characters and every number
 * for range, before anything is stored (SPEC 10: every input answered with a clear 4xx).
 *
 * <ul>
 *   <li>Text: no {@code U+0000} anywhere (PostgreSQL's {@code text} and {@code jsonb} cannot hold
 *       it), and no unpaired UTF-16 surrogate (JSON's {@code "\\ud800"} alone is no character;
 *       written as UTF-8 it became {@code ?}, so two different keys were stored as one), in keys as
 *       in values.
 *   <li>Integers: within a Java {@code long}, the widest integer of the task parameter type table
 *       (SPEC 3.5); a larger one would reach the task as a type it cannot receive.
 *   <li>Decimals: finite doubles whose value, if whole, is such an integer too. {@code 1e400}
 *       overflows to Infinity, which JSON cannot carry; PostgreSQL's {@code jsonb} keeps a number's
 *       value, not how it was written, so {@code 1e19} came back as the integer {@code
 *       10000000000000000000} and reached a task as a {@code BigInteger}.
 * </ul>
 *
 * A refusal names the field by its JSON pointer; inside a task's parameter ({@code /parameter} of a
 * registration, {@code /task/parameter} of a schedule) it is {@code invalid_parameter}, elsewhere
 * {@code invalid_request}.
 */
public final class InputValues {
  /** The rule a number out of range breaks, as a refusal states it after naming the number. */
  public static final String NUMBER_RANGE =
      "integers must fit in 64 bits (at most "
          + Long.MAX_VALUE
          + " in magnitude), and so must a decimal whose value is whole, such as 1e19;"
          + " other decimals must be finite";

  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** 2^63: every double at least this large in magnitude is a whole number past a long. */
  private static final double TWO_TO_63 = 0x1p63;

  private InputValues() {}

  /**
   * Checks a JSON value (a request body, as Vert.x decodes it) and everything inside it.
   *
   * @param where the JSON pointer of {@code value} ("" for a whole body)
   * @throws TaskControlException naming the first bad field
   */
  public static void checkJson(String where, Object value) {
    Problem problem = firstProblem(where, value);
    if (problem != null) {
      throw refused(problem.where(), problem.what());
    }
  }

  /**
   * What the checks of {@link #checkJson} find wrong with a value made inside Ordo (state data an
   * intrinsic made), or null: e.g. "/a/0 contains a NUL character", or "the value ..." for the
   * value itself.
   */
  public static String problem(Object value) {
    Problem problem = firstProblem("", value);
    if (problem == null) {
      return null;
    }
    return (problem.where().isEmpty() ? "the value" : printable(problem.where()))
        + " "
        + problem.what();
  }

  private record Problem(String where, String what) {}

  private static Problem firstProblem(String where, Object value) {
    if (value instanceof JsonObject object) {
      return firstProblem(where, object.getMap());
    } else if (value instanceof JsonArray array) {
      return firstProblem(where, array.getList());
    } else if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String key = String.valueOf(entry.getKey());
        String path = where + "/" + key;
        String bad = badCharacter(key);
        if (bad != null) {
          return new Problem(path, "has a key with " + bad);
        }
        Problem inside = firstProblem(path, entry.getValue());
        if (inside != null) {
          return inside;
        }
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        Problem inside = firstProblem(where + "/" + i, list.get(i));
        if (inside != null) {
          return inside;
        }
      }
    } else if (value instanceof String text) {
      String bad = badCharacter(text);
      if (bad != null) {
        return new Problem(where, "contains " + bad);
      }
    } else if (value instanceof Number number && !inRange(number)) {
      return new Problem(where, "is a number out of range: " + NUMBER_RANGE);
    }
    return null;
  }

  /**
   * Checks one text outside a body (a header, a query or path parameter).
   *
   * @throws TaskControlException invalid_request naming it
   */
  public static void checkText(String what, String text) {
    String bad = text == null ? null : badCharacter(text);
    if (bad != null) {
      throw new TaskControlException(ErrorCode.INVALID_REQUEST, what + " contains " + bad);
    }
  }

  /** Whether a high surrogate at {@code i} is followed by its low one (a character past U+FFFF). */
  private static boolean startsPair(String text, int i) {
    return Character.isHighSurrogate(text.charAt(i))
        && i + 1 < text.length()
        && Character.isLowSurrogate(text.charAt(i + 1));
  }

  /** A text as an answer can show it: a NUL or an unpaired surrogate as its escape. */
  public static String printable(String text) {
    StringBuilder shown = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (startsPair(text, i)) {
        shown.append(c).append(text.charAt(++i));
      } else if (c == '\0' || Character.isSurrogate(c)) {
        shown.append(String.format("\\u%04x", (int) c));
      } else {
        shown.append(c);
      }
    }
    return shown.toString();
  }

  /**
   * What is wrong with a text's characters, or null: a NUL, or an unpaired surrogate (a high one
   * not followed by a low one, or a low one alone); e.g. "a NUL character (\\u0000)".
   */
  public static String badCharacter(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\0') {
        return "a NUL character (\\u0000)";
      }
      if (startsPair(text, i)) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return String.format(
            "an unpaired UTF-16 surrogate (\\u%04x), which is no Unicode character", (int) c);
      }
    }
    return null;
  }

  /**
   * Whether a number is within {@link #NUMBER_RANGE}: an integer within a {@code long}, or a finite
   * decimal whose value, if whole, is within a {@code long} too.
   */
  public static boolean inRange(Number number) {
    if (number instanceof Double || number instanceof Float) {
      return inRange(number.doubleValue());
    }
    if (number instanceof BigInteger big) {
      return big.bitLength() < Long.SIZE;
    }
    if (number instanceof BigDecimal decimal) {
      // compareTo looks at the exponents first: 1e999999999 is not expanded
      return decimal.compareTo(LONG_MIN) >= 0 && decimal.compareTo(LONG_MAX) <= 0;
    }
    return true; // Byte, Short, Integer, Long
  }

  /**
   * Whether a double is within {@link #NUMBER_RANGE}. A double of magnitude 2^53 or more has no
   * fraction, so one breaks the rule exactly when it lies outside the range of a {@code long}
   * (-2^63 is {@link Long#MIN_VALUE} itself); NaN and the infinities fail both comparisons.
   */
  public static boolean inRange(double number) {
    return number >= -TWO_TO_63 && number < TWO_TO_63;
  }

  private static boolean isInside(String where, String pointer) {
    return where.equals(pointer) || where.startsWith(pointer + "/");
  }

  private static TaskControlException refused(String where, String what) {
    String field = where.isEmpty() ? "the body" : printable(where);
    ErrorCode code =
        isInside(where, "/parameter") || isInside(where, "/task/parameter")
            ? ErrorCode.INVALID_PARAMETER
            : ErrorCode.INVALID_REQUEST;
    return new TaskControlException(code, field + " " + what, new JsonObject().put("field", field));
  }
}
