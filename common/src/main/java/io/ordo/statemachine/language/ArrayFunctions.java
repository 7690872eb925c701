package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import java.util.HashSet;
import java.util.Set;

/** The intrinsic functions on arrays. */
final class ArrayFunctions {

  // Step Functions' own limit on States.ArrayRange.
  private static final int MAX_RANGE = 1000;

  private ArrayFunctions() {}

  /** {@code States.Array(values...)}: an array of the arguments. */
  static Object array(IntrinsicArguments arguments) {
    JsonArray array = new JsonArray();
    for (int i = 0; i < arguments.size(); i++) {
      array.add(StepWork.current().copy(arguments.value(i)));
    }
    return array;
  }

  /** {@code States.ArrayPartition(array, size)}: chunks of {@code size}, the last maybe shorter. */
  static Object partition(IntrinsicArguments arguments) {
    JsonArray array = arguments.array(0);
    int size = arguments.integer(1);
    if (size < 1) {
      throw arguments.failure("the chunk size must be positive");
    }
    StepWork work = StepWork.current();
    JsonArray chunks = new JsonArray();
    for (int start = 0; start < array.size(); start += size) {
      JsonArray chunk = new JsonArray();
      for (int i = start; i < Math.min(start + size, array.size()); i++) {
        chunk.add(work.copy(array.getValue(i)));
      }
      chunks.add(chunk);
    }
    return chunks;
  }

  /** {@code States.ArrayContains(array, value)}. */
  static Object contains(IntrinsicArguments arguments) {
    JsonArray array = arguments.array(0);
    StepWork.current().spend(array.size());
    for (int i = 0; i < array.size(); i++) {
      if (JsonValues.same(array.getValue(i), arguments.value(1))) {
        return true;
      }
    }
    return false;
  }

  /** {@code States.ArrayRange(first, last, step)}: from first to last inclusive. */
  static Object range(IntrinsicArguments arguments) {
    int first = arguments.integer(0);
    int last = arguments.integer(1);
    int step = arguments.integer(2);
    if (step == 0) {
      throw arguments.failure("the step must not be 0");
    }
    JsonArray range = new JsonArray();
    for (long value = first; step > 0 ? value <= last : value >= last; value += step) {
      if (range.size() == MAX_RANGE) {
        throw arguments.failure("the range has more than " + MAX_RANGE + " elements");
      }
      range.add((int) value);
    }
    return range;
  }

  /** {@code States.ArrayGetItem(array, index)}. */
  static Object getItem(IntrinsicArguments arguments) {
    JsonArray array = arguments.array(0);
    int index = arguments.integer(1);
    if (index < 0 || index >= array.size()) {
      throw arguments.failure("index " + index + " is out of bounds (size " + array.size() + ")");
    }
    return JsonValues.copy(array.getValue(index));
  }

  /** {@code States.ArrayLength(array)}. */
  static Object length(IntrinsicArguments arguments) {
    return arguments.array(0).size();
  }

  /**
   * {@code States.ArrayUnique(array)}: the distinct elements, in first-seen order; equal as {@link
   * JsonValues#same} finds them (numbers by value, objects whatever their keys' order), found by
   * each element's canonical text in one pass (comparing each with those before was quadratic).
   */
  static Object unique(IntrinsicArguments arguments) {
    JsonArray array = arguments.array(0);
    StepWork work = StepWork.current();
    Set<String> seen = new HashSet<>();
    JsonArray unique = new JsonArray();
    for (int i = 0; i < array.size(); i++) {
      Object element = array.getValue(i);
      if (seen.add(JsonValues.canonical(element, work))) {
        unique.add(work.copy(element));
      }
    }
    return unique;
  }
}
