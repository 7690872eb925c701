package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSONPath steps beyond fields, indices and wildcards that Step Functions' JSONPath (Jayway)
 * understands: slices, unions, deep scan and filters. Each selects any number of nodes, and none
 * fails on missing data: a path through them reads as the (maybe empty) array of its matches.
 */
final class PathSelectors {

  private PathSelectors() {}

  /**
   * {@code [start:end]}: the elements from {@code start} (inclusive) to {@code end} (exclusive) of
   * an array; either may be left out, and a negative one counts from the end.
   */
  record Slice(Integer start, Integer end) implements PathStep.Selector {
    @Override
    public List<Object> select(Object node, Object root, StepWork budget) {
      List<Object> selected = new ArrayList<>();
      if (node instanceof JsonArray array) {
        int size = array.size();
        int from = bound(start, 0, size);
        int to = bound(end, size, size);
        for (int i = from; i < to; i++) {
          selected.add(array.getValue(i));
        }
      }
      return selected;
    }

    private static int bound(Integer value, int absent, int size) {
      if (value == null) {
        return absent;
      }
      int at = value < 0 ? size + value : value;
      return Math.max(0, Math.min(size, at));
    }
  }

  /** {@code [0,2]} or {@code ['a','b']}: several indices of an array or fields of an object. */
  record Union(List<PathStep> members) implements PathStep.Selector {

    Union {
      members = List.copyOf(members);
    }

    /** The names of a union of fields ({@code ['a','b']}); empty for a union of indices. */
    List<String> fieldNames() {
      List<String> names = new ArrayList<>();
      for (PathStep member : members) {
        if (!(member instanceof PathStep.Field field)) {
          return List.of();
        }
        names.add(field.name());
      }
      return names;
    }

    @Override
    public List<Object> select(Object node, Object root, StepWork budget) {
      List<Object> selected = new ArrayList<>();
      for (PathStep member : members) {
        try {
          selected.add(member.child(node, ""));
        } catch (PathFailure missing) {
          // A member that is not there is left out.
        }
      }
      return selected;
    }
  }

  /**
   * {@code ..}: the node and all its descendants, for the next step to select from ({@code $..name}
   * is every field {@code name} at any depth).
   */
  record DeepScan() implements PathStep.Selector {
    @Override
    public List<Object> select(Object node, Object root, StepWork budget) {
      List<Object> all = new ArrayList<>();
      List<Object> pending = new ArrayList<>(List.of(new Object[] {node}));
      while (!pending.isEmpty()) {
        budget.spend(1);
        Object next = pending.remove(pending.size() - 1);
        all.add(next);
        List<Object> children = PathStep.Wildcard.children(next);
        for (int i = children.size() - 1; i >= 0; i--) {
          pending.add(children.get(i));
        }
      }
      return all;
    }
  }

  /**
   * {@code [?(@.price < 10)]}: the elements of an array (or field values of an object) for which
   * the predicate holds.
   */
  record Filter(FilterPredicate predicate) implements PathStep.Selector {
    @Override
    public List<Object> select(Object node, Object root, StepWork budget) {
      List<Object> selected = new ArrayList<>();
      for (Object child : PathStep.Wildcard.children(node)) {
        if (predicate.test(child, root, budget)) {
          selected.add(child);
        }
      }
      return selected;
    }
  }
}
