package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.List;

/** Builds the {@link ChoiceRule} of a valid rule object. */
final class ChoiceRuleParser {

  private ChoiceRuleParser() {}

  static ChoiceRule rule(JsonObject json) {
    String operator = ChoiceRuleChecks.operatorOf(json).orElseThrow();
    switch (operator) {
      case "And":
        return new ChoiceRule.And(rules(json, "And"));
      case "Or":
        return new ChoiceRule.Or(rules(json, "Or"));
      case "Not":
        return new ChoiceRule.Not(rule(json.getJsonObject("Not")));
      default:
        break;
    }
    JsonPath variable = JsonPath.parse(json.getString("Variable"));
    Object operand = json.getValue(operator);
    return TypeTest.Test.forField(operator)
        .<ChoiceRule>map(test -> new TypeTest(variable, test, (Boolean) operand))
        .orElseGet(
            () -> {
              ComparisonOperator comparison = ComparisonOperator.forField(operator).orElseThrow();
              Object against = comparison.path() ? JsonPath.parse((String) operand) : operand;
              return new Comparison(variable, comparison, against);
            });
  }

  private static List<ChoiceRule> rules(JsonObject json, String field) {
    return json.getJsonArray(field).stream().map(rule -> rule((JsonObject) rule)).toList();
  }
}
