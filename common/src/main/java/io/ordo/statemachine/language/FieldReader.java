package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the fields of one JSON object of a definition, reporting each field that is missing or of
 * the wrong type; a read that failed returns empty so that the caller can carry on.
 */
final class FieldReader {

  private final JsonObject object;
  private final Location at;
  private final Problems problems;

  FieldReader(JsonObject object, Location at, Problems problems) {
    this.object = object;
    this.at = at;
    this.problems = problems;
  }

  JsonObject object() {
    return object;
  }

  Location location() {
    return at;
  }

  Location at(String name) {
    return at.field(name);
  }

  Problems problems() {
    return problems;
  }

  boolean has(String name) {
    return object.containsKey(name);
  }

  void report(String name, String message) {
    problems.add(at(name), message);
  }

  boolean require(String name) {
    if (!has(name)) {
      report(name, name + " is required");
      return false;
    }
    return true;
  }

  /**
   * Reports every field outside {@code allowed}, with the reason {@code whyNot} gives (or null for
   * the generic "unknown field", which then suggests a near allowed name).
   *
   * @return whether every field was allowed
   */
  boolean allowOnly(Set<String> allowed, Function<String, String> whyNot) {
    boolean allAllowed = true;
    for (String name : object.fieldNames()) {
      if (!allowed.contains(name)) {
        String reason = whyNot.apply(name);
        report(name, reason != null ? reason : unknown(name, allowed));
        allAllowed = false;
      }
    }
    return allAllowed;
  }

  private static String unknown(String name, Set<String> allowed) {
    return Spelling.closest(name, allowed)
        .map(near -> "unknown field '" + name + "'; did you mean '" + near + "'?")
        .orElse("unknown field '" + name + "'");
  }

  Optional<String> string(String name) {
    return typed(name, String.class, "a string");
  }

  Optional<String> requiredString(String name) {
    return require(name) ? string(name) : Optional.empty();
  }

  Optional<Boolean> bool(String name) {
    return typed(name, Boolean.class, "a boolean");
  }

  Optional<JsonObject> jsonObject(String name) {
    return typed(name, JsonObject.class, "an object");
  }

  Optional<JsonArray> array(String name) {
    return typed(name, JsonArray.class, "an array");
  }

  /** An optional integer field of at least {@code min}. */
  OptionalInt integer(String name, int min) {
    return integer(name, min, Integer.MAX_VALUE);
  }

  /** An optional integer field from {@code min} to {@code max}. */
  OptionalInt integer(String name, int min, int max) {
    if (!has(name)) {
      return OptionalInt.empty();
    }
    Object value = object.getValue(name);
    if (!JsonValues.isIntegral(value)) {
      report(name, name + " must be an integer, not " + describe(value));
      return OptionalInt.empty();
    }
    // Compared as decimals: a long would wrap for numbers past its range.
    BigDecimal number = JsonValues.decimal((Number) value);
    if (number.compareTo(BigDecimal.valueOf(min)) < 0) {
      report(name, name + " must be at least " + min + ", not " + JsonValues.abbreviate(value));
      return OptionalInt.empty();
    }
    if (number.compareTo(BigDecimal.valueOf(max)) > 0) {
      report(name, name + " must be at most " + max);
      return OptionalInt.empty();
    }
    return OptionalInt.of(number.intValueExact());
  }

  /** An optional number field of at least {@code min}. */
  Optional<Double> number(String name, double min) {
    Optional<Number> value = typed(name, Number.class, "a number");
    if (value.isPresent() && value.get().doubleValue() < min) {
      report(name, name + " must be at least " + min + ", not " + value.get());
      return Optional.empty();
    }
    return value.map(Number::doubleValue);
  }

  private <T> Optional<T> typed(String name, Class<T> type, String expected) {
    if (!has(name)) {
      return Optional.empty();
    }
    Object value = object.getValue(name);
    if (!type.isInstance(value)) {
      report(name, name + " must be " + expected + ", not " + describe(value));
      return Optional.empty();
    }
    return Optional.of(type.cast(value));
  }

  static String describe(Object value) {
    return value == null ? "null" : JsonValues.typeOf(value) + " " + JsonValues.encode(value);
  }
}
