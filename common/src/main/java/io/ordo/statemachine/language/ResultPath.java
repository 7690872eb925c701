package io.ordo.statemachine.language;

import java.util.Objects;
import java.util.Optional;

/**
 * A {@code ResultPath} field: where a state's result goes in its raw input. {@code $} (the default)
 * makes the result the whole output; {@code null} in the definition ({@link #DISCARD}) drops the
 * result and passes the raw input on.
 */
public final class ResultPath {

  /** {@code "ResultPath": "$"}, the default. */
  public static final ResultPath ROOT = new ResultPath(JsonPath.ROOT);

  /** {@code "ResultPath": null}. */
  public static final ResultPath DISCARD = new ResultPath(null);

  private final JsonPath path;

  private ResultPath(JsonPath path) {
    this.path = path;
  }

  /**
   * The ResultPath for a field value: {@code null} discards, a string is a reference path on {@code
   * $}.
   *
   * @throws IllegalArgumentException if the string is not such a path
   */
  public static ResultPath of(String referencePath) {
    if (referencePath == null) {
      return DISCARD;
    }
    JsonPath path = JsonPath.parseReference(referencePath);
    if (path.isContextPath()) {
      throw new IllegalArgumentException("a ResultPath cannot write to the context object");
    }
    return new ResultPath(path);
  }

  /** The path, or empty for {@link #DISCARD}. */
  public Optional<JsonPath> path() {
    return Optional.ofNullable(path);
  }

  /**
   * Combines a raw input and a result into a new document.
   *
   * @throws StatesException {@code States.ResultPathMatchFailure} if the path cannot be written
   *     into the input
   */
  public Object apply(Object rawInput, Object result) {
    if (path == null) {
      return JsonValues.copy(rawInput);
    }
    return path.write(rawInput, result);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ResultPath that && Objects.equals(that.path, path);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(path);
  }

  @Override
  public String toString() {
    return path == null ? "null" : path.toString();
  }
}
