package io.ordo.statemachine.language;

import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;

/**
 * The intrinsic functions on JSON values and numbers: StringToJson, JsonToString, JsonMerge,
 * MathAdd.
 */
final class JsonFunctions {

  private JsonFunctions() {}

  /** {@code States.StringToJson(string)}: parses JSON text into a value. */
  static Object stringToJson(IntrinsicArguments arguments) {
    try {
      return Json.decodeValue(arguments.string(0));
    } catch (DecodeException notJson) {
      throw arguments.failure("the string is not JSON: " + notJson.getMessage());
    }
  }

  /** {@code States.JsonToString(value)}: the compact JSON text of a value. */
  static Object jsonToString(IntrinsicArguments arguments) {
    return JsonValues.encode(arguments.value(0));
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

  /** {@code States.MathAdd(a, b)}: the sum, an integer when both operands are. */
  static Object mathAdd(IntrinsicArguments arguments) {
    BigDecimal sum =
        JsonValues.decimal(arguments.number(0)).add(JsonValues.decimal(arguments.number(1)));
    if (JsonValues.isIntegral(sum)) {
      try {
        return sum.longValueExact();
      } catch (ArithmeticException tooLarge) {
        throw arguments.failure("the sum is out of range");
      }
    }
    return sum.doubleValue();
  }
}
