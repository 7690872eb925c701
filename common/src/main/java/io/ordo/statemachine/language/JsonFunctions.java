package io.ordo.statemachine.language;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.security.SecureRandom;
import java.util.Random;

/**
 * The intrinsic functions on JSON values and numbers: StringToJson, JsonToString, JsonMerge,
 * MathAdd, MathRandom.
 */
final class JsonFunctions {

  private static final BigDecimal HALF = new BigDecimal("0.5");
  private static final Random RANDOM = new SecureRandom();

  private JsonFunctions() {}

  /** {@code States.StringToJson(string)}: parses JSON text into a value; blank text is null. */
  static Object stringToJson(IntrinsicArguments arguments) {
    String text = arguments.string(0);
    StepWork.current().spend(text.length()); // parsing makes a node of every few characters
    if (text.isBlank()) {
      return null;
    }
    try {
      return Json.decodeValue(text);
    } catch (DecodeException notJson) {
      throw arguments.failure("the string is not JSON" + where(notJson));
    }
  }

  /**
   * Where the parser stopped, in Ordo's words (the parser's own message quotes its internals): the
   * line and column, or that the text nests too deep.
   */
  private static String where(DecodeException notJson) {
    if (notJson.getCause() instanceof StreamConstraintsException) {
      return ": it nests deeper than JSON text may here (1,000 levels)";
    }
    if (notJson.getCause() instanceof JsonProcessingException parsing
        && parsing.getLocation() != null) {
      JsonLocation at = parsing.getLocation();
      return " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }
    return "";
  }

  /** {@code States.JsonToString(value)}: the compact JSON text of a value. */
  static Object jsonToString(IntrinsicArguments arguments) {
    return arguments.json(0);
  }

  /**
   * {@code States.JsonMerge(a, b, deep)}: a copy of {@code a} with the fields of {@code b}; {@code
   * deep} merges nested objects instead of replacing them.
   */
  static Object merge(IntrinsicArguments arguments) {
    JsonObject merged = arguments.object(0).copy();
    merge(merged, arguments.object(1), arguments.bool(2));
    return merged;
  }

  private static void merge(JsonObject into, JsonObject from, boolean deep) {
    for (String name : from.fieldNames()) {
      Object value = from.getValue(name);
      if (deep
          && into.getValue(name) instanceof JsonObject left
          && value instanceof JsonObject right) {
        merge(left, right, true);
      } else {
        into.put(name, JsonValues.copy(value));
      }
    }
  }

  /**
   * {@code States.MathAdd(a, b)}: the sum of the two numbers, each first rounded to the nearest
   * integer (halves upwards) as Step Functions does: {@code 1.49 + 1.5} is 3.
   */
  static Object mathAdd(IntrinsicArguments arguments) {
    return integer(arguments, rounded(arguments, 0).add(rounded(arguments, 1)));
  }

  /**
   * {@code States.MathRandom(start, end[, seed])}: a random integer from {@code start} (inclusive)
   * to {@code end} (exclusive), the same one for the same seed; arguments are rounded like MathAdd.
   */
  static Object mathRandom(IntrinsicArguments arguments) {
    long start = integer(arguments, rounded(arguments, 0));
    long end = integer(arguments, rounded(arguments, 1));
    if (end <= start) {
      throw arguments.failure("the end must be greater than the start");
    }
    Random random =
        arguments.size() == 3 ? new Random(integer(arguments, rounded(arguments, 2))) : RANDOM;
    return random.nextLong(start, end); // end - start may be past a long: not computed here
  }

  private static BigDecimal rounded(IntrinsicArguments arguments, int index) {
    return JsonValues.decimal(arguments.number(index)).add(HALF).setScale(0, RoundingMode.FLOOR);
  }

  private static long integer(IntrinsicArguments arguments, BigDecimal value) {
    try {
      return value.longValueExact();
    } catch (ArithmeticException tooLarge) {
      throw arguments.failure(value + " is out of the integer range");
    }
  }
}
