package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks one Choice rule: exactly one operator (a comparison, a type test, And, Or or Not), a
 * Variable where one is needed, and an operand of the operator's type.
 */
final class ChoiceRuleChecks {

  private static final Set<String> COMBINATORS = Set.of("And", "Or", "Not");
  private static final Set<String> OPERATORS = operators();

  /**
   * How deep And, Or and Not may nest: far beyond a rule anyone writes, and well within what the
   * checks and the evaluation, one call a level, can hold (990 levels of Not overflowed the stack).
   */
  static final int MAX_DEPTH = 100;

  private ChoiceRuleChecks() {}

  static void check(FieldReader rule, boolean topLevel) {
    check(rule, topLevel, 0);
  }

  private static void check(FieldReader rule, boolean topLevel, int depth) {
    Set<String> allowed = new HashSet<>(OPERATORS);
    allowed.add("Variable");
    // Comment is allowed in nested rules too (And[0].Comment), as Step Functions accepts.
    allowed.add("Comment");
    if (topLevel) {
      allowed.add("Next");
    }
    boolean allAllowed =
        rule.allowOnly(
            allowed,
            name -> name.equals("Next") ? "Next is only allowed in a top-level choice rule" : null);
    rule.string("Comment");
    List<String> operators = new ArrayList<>();
    rule.object().fieldNames().stream().filter(OPERATORS::contains).forEach(operators::add);
    if (operators.isEmpty()) {
      if (!allAllowed) {
        // A misspelled operator was just reported; "no operator" would only repeat it.
        return;
      }
      rule.problems()
          .add(
              rule.location(),
              "a choice rule needs a comparison such as StringEquals, a test such as IsNull,"
                  + " or And, Or, Not");
      return;
    }
    if (operators.size() > 1) {
      rule.problems()
          .add(rule.location(), "a choice rule must have exactly one operator, not " + operators);
      return;
    }
    String operator = operators.get(0);
    if (COMBINATORS.contains(operator)) {
      if (rule.has("Variable")) {
        rule.report("Variable", "Variable is not allowed with " + operator);
      }
      combinator(rule, operator, depth);
    } else {
      if (rule.require("Variable")) {
        PathChecks.path(rule, "Variable", false);
      }
      operand(rule, operator);
    }
  }

  private static void combinator(FieldReader rule, String operator, int depth) {
    if (depth >= MAX_DEPTH) {
      rule.report(
          operator, "choice rules nest more than " + MAX_DEPTH + " levels of And, Or and Not");
      return;
    }
    if (operator.equals("Not")) {
      rule.jsonObject("Not")
          .ifPresent(
              inner ->
                  check(new FieldReader(inner, rule.at("Not"), rule.problems()), false, depth + 1));
      return;
    }
    JsonArray rules = rule.array(operator).orElse(null);
    if (rules == null) {
      return;
    }
    if (rules.isEmpty()) {
      rule.report(operator, operator + " must contain at least one rule");
    }
    for (int i = 0; i < rules.size(); i++) {
      Location at = rule.at(operator).index(i);
      if (rules.getValue(i) instanceof JsonObject inner) {
        check(new FieldReader(inner, at, rule.problems()), false, depth + 1);
      } else {
        rule.problems()
            .add(
                at,
                "a choice rule must be an object, not " + FieldReader.describe(rules.getValue(i)));
      }
    }
  }

  private static void operand(FieldReader rule, String operator) {
    if (TypeTest.Test.forField(operator).isPresent()) {
      rule.bool(operator);
      return;
    }
    ComparisonOperator comparison = ComparisonOperator.forField(operator).orElseThrow();
    if (comparison.path()) {
      PathChecks.path(rule, operator, false);
      return;
    }
    Object operand = rule.object().getValue(operator);
    if (!comparison.kind().acceptsOperand(operand)) {
      rule.report(
          operator,
          operator
              + " must be "
              + expected(comparison.kind())
              + ", not "
              + FieldReader.describe(operand));
    }
  }

  private static String expected(ComparisonOperator.Kind kind) {
    return switch (kind) {
      case STRING -> "a string";
      case NUMERIC -> "a number";
      case BOOLEAN -> "a boolean";
      case TIMESTAMP -> "an RFC 3339 timestamp such as 2016-03-14T01:59:00Z";
    };
  }

  private static Set<String> operators() {
    Set<String> operators = new HashSet<>(COMBINATORS);
    operators.addAll(ComparisonOperator.fieldNames());
    for (TypeTest.Test test : TypeTest.Test.values()) {
      operators.add(test.fieldName());
    }
    return Set.copyOf(operators);
  }

  /** The operator field of a valid rule, for the parser. */
  static Optional<String> operatorOf(JsonObject rule) {
    return rule.fieldNames().stream().filter(OPERATORS::contains).findFirst();
  }
}
