package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * A path in the JSONPath subset that the States language uses, e.g. {@code $.data.val1}, {@code
 * $.items[0]}, {@code $['a b']} or {@code $$.Execution.Id}.
 *
 * <p>Supported: the roots {@code $} (the state's input) and {@code $$} (the context object), field
 * steps {@code .name}, {@code ['name']} and {@code ["name"]}, index steps {@code [0]}, and the
 * wildcards {@code .*} and {@code [*]}. A path with a wildcard always reads as an array of what it
 * matched. A <em>reference path</em> (ResultPath, ItemsPath, SecondsPath, TimestampPath) must name
 * a single node: no wildcard. Not supported: deep scan {@code ..}, slices, unions, filters {@code
 * [?(...)]}, negative indices and functions; the validator reports them as bad syntax.
 */
public final class JsonPath {

  /** {@code $}: the whole document. */
  public static final JsonPath ROOT = parse("$");

  private final String text;
  private final boolean contextPath;
  private final List<PathStep> steps;

  JsonPath(String text, boolean contextPath, List<PathStep> steps) {
    this.text = text;
    this.contextPath = contextPath;
    this.steps = List.copyOf(steps);
  }

  /**
   * Parses a path.
   *
   * @throws IllegalArgumentException naming what is wrong with the syntax
   */
  public static JsonPath parse(String text) {
    return new JsonPathParser(text).parse();
  }

  /**
   * Parses a reference path: a path that names at most one node, so that it can be written to.
   *
   * @throws IllegalArgumentException if the syntax is wrong or the path has a wildcard
   */
  public static JsonPath parseReference(String text) {
    JsonPath path = parse(text);
    if (!path.isReferencePath()) {
      throw new IllegalArgumentException("a reference path may not use the wildcard '*'");
    }
    return path;
  }

  /** Whether this path starts with {@code $$} and so reads the context object. */
  public boolean isContextPath() {
    return contextPath;
  }

  /** Whether this path names at most one node (it has no wildcard). */
  public boolean isReferencePath() {
    return steps.stream().noneMatch(PathStep.Wildcard.class::isInstance);
  }

  /**
   * Reads what this path names in a document. The root is the document, whether the path starts
   * with {@code $} or {@code $$}; see {@link #resolve} to pick the root from the path.
   *
   * @return a copy of the node, or for a wildcard path an array of the matched nodes
   * @throws PathFailure if a path without wildcard matches nothing, or a wildcard path fails before
   *     its first wildcard
   */
  public Object read(Object root) {
    if (isReferencePath()) {
      Object node = root;
      for (PathStep step : steps) {
        node = step.child(node, text);
      }
      return JsonValues.copy(node);
    }
    List<Object> matches = new ArrayList<>();
    collect(root, 0, true, matches);
    JsonArray array = new JsonArray();
    matches.forEach(match -> array.add(JsonValues.copy(match)));
    return array;
  }

  /** Reads this path from the input, or from the context object if it starts with {@code $$}. */
  public Object resolve(Object input, JsonObject context) {
    return read(contextPath ? context : input);
  }

  /**
   * Returns a copy of a document with a value placed where this reference path points, creating
   * missing intermediate objects; {@code $} replaces the whole document. This is ResultPath.
   *
   * @throws StatesException {@code States.ResultPathMatchFailure} if the path goes through
   *     something that is not an object (or, for an index step, through a missing array element)
   * @throws IllegalStateException if this is not a reference path on {@code $}
   */
  public Object write(Object root, Object value) {
    if (contextPath || !isReferencePath()) {
      throw new IllegalStateException("only a reference path on $ can be written: " + text);
    }
    if (steps.isEmpty()) {
      return JsonValues.copy(value);
    }
    Object copy = JsonValues.copy(root);
    Object node = copy;
    for (int i = 0; i < steps.size() - 1; i++) {
      node = steps.get(i).childForWrite(node, text);
    }
    steps.get(steps.size() - 1).put(node, JsonValues.copy(value), text);
    return copy;
  }

  private void collect(Object node, int index, boolean strict, List<Object> matches) {
    if (index == steps.size()) {
      matches.add(node);
      return;
    }
    PathStep step = steps.get(index);
    if (step instanceof PathStep.Wildcard) {
      for (Object child : PathStep.Wildcard.children(node)) {
        collect(child, index + 1, false, matches);
      }
      return;
    }
    try {
      collect(step.child(node, text), index + 1, strict, matches);
    } catch (PathFailure missing) {
      // After a wildcard, elements without the field are skipped, as JSONPath does.
      if (strict) {
        throw missing;
      }
    }
  }

  /** The path as written. */
  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof JsonPath path && path.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }
}
