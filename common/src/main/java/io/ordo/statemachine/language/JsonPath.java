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
 * steps {@code .name}, {@code ['name']} and {@code ["name"]}, index steps {@code [0]} and {@code
 * [-1]} (from the end), and the selectors of {@link PathSelectors}: wildcards {@code .*} and {@code
 * [*]}, slices {@code [1:3]}, unions {@code [0,2]} and {@code ['a','b']}, deep scan {@code ..name}
 * and filters {@code [?(@.price < 10)]} ({@link FilterPredicate}). Several names in one bracket at
 * the end of a path read as one object of those fields, as in Jayway ({@link PathStep.Fields}). A
 * path with a selector always reads as an array of what it matched, empty when the data is missing
 * ({@code $.items[*]} on {@code {}} is {@code []}). A <em>reference path</em> (ResultPath,
 * ItemsPath, SecondsPath, TimestampPath) must name a single node: no selector. Not supported:
 * functions such as {@code length()} and script expressions {@code [(...)]}; the validator reports
 * them as bad syntax.
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
      throw new IllegalArgumentException(
          "a reference path names one node: no wildcard, slice, union, deep scan or filter");
    }
    return path;
  }

  /** Whether this path starts with {@code $$} and so reads the context object. */
  public boolean isContextPath() {
    return contextPath;
  }

  /**
   * Whether this path names at most one node that can be written: no wildcard or other selector,
   * and no several fields at its end.
   */
  public boolean isReferencePath() {
    return isDefinite() && steps.stream().noneMatch(PathStep.Fields.class::isInstance);
  }

  /** Whether this path reads one node (it has no wildcard or other selector). */
  private boolean isDefinite() {
    return steps.stream().noneMatch(PathStep.Selector.class::isInstance);
  }

  /**
   * Reads what this path names in a document. The root is the document, whether the path starts
   * with {@code $} or {@code $$}; see {@link #resolve} to pick the root from the path.
   *
   * @return a copy of the node, or for a path with a selector an array of the matched nodes
   * @throws PathFailure if a path without selector matches nothing (a path with one never fails: it
   *     matches none)
   */
  public Object read(Object root) {
    return read(root, StepWork.current());
  }

  /** {@link #read(Object)} within a budget of regular-expression matching, a filter's own paths. */
  Object read(Object root, StepWork budget) {
    if (isDefinite()) {
      budget.spend(steps.size());
      Object node = root;
      for (PathStep step : steps) {
        node = step.child(node, text);
      }
      return budget.copy(node);
    }
    List<Object> matches = new ArrayList<>();
    collect(root, root, 0, matches, budget);
    JsonArray array = new JsonArray();
    for (Object match : matches) {
      array.add(budget.copy(match));
    }
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

  private void collect(Object root, Object node, int index, List<Object> matches, StepWork budget) {
    budget.spend(1);
    if (index == steps.size()) {
      matches.add(node);
      return;
    }
    PathStep step = steps.get(index);
    if (step instanceof PathStep.Selector selector) {
      for (Object child : selector.select(node, root, budget)) {
        collect(root, child, index + 1, matches, budget);
      }
      return;
    }
    try {
      collect(root, step.child(node, text), index + 1, matches, budget);
    } catch (PathFailure missing) {
      // As in Jayway's JSONPath, what is missing on the way is no match, not a failure.
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
