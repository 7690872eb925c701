package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import java.util.Optional;

/**
 * A Choice rule testing what a Variable is, e.g. {@code {"Variable": "$.x", "IsNull": false}}.
 *
 * @param variable the path of the value tested
 * @param test the test
 * @param expected the test's literal operand: whether the rule wants the test to hold
 */
public record TypeTest(JsonPath variable, Test test, boolean expected) implements ChoiceRule {

  /** The type tests, by field name. */
  public enum Test {
    IS_NULL("IsNull"),
    IS_PRESENT("IsPresent"),
    IS_NUMERIC("IsNumeric"),
    IS_STRING("IsString"),
    IS_BOOLEAN("IsBoolean"),
    IS_TIMESTAMP("IsTimestamp");

    private final String fieldName;

    Test(String fieldName) {
      this.fieldName = fieldName;
    }

    /** The field name, e.g. {@code IsNull}. */
    public String fieldName() {
      return fieldName;
    }

    /** The test a Choice rule field names, if it is one. */
    public static Optional<Test> forField(String fieldName) {
      return Arrays.stream(values()).filter(test -> test.fieldName.equals(fieldName)).findFirst();
    }

    boolean holdsFor(Object value) {
      return switch (this) {
        case IS_NULL -> value == null;
        case IS_PRESENT -> true;
        case IS_NUMERIC -> value instanceof Number;
        case IS_STRING -> value instanceof String;
        case IS_BOOLEAN -> value instanceof Boolean;
        case IS_TIMESTAMP -> Timestamps.parse(value).isPresent();
      };
    }
  }

  @Override
  public boolean matches(Object input, JsonObject context) {
    if (test == Test.IS_PRESENT) {
      boolean present;
      try {
        variable.resolve(input, context);
        present = true;
      } catch (PathFailure missing) {
        present = false;
      }
      return present == expected;
    }
    return test.holdsFor(ChoiceRule.read(variable, input, context)) == expected;
  }
}
