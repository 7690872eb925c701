package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;

/**
 * A Choice rule comparing a Variable with an operand, e.g. {@code {"Variable": "$.n",
 * "NumericGreaterThan": 3}}.
 *
 * @param variable the path of the value compared
 * @param operator the comparison
 * @param operand the literal operand, or for a {@code ...Path} operator the {@link JsonPath} to it
 */
public record Comparison(JsonPath variable, ComparisonOperator operator, Object operand)
    implements ChoiceRule {

  @Override
  public boolean matches(Object input, JsonObject context) {
    Object value = ChoiceRule.read(variable, input, context);
    Object against =
        operator.path() ? ChoiceRule.read((JsonPath) operand, input, context) : operand;
    return operator.test(value, against);
  }
}
