package io.ordo.statemachine.language;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The intrinsic functions Ordo supports, with how many arguments each takes.
 *
 * <p>Supported: {@code States.Format}, {@code States.StringToJson}, {@code States.JsonToString},
 * {@code States.JsonMerge}, {@code States.Array}, {@code States.ArrayPartition}, {@code
 * States.ArrayContains}, {@code States.ArrayRange}, {@code States.ArrayGetItem}, {@code
 * States.ArrayLength}, {@code States.ArrayUnique}, {@code States.StringSplit}, {@code
 * States.Base64Encode}, {@code States.Base64Decode}, {@code States.Hash}, {@code States.MathAdd},
 * {@code States.MathRandom} and {@code States.UUID}: all those of Step Functions.
 *
 * <p>Each function declares the type of each argument, so that a literal of the wrong type (as in
 * {@code States.MathAdd(1, '-1')}) is refused when the definition is read, not when it runs.
 */
final class IntrinsicFunctions {

  private static final int ANY = Integer.MAX_VALUE;

  /** What an argument must be; a literal argument is checked against it when read. */
  private enum Type {
    ANY(value -> true, "anything"),
    STRING(String.class::isInstance, "a string"),
    NUMBER(Number.class::isInstance, "a number"),
    BOOLEAN(Boolean.class::isInstance, "a boolean"),
    // No literal is an array or an object: those come from paths and calls only.
    ARRAY(value -> false, "an array"),
    OBJECT(value -> false, "an object");

    private final Predicate<Object> literal;
    private final String description;

    Type(Predicate<Object> literal, String description) {
      this.literal = literal;
      this.description = description;
    }
  }

  /** The argument types; the last one repeats for functions that take any number. */
  private record Signature(
      int min, int max, List<Type> types, Function<IntrinsicArguments, Object> body) {

    Signature(int min, int max, Function<IntrinsicArguments, Object> body, Type... types) {
      this(min, max, List.of(types), body);
    }

    Type type(int index) {
      return types.isEmpty() ? Type.ANY : types.get(Math.min(index, types.size() - 1));
    }
  }

  private static final Map<String, Signature> FUNCTIONS =
      Map.ofEntries(
          Map.entry(
              "States.Format", new Signature(1, ANY, TextFunctions::format, Type.STRING, Type.ANY)),
          Map.entry(
              "States.StringSplit",
              new Signature(2, 2, TextFunctions::split, Type.STRING, Type.STRING)),
          Map.entry(
              "States.Base64Encode", new Signature(1, 1, TextFunctions::base64Encode, Type.STRING)),
          Map.entry(
              "States.Base64Decode", new Signature(1, 1, TextFunctions::base64Decode, Type.STRING)),
          Map.entry("States.Hash", new Signature(2, 2, TextFunctions::hash, Type.ANY, Type.STRING)),
          Map.entry("States.UUID", new Signature(0, 0, TextFunctions::uuid)),
          Map.entry(
              "States.StringToJson", new Signature(1, 1, JsonFunctions::stringToJson, Type.STRING)),
          Map.entry(
              "States.JsonToString", new Signature(1, 1, JsonFunctions::jsonToString, Type.ANY)),
          Map.entry(
              "States.JsonMerge",
              new Signature(3, 3, JsonFunctions::merge, Type.OBJECT, Type.OBJECT, Type.BOOLEAN)),
          Map.entry(
              "States.MathRandom", new Signature(2, 3, JsonFunctions::mathRandom, Type.NUMBER)),
          Map.entry(
              "States.MathAdd",
              new Signature(2, 2, JsonFunctions::mathAdd, Type.NUMBER, Type.NUMBER)),
          Map.entry("States.Array", new Signature(0, ANY, ArrayFunctions::array, Type.ANY)),
          Map.entry(
              "States.ArrayPartition",
              new Signature(2, 2, ArrayFunctions::partition, Type.ARRAY, Type.NUMBER)),
          Map.entry(
              "States.ArrayContains",
              new Signature(2, 2, ArrayFunctions::contains, Type.ARRAY, Type.ANY)),
          Map.entry("States.ArrayRange", new Signature(3, 3, ArrayFunctions::range, Type.NUMBER)),
          Map.entry(
              "States.ArrayGetItem",
              new Signature(2, 2, ArrayFunctions::getItem, Type.ARRAY, Type.NUMBER)),
          Map.entry("States.ArrayLength", new Signature(1, 1, ArrayFunctions::length, Type.ARRAY)),
          Map.entry("States.ArrayUnique", new Signature(1, 1, ArrayFunctions::unique, Type.ARRAY)));

  private IntrinsicFunctions() {}

  /**
   * Checks, when a definition is read, that a function exists, takes that many arguments and that
   * its literal arguments have the types it takes.
   *
   * @throws IllegalArgumentException if not
   */
  static void checkCall(String name, List<Expression> arguments) {
    int argumentCount = arguments.size();
    Signature signature = FUNCTIONS.get(name);
    if (signature == null) {
      throw new IllegalArgumentException("unknown intrinsic function '" + name + "'");
    }
    if (argumentCount < signature.min() || argumentCount > signature.max()) {
      String expected =
          signature.min() == signature.max()
              ? String.valueOf(signature.min())
              : signature.max() == ANY
                  ? "at least " + signature.min()
                  : signature.min() + " to " + signature.max();
      throw new IllegalArgumentException(
          name + " takes " + expected + " arguments, not " + argumentCount);
    }
    for (int i = 0; i < argumentCount; i++) {
      Type type = signature.type(i);
      if (arguments.get(i) instanceof Expression.Literal literal
          && !type.literal.test(literal.value())) {
        throw new IllegalArgumentException(
            name
                + ": argument "
                + (i + 1)
                + " must be "
                + type.description
                + ", not the "
                + JsonValues.typeOf(literal.value())
                + " "
                + JsonValues.encode(literal.value()));
      }
    }
  }

  /**
   * Calls a function on evaluated arguments.
   *
   * @throws StatesException {@code States.IntrinsicFailure} if the arguments do not suit it
   */
  static Object call(String name, List<Object> arguments) {
    return FUNCTIONS.get(name).body().apply(new IntrinsicArguments(name, arguments));
  }
}
