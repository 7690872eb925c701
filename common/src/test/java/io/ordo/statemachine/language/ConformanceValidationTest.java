package io.ordo.statemachine.language;

import static io.ordo.statemachine.language.DefinitionValidatorTest.assertOnly;
import static io.ordo.statemachine.language.DefinitionValidatorTest.states;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Definitions whose validity Step Functions and Ordo judged differently (issue 15), now judged as
 * Step Functions does. The helpers are {@link DefinitionValidatorTest}'s.
 */
class ConformanceValidationTest {

  private static String pass(String fields) {
    return "\"Type\": \"Pass\", " + fields + (fields.isEmpty() ? "" : ", ") + "\"End\": true";
  }

  @Test
  void aCommentInsideANestedChoiceRuleIsLegal() {
    assertEquals(
        List.of(),
        states(
            "C",
            """
            "C": {"Type": "Choice", "Default": "D", "Choices": [
              {"And": [
                 {"Comment": "positive", "Variable": "$.a", "NumericGreaterThan": 0},
                 {"Not": {"Comment": "not ten", "Variable": "$.a", "NumericEquals": 10}}],
               "Next": "D"}]},
            "D": {"Type": "Succeed"}
            """));
  }

  @Test
  void choiceRulesNestedPast100Levels_areAnInvalidDefinition_notAStackOverflow() {
    // 990 levels of Not (within a request body's 1,000) overflowed the checks' stack: a 500
    String tooDeep = "{\"Not\": ".repeat(989) + "{\"Variable\": \"$.a\", \"IsNull\": true}";
    List<ValidationError> errors =
        states(
            "C",
            "\"C\": {\"Type\": \"Choice\", \"Default\": \"D\", \"Choices\": [{\"Next\": \"D\","
                + " \"Not\": "
                + tooDeep
                + "}".repeat(990)
                + "]}, \"D\": {\"Type\": \"Succeed\"}");
    assertEquals(1, errors.size(), errors::toString);
    assertTrue(
        errors.get(0).message().contains("more than 100 levels of And, Or and Not"),
        errors::toString);
    String deepest = "{\"Not\": ".repeat(99) + "{\"Variable\": \"$.a\", \"IsNull\": true}";
    assertEquals(
        List.of(),
        states(
            "C",
            "\"C\": {\"Type\": \"Choice\", \"Default\": \"D\", \"Choices\": [{\"Next\": \"D\","
                + " \"Not\": "
                + deepest
                + "}".repeat(100)
                + "]}, \"D\": {\"Type\": \"Succeed\"}"));
  }

  @Test
  void nextIsStillOnlyAllowedInATopLevelChoiceRule() {
    assertOnly(
        states(
            "C",
            """
            "C": {"Type": "Choice", "Default": "D", "Choices": [
              {"And": [{"Variable": "$.a", "IsNull": true, "Next": "D"}], "Next": "D"}]},
            "D": {"Type": "Succeed"}
            """),
        "$.States.C.Choices[0].And[0].Next",
        "top-level");
  }

  @Test
  void anIllegalEscapeInAnIntrinsicStringLiteralIsAnInvalidDefinition() {
    assertOnly(
        states(
            "A",
            "\"A\": {" + pass("\"Parameters\": {\"x.$\": \"States.Format('a\\\\nb')\"}") + "}"),
        "$.States.A.Parameters['x.$']",
        "illegal escape");
  }

  @Test
  void aFieldAndTheSameFieldWithDollarAreRefused() {
    assertOnly(
        states("A", "\"A\": {" + pass("\"Parameters\": {\"x\": 1, \"x.$\": \"$.x\"}") + "}"),
        "$.States.A.Parameters['x.$']",
        "would both set the field 'x'");
  }

  @Test
  void aLiteralOfTheWrongTypeForAnIntrinsicIsRefusedWhenSaved() {
    assertOnly(
        states(
            "A", "\"A\": {" + pass("\"Parameters\": {\"x.$\": \"States.MathAdd(1,'-1')\"}") + "}"),
        "$.States.A.Parameters['x.$']",
        "argument 2 must be a number");
  }

  @Test
  void aMachineWithNoStateThatEnds_isRefused_butALoopBesideAnEndIsLegal() {
    List<ValidationError> errors =
        states(
            "A",
            """
            "A": {"Type": "Pass", "Next": "B"},
            "B": {"Type": "Pass", "Next": "A"}
            """);
    assertEquals(1, errors.size(), errors::toString);
    assertEquals("$.States", errors.get(0).path(), errors::toString);
    assertTrue(errors.get(0).message().contains("no state ends a run"), errors::toString);
    // A loop that runs until the execution is stopped, in a machine that can also end: legal, as
    // on Step Functions, whose check (MISSING_END_STATE) is for the whole machine.
    assertEquals(
        List.of(),
        states(
            "C",
            """
            "C": {"Type": "Choice", "Choices": [
              {"Variable": "$.watch", "BooleanEquals": true, "Next": "Poll"}], "Default": "Done"},
            "Poll": {"Type": "Pass", "Next": "Nap"},
            "Nap": {"Type": "Wait", "Seconds": 60, "Next": "Poll"},
            "Done": {"Type": "Succeed"}
            """));
    // A loop with a way out (a Choice leaving it, a Catch) is fine.
    assertEquals(
        List.of(),
        states(
            "A",
            """
            "A": {"Type": "Pass", "Next": "C"},
            "C": {"Type": "Choice", "Choices": [
              {"Variable": "$.done", "BooleanEquals": true, "Next": "Done"}], "Default": "A"},
            "Done": {"Type": "Succeed"}
            """));
    assertEquals(
        List.of(),
        states(
            "T",
            """
            "T": {"Type": "Task", "Resource": "ordo:task:Echo", "Next": "T",
                  "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "F"}]},
            "F": {"Type": "Fail"}
            """));
  }

  @Test
  void aLongChain_isCheckedForAnEndWithoutAPassPerState() {
    // Named so that each state comes before the one it leads to: a fixpoint over every state in
    // that order learnt one state a pass (20,000 states: 30 s on the event loop that saved them).
    int length = 20_000;
    StringBuilder chain = new StringBuilder();
    for (int i = 0; i < length; i++) {
      chain.append(i == 0 ? "" : ",").append("\"S").append(i).append("\": {\"Type\": \"Pass\", ");
      chain.append(i == length - 1 ? "\"End\": true}" : "\"Next\": \"S" + (i + 1) + "\"}");
    }
    assertTimeoutPreemptively(
        Duration.ofSeconds(10), () -> assertEquals(List.of(), states("S0", chain.toString())));

    // The same chain ending in a loop: no state of it ends, found just as fast.
    String looping =
        chain
            .toString()
            .replace(
                "\"S" + (length - 1) + "\": {\"Type\": \"Pass\", \"End\": true}",
                "\"S"
                    + (length - 1)
                    + "\": {\"Type\": \"Pass\", \"Next\": \"S"
                    + (length - 2)
                    + "\"}");
    List<ValidationError> errors =
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> states("S0", looping));
    assertEquals(1, errors.size());
    assertTrue(errors.get(0).message().contains("no state ends a run"), errors.get(0)::toString);
  }

  @Test
  void processorConfigInlineIsAcceptedInItemProcessorAndTheLegacyIterator() {
    for (String field : new String[] {"ItemProcessor", "Iterator"}) {
      assertEquals(
          List.of(),
          states(
              "M",
              "\"M\": {\"Type\": \"Map\", \"End\": true, \""
                  + field
                  + "\": {\"ProcessorConfig\": {\"Mode\": \"INLINE\"}, \"StartAt\": \"E\","
                  + " \"States\": {\"E\": {"
                  + pass("")
                  + "}}}}"),
          field);
    }
  }

  @Test
  void maxConcurrencyPathIsAReferencePathAndExcludesMaxConcurrency() {
    String map =
        "\"M\": {\"Type\": \"Map\", \"End\": true, %s \"ItemProcessor\": {\"StartAt\": \"E\","
            + " \"States\": {\"E\": {"
            + pass("")
            + "}}}}";
    assertEquals(
        List.of(), states("M", String.format(map, "\"MaxConcurrencyPath\": \"$.limit\",")));
    assertOnly(
        states("M", String.format(map, "\"MaxConcurrencyPath\": \"$.limits[*]\",")),
        "$.States.M.MaxConcurrencyPath",
        "reference path");
    assertOnly(
        states(
            "M", String.format(map, "\"MaxConcurrency\": 2, \"MaxConcurrencyPath\": \"$.limit\",")),
        "$.States.M.MaxConcurrencyPath",
        "not both");
  }

  @Test
  void errorPathAndCausePathMayHoldAnIntrinsicFunction() {
    assertEquals(
        List.of(),
        states(
            "F",
            "\"F\": {\"Type\": \"Fail\", \"ErrorPath\": \"States.Format('{}', $.Error)\","
                + " \"CausePath\": \"States.Format('cause: {}', $$.State.Name)\"}"));
    assertOnly(
        states("F", "\"F\": {\"Type\": \"Fail\", \"ErrorPath\": \"States.Nope($.Error)\"}"),
        "$.States.F.ErrorPath",
        "unknown intrinsic function");
  }

  @Test
  void pathsWithFiltersSlicesAndDeepScanAreValidWhereAPathIs() {
    assertEquals(
        List.of(),
        states(
            "A",
            "\"A\": {"
                + pass(
                    "\"InputPath\": \"$.items[?(@.price < 10)]\", \"OutputPath\": \"$[1:]\","
                        + " \"Parameters\": {\"names.$\": \"$..name\"}")
                + "}"));
  }
}
