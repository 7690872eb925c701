package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * A condition of a Choice state: a {@link Comparison}, a {@link TypeTest}, or a boolean combination
 * of rules.
 */
public sealed interface ChoiceRule
    permits ChoiceRule.And, ChoiceRule.Or, ChoiceRule.Not, Comparison, TypeTest {

  /**
   * Whether the rule holds for a Choice state's effective input.
   *
   * @throws StatesException {@code States.Runtime} if a rule's Variable (other than in {@code
   *     IsPresent}) or a {@code ...Path} operand matches nothing, as in Step Functions
   */
  boolean matches(Object input, JsonObject context);

  /** {@code And}: every rule holds. */
  record And(List<ChoiceRule> rules) implements ChoiceRule {
    /** Keeps an immutable copy of the rules. */
    public And {
      rules = List.copyOf(rules);
    }

    @Override
    public boolean matches(Object input, JsonObject context) {
      return rules.stream().allMatch(rule -> rule.matches(input, context));
    }
  }

  /** {@code Or}: at least one rule holds. */
  record Or(List<ChoiceRule> rules) implements ChoiceRule {
    /** Keeps an immutable copy of the rules. */
    public Or {
      rules = List.copyOf(rules);
    }

    @Override
    public boolean matches(Object input, JsonObject context) {
      return rules.stream().anyMatch(rule -> rule.matches(input, context));
    }
  }

  /** {@code Not}: the rule does not hold. */
  record Not(ChoiceRule rule) implements ChoiceRule {
    @Override
    public boolean matches(Object input, JsonObject context) {
      return !rule.matches(input, context);
    }
  }

  /** Reads a rule's Variable or path operand, failing as Step Functions does. */
  static Object read(JsonPath path, Object input, JsonObject context) {
    try {
      return path.resolve(input, context);
    } catch (PathFailure missing) {
      throw new StatesException(
          StatesError.RUNTIME,
          "Invalid path '" + path + "': the choice rule references a value that does not exist");
    }
  }
}
