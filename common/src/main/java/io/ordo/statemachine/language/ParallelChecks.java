package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Checks a Parallel state's Branches, each of which is validated as a scope of its own. */
final class ParallelChecks {

  private ParallelChecks() {}

  static void check(FieldReader fields, ScopeValidator scopes) {
    if (!fields.require("Branches")) {
      return;
    }
    JsonArray branches = fields.array("Branches").orElse(null);
    if (branches == null) {
      return;
    }
    if (branches.isEmpty()) {
      fields.report("Branches", "Branches must contain at least one branch");
    }
    for (int i = 0; i < branches.size(); i++) {
      Location at = fields.at("Branches").index(i);
      if (branches.getValue(i) instanceof JsonObject branch) {
        scopes.validate(branch, at, ScopeValidator.Kind.BRANCH);
      } else {
        fields
            .problems()
            .add(
                at,
                "a branch must be an object, not " + FieldReader.describe(branches.getValue(i)));
      }
    }
  }
}
