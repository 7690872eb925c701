package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * One step of a {@link JsonPath}: a field or an index, which name one node, or a {@link Selector}
 * (wildcard, slice, union, deep scan, filter), which selects any number of them.
 */
sealed interface PathStep {

  /** The child this step selects, or a {@link PathFailure} if there is none. */
  Object child(Object node, String path);

  /** The child to descend into while writing, created as an empty object if missing. */
  Object childForWrite(Object node, String path);

  /** Sets the child this step names. */
  void put(Object node, Object value, String path);

  /** {@code .name} or {@code ['name']}. */
  record Field(String name) implements PathStep {

    @Override
    public Object child(Object node, String path) {
      if (!(node instanceof JsonObject object)) {
        throw new PathFailure(
            path, "field '" + name + "' read from " + JsonValues.aTypeOf(node) + ", not an object");
      }
      if (!object.containsKey(name)) {
        throw new PathFailure(path, "field '" + name + "' is missing");
      }
      return object.getValue(name);
    }

    @Override
    public Object childForWrite(Object node, String path) {
      JsonObject object = asObject(node, path);
      Object child = object.getValue(name);
      if (child == null) {
        child = new JsonObject();
        object.put(name, child);
      }
      return child;
    }

    @Override
    public void put(Object node, Object value, String path) {
      asObject(node, path).put(name, value);
    }

    private JsonObject asObject(Object node, String path) {
      if (node instanceof JsonObject object) {
        return object;
      }
      throw new StatesException(
          StatesError.RESULT_PATH_MATCH_FAILURE,
          "Unable to apply ResultPath '"
              + path
              + "': field '"
              + name
              + "' cannot be set in "
              + JsonValues.aTypeOf(node));
    }
  }

  /**
   * {@code ['a','b']} at the end of a path: one object of the named fields the node has, in the
   * order named (Jayway's merge of several properties). After a deep scan ({@code $..['a','b']})
   * only the objects that have every named field match, as Jayway's scan selects them. It names one
   * node, but not one that can be written: a reference path cannot end with it.
   */
  record Fields(List<String> names, boolean everyName) implements ReadOnly {

    public Fields {
      names = List.copyOf(names);
    }

    @Override
    public Object child(Object node, String path) {
      if (!(node instanceof JsonObject object)) {
        throw new PathFailure(
            path,
            "fields " + quoted() + " read from " + JsonValues.aTypeOf(node) + ", not an object");
      }
      JsonObject merged = new JsonObject();
      for (String name : names) {
        if (object.containsKey(name)) {
          merged.put(name, object.getValue(name));
        } else if (everyName) {
          throw new PathFailure(path, "field '" + name + "' is missing");
        }
      }
      return merged;
    }

    private String quoted() {
      return String.join(", ", names.stream().map(name -> "'" + name + "'").toList());
    }
  }

  /** {@code [n]}; a negative {@code n} counts from the end ({@code [-1]} is the last element). */
  record Index(int index) implements PathStep {

    @Override
    public Object child(Object node, String path) {
      if (!(node instanceof JsonArray array)) {
        throw new PathFailure(
            path, "index " + index + " read from " + JsonValues.aTypeOf(node) + ", not an array");
      }
      int at = position(array);
      if (at < 0 || at >= array.size()) {
        throw new PathFailure(
            path, "index " + index + " is out of bounds (size " + array.size() + ")");
      }
      return array.getValue(at);
    }

    @Override
    public Object childForWrite(Object node, String path) {
      JsonArray array = asArray(node, path);
      return array.getValue(position(array));
    }

    @Override
    public void put(Object node, Object value, String path) {
      JsonArray array = asArray(node, path);
      array.set(position(array), value);
    }

    private int position(JsonArray array) {
      return index < 0 ? array.size() + index : index;
    }

    // Arrays are never grown: Step Functions only replaces existing elements.
    private JsonArray asArray(Object node, String path) {
      if (node instanceof JsonArray array
          && position(array) >= 0
          && position(array) < array.size()) {
        return array;
      }
      throw new StatesException(
          StatesError.RESULT_PATH_MATCH_FAILURE,
          "Unable to apply ResultPath '"
              + path
              + "': no element "
              + index
              + " in "
              + JsonValues.aTypeOf(node));
    }
  }

  /** A step that reads but is never written: a reference path has none ({@link JsonPath#write}). */
  sealed interface ReadOnly extends PathStep {
    @Override
    default Object childForWrite(Object node, String path) {
      throw new IllegalStateException("this step cannot be written: " + path);
    }

    @Override
    default void put(Object node, Object value, String path) {
      throw new IllegalStateException("this step cannot be written: " + path);
    }
  }

  /**
   * A step that selects any number of nodes; a path with one reads as an array of what it matched,
   * and cannot be written to.
   */
  non-sealed interface Selector extends ReadOnly {

    /**
     * The nodes this step selects below a node, in document order.
     *
     * @param root the whole document, which {@code $} inside a filter reads
     * @param budget what the read's regular expressions may still look at
     */
    List<Object> select(Object node, Object root, StepWork budget);

    @Override
    default Object child(Object node, String path) {
      throw new IllegalStateException("this step selects many nodes: " + path);
    }
  }

  /** {@code .*} or {@code [*]}: every element of an array or every field value of an object. */
  record Wildcard() implements Selector {

    static List<Object> children(Object node) {
      List<Object> children = new ArrayList<>();
      if (node instanceof JsonArray array) {
        for (int i = 0; i < array.size(); i++) {
          children.add(array.getValue(i));
        }
      } else if (node instanceof JsonObject object) {
        object.fieldNames().forEach(name -> children.add(object.getValue(name)));
      }
      return children;
    }

    @Override
    public List<Object> select(Object node, Object root, StepWork budget) {
      return children(node);
    }
  }
}
