package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every state name of a definition with the scope it is in, collected before validation so that a
 * transition to a state of another scope can be reported as crossing a branch boundary rather than
 * as unknown. Reads leniently: malformed parts are simply skipped.
 */
final class ScopeIndex {

  /** Where one state is: its scope's location and its own. */
  record Placement(Location scope, Location state) {}

  private final Map<String, List<Placement>> placements = new LinkedHashMap<>();

  static ScopeIndex of(JsonObject definition) {
    ScopeIndex index = new ScopeIndex();
    index.scope(definition, Location.ROOT);
    return index;
  }

  /** Where the states of a name are, in definition order; more than one is a duplicate. */
  List<Placement> placements(String name) {
    return placements.getOrDefault(name, List.of());
  }

  /** How a message names a scope. */
  static String describe(Location scope) {
    return scope.equals(Location.ROOT) ? "the top level" : "the branch at " + scope;
  }

  private void scope(JsonObject scope, Location at) {
    if (!(scope.getValue("States") instanceof JsonObject states)) {
      return;
    }
    Location statesAt = at.field("States");
    for (String name : states.fieldNames()) {
      Location stateAt = statesAt.field(name);
      placements.computeIfAbsent(name, unused -> new ArrayList<>()).add(new Placement(at, stateAt));
      if (states.getValue(name) instanceof JsonObject state) {
        nestedScopes(state, stateAt);
      }
    }
  }

  private void nestedScopes(JsonObject state, Location at) {
    Object type = state.getValue("Type");
    if ("Parallel".equals(type) && state.getValue("Branches") instanceof JsonArray branches) {
      for (int i = 0; i < branches.size(); i++) {
        if (branches.getValue(i) instanceof JsonObject branch) {
          scope(branch, at.field("Branches").index(i));
        }
      }
    } else if ("Map".equals(type)) {
      for (String field : List.of("ItemProcessor", "Iterator")) {
        if (state.getValue(field) instanceof JsonObject processor) {
          scope(processor, at.field(field));
        }
      }
    }
  }
}
