package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.Objects;
import java.util.Optional;

/**
 * An {@code InputPath} or {@code OutputPath} field: the part of a document that goes on. {@code $}
 * (the default) keeps it all; {@code null} in the definition ({@link #EMPTY}) passes on {@code {}}.
 */
public final class FilterPath {

  /** {@code "InputPath": "$"}, the default. */
  public static final FilterPath ROOT = new FilterPath(JsonPath.ROOT);

  /** {@code "InputPath": null}: the document becomes {@code {}}. */
  public static final FilterPath EMPTY = new FilterPath(null);

  private final JsonPath path;

  private FilterPath(JsonPath path) {
    this.path = path;
  }

  /**
   * The filter for a field value: {@code null} empties, a string is a path.
   *
   * @throws IllegalArgumentException if the string is not a path
   */
  public static FilterPath of(String path) {
    return path == null ? EMPTY : new FilterPath(JsonPath.parse(path));
  }

  /** The path, or empty for {@link #EMPTY}. */
  public Optional<JsonPath> path() {
    return Optional.ofNullable(path);
  }

  /**
   * Selects from a document ({@code $$} paths select from the context object).
   *
   * @throws PathFailure if the path matches nothing
   */
  public Object apply(Object document, JsonObject context) {
    return path == null ? new JsonObject() : path.resolve(document, context);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FilterPath that && Objects.equals(that.path, path);
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
