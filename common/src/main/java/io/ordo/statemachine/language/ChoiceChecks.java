package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** Checks a Choice state's Choices and Default; returns its transitions. */
final class ChoiceChecks {

  private ChoiceChecks() {}

  static List<Edge> check(FieldReader fields) {
    List<Edge> edges = new ArrayList<>();
    if (fields.require("Choices")) {
      fields.array("Choices").ifPresent(choices -> choices(choices, fields, edges));
    }
    fields.string("Default").ifPresent(target -> edges.add(new Edge(target, fields.at("Default"))));
    return edges;
  }

  private static void choices(JsonArray choices, FieldReader fields, List<Edge> edges) {
    if (choices.isEmpty()) {
      fields.report("Choices", "Choices must contain at least one choice rule");
    }
    for (int i = 0; i < choices.size(); i++) {
      Location at = fields.at("Choices").index(i);
      if (choices.getValue(i) instanceof JsonObject rule) {
        FieldReader choice = new FieldReader(rule, at, fields.problems());
        ChoiceRuleChecks.check(choice, true);
        choice
            .requiredString("Next")
            .ifPresent(next -> edges.add(new Edge(next, choice.at("Next"))));
      } else {
        fields
            .problems()
            .add(
                at,
                "a choice rule must be an object, not "
                    + FieldReader.describe(choices.getValue(i)));
      }
    }
  }
}
