package io.ordo.statemachine.language;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The intrinsic functions Ordo supports, with how many arguments each takes.
 *
 * <p>Supported: {@code States.Format}, {@code States.StringToJson}, {@code States.JsonToString},
 * {@code States.JsonMerge}, {@code States.Array}, {@code States.ArrayPartition}, {@code
 * States.ArrayContains}, {@code States.ArrayRange}, {@code States.ArrayGetItem}, {@code
 * States.ArrayLength}, {@code States.ArrayUnique}, {@code States.StringSplit}, {@code
 * States.Base64Encode}, {@code States.Base64Decode}, {@code States.Hash}, {@code States.MathAdd}
 * and {@code States.UUID}. Not supported: {@code States.MathRandom}.
 */
final class IntrinsicFunctions {

  private static final int ANY = Integer.MAX_VALUE;

  private record Signature(int min, int max, Function<IntrinsicArguments, Object> body) {}

  private static final Map<String, Signature> FUNCTIONS =
      Map.ofEntries(
          Map.entry("States.Format", new Signature(1, ANY, TextFunctions::format)),
          Map.entry("States.StringSplit", new Signature(2, 2, TextFunctions::split)),
          Map.entry("States.Base64Encode", new Signature(1, 1, TextFunctions::base64Encode)),
          Map.entry("States.Base64Decode", new Signature(1, 1, TextFunctions::base64Decode)),
          Map.entry("States.Hash", new Signature(2, 2, TextFunctions::hash)),
          Map.entry("States.UUID", new Signature(0, 0, TextFunctions::uuid)),
          Map.entry("States.StringToJson", new Signature(1, 1, JsonFunctions::stringToJson)),
          Map.entry("States.JsonToString", new Signature(1, 1, JsonFunctions::jsonToString)),
          Map.entry("States.JsonMerge", new Signature(3, 3, JsonFunctions::merge)),
          Map.entry("States.MathAdd", new Signature(2, 2, JsonFunctions::mathAdd)),
          Map.entry("States.Array", new Signature(0, ANY, ArrayFunctions::array)),
          Map.entry("States.ArrayPartition", new Signature(2, 2, ArrayFunctions::partition)),
          Map.entry("States.ArrayContains", new Signature(2, 2, ArrayFunctions::contains)),
          Map.entry("States.ArrayRange", new Signature(3, 3, ArrayFunctions::range)),
          Map.entry("States.ArrayGetItem", new Signature(2, 2, ArrayFunctions::getItem)),
          Map.entry("States.ArrayLength", new Signature(1, 1, ArrayFunctions::length)),
          Map.entry("States.ArrayUnique", new Signature(1, 1, ArrayFunctions::unique)));

  private IntrinsicFunctions() {}

  /**
   * Checks, when a definition is read, that a function exists and takes that many arguments.
   *
   * @throws IllegalArgumentException if not
   */
  static void checkCall(String name, int argumentCount) {
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
