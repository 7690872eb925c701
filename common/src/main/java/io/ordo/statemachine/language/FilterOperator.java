package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * A filter's operators that are words, as Jayway (Step Functions' JSONPath) reads them: {@code in}
 * and {@code nin} (the left value is, or is not, an element of the right array), {@code subsetof},
 * {@code anyof} and {@code noneof} (every, some or none of the left array's elements are in the
 * right array), {@code all} (the left array has every element of the right one), {@code contains}
 * (the left text contains the right text, or the left array the right value), {@code size} (the
 * left text's or array's length is the right number) and {@code empty} (whether the left text,
 * array or object is empty is the right boolean). Elements are equal as {@code ==} finds them. A
 * side whose value is not of the kind the operator reads makes it false; so does a path that
 * matches nothing, except for {@code nin}: a value that is not there is not in the array (Jayway's
 * {@code nin} is the negation of its {@code in}).
 */
enum FilterOperator {
  IN(Right.ARRAY, (left, right) -> contains(right, left)),
  NIN(Right.ARRAY, (left, right) -> !contains(right, left)),
  SUBSETOF(Right.ARRAY, (left, right) -> left instanceof JsonArray l && every(l, right)),
  ANYOF(Right.ARRAY, (left, right) -> left instanceof JsonArray l && any(l, right)),
  NONEOF(Right.ARRAY, (left, right) -> left instanceof JsonArray l && !any(l, right)),
  ALL(Right.ARRAY, (left, right) -> left instanceof JsonArray && every((JsonArray) right, left)),
  CONTAINS(
      Right.ANY,
      (left, right) ->
          left instanceof String text
              ? right instanceof String part && text.contains(part)
              : left instanceof JsonArray && contains(left, right)),
  SIZE(
      Right.NUMBER,
      (left, right) -> size(left).map(s -> FilterPredicate.equal(s, right)).orElse(false)),
  EMPTY(Right.BOOLEAN, (left, right) -> empty(left).map(e -> e.equals(right)).orElse(false));

  /** What the right side must be; a literal of another kind is refused when the path is read. */
  enum Right {
    ANY("a value"),
    ARRAY("an array"),
    NUMBER("a number"),
    BOOLEAN("true or false");

    final String description;

    Right(String description) {
      this.description = description;
    }

    boolean accepts(Object value) {
      return switch (this) {
        case ANY -> true;
        case ARRAY -> value instanceof JsonArray;
        case NUMBER -> value instanceof Number;
        case BOOLEAN -> value instanceof Boolean;
      };
    }
  }

  final Right right;
  private final BiPredicate<Object, Object> test;

  FilterOperator(Right right, BiPredicate<Object, Object> test) {
    this.right = right;
    this.test = test;
  }

  /** The operator a word names (any case, as Jayway reads it), if it names one. */
  static Optional<FilterOperator> named(String word) {
    for (FilterOperator operator : values()) {
      if (operator.name().equals(word.toUpperCase(Locale.ROOT))) {
        return Optional.of(operator);
      }
    }
    return Optional.empty();
  }

  /** The words, for an error naming what a filter may say. */
  static String words() {
    List<String> words = new ArrayList<>();
    for (FilterOperator operator : values()) {
      words.add(operator.name().toLowerCase(Locale.ROOT));
    }
    return String.join(", ", words);
  }

  /** Whether the operator holds between two sides; an empty side is a path that matched nothing. */
  boolean test(Optional<Object> left, Optional<Object> right) {
    if (right.isEmpty() || !this.right.accepts(right.get())) {
      return false;
    }
    if (left.isEmpty()) {
      return this == NIN;
    }
    return test.test(left.get(), right.get());
  }

  /** Whether {@code value} (JSON null among them) is an element of {@code array}. */
  private static boolean contains(Object array, Object value) {
    for (Object element : (JsonArray) array) {
      if (FilterPredicate.equal(value, element)) {
        return true;
      }
    }
    return false;
  }

  /** Whether every one of {@code values} is an element of {@code array}. */
  private static boolean every(JsonArray values, Object array) {
    return values.stream().allMatch(value -> contains(array, value));
  }

  /** Whether some of {@code values} is an element of {@code array}. */
  private static boolean any(JsonArray values, Object array) {
    return values.stream().anyMatch(value -> contains(array, value));
  }

  private static Optional<Integer> size(Object value) {
    if (value instanceof String text) {
      return Optional.of(text.length());
    }
    if (value instanceof JsonArray array) {
      return Optional.of(array.size());
    }
    return Optional.empty();
  }

  private static Optional<Boolean> empty(Object value) {
    if (value instanceof String text) {
      return Optional.of(text.isEmpty());
    }
    if (value instanceof JsonArray array) {
      return Optional.of(array.isEmpty());
    }
    if (value instanceof JsonObject object) {
      return Optional.of(object.isEmpty());
    }
    return Optional.empty();
  }
}
