package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** The evaluated arguments of one intrinsic call, read with the type each function expects. */
final class IntrinsicArguments {

  /** How deep JSON text may nest (Jackson's limit). */
  private static final int JSON_DEPTH = 1000;

  /** The characters of a value a failure shows. */
  private static final int SHOWN = 200;

  private final String function;
  private final List<Object> values;

  IntrinsicArguments(String function, List<Object> values) {
    this.function = function;
    this.values = values;
  }

  int size() {
    return values.size();
  }

  Object value(int index) {
    return values.get(index);
  }

  /** Argument {@code index}, a text; reading it is charged to the step's work by its length. */
  String string(int index) {
    String text = typed(index, String.class, "a string");
    StepWork.current().spendText(text.length());
    return text;
  }

  JsonArray array(int index) {
    return typed(index, JsonArray.class, "an array");
  }

  JsonObject object(int index) {
    return typed(index, JsonObject.class, "an object");
  }

  boolean bool(int index) {
    return typed(index, Boolean.class, "a boolean");
  }

  Number number(int index) {
    return typed(index, Number.class, "a number");
  }

  int integer(int index) {
    Object value = values.get(index);
    if (!JsonValues.isIntegral(value)) {
      throw failure("argument " + (index + 1) + " must be an integer, not " + describe(value));
    }
    try {
      return JsonValues.decimal((Number) value).intValueExact();
    } catch (ArithmeticException tooLarge) {
      throw failure("argument " + (index + 1) + " is out of the integer range");
    }
  }

  /** Argument {@code index} as compact JSON text. */
  String json(int index) {
    // nested intrinsics can wrap data of 512 levels past the 1,000 JSON text may have; checked
    // first, without recursion: Jackson's own refusal came after a thousand frames of its
    // serializer, past the stack of a thread that was not warm
    if (JsonValues.deeperThan(values.get(index), JSON_DEPTH)) {
      throw failure("argument " + (index + 1) + " nests deeper than JSON text may (1,000 levels)");
    }
    String text = JsonValues.encode(values.get(index));
    StepWork.current().spendText(text.length());
    return text;
  }

  /** A failure of this call, as {@code States.IntrinsicFailure}. */
  StatesException failure(String reason) {
    return new StatesException(StatesError.INTRINSIC_FAILURE, function + ": " + reason);
  }

  private <T> T typed(int index, Class<T> type, String expected) {
    Object value = values.get(index);
    if (!type.isInstance(value)) {
      throw failure(
          "argument " + (index + 1) + " must be " + expected + ", not " + describe(value));
    }
    return type.cast(value);
  }

  /** A value as a failure names it: its type and the start of its JSON text. */
  private static String describe(Object value) {
    String text =
        JsonValues.deeperThan(value, JSON_DEPTH)
            ? "(nested too deep to show)"
            : JsonValues.encode(value);
    return JsonValues.typeOf(value)
        + " "
        + (text.length() > SHOWN ? text.substring(0, SHOWN) + "…" : text);
  }
}
