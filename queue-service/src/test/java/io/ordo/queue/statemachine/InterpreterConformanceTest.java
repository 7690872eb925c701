package io.ordo.queue.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

/**
 * The interpreter answers what Step Functions answers (issue 15): the context object, Fail states'
 * errors, runtime errors, MaxConcurrencyPath, paths on missing data.
 */
class InterpreterConformanceTest {

  private static JsonObject outputOf(Harness run) {
    assertEquals(ExecutionStatus.SUCCEEDED, run.status, () -> run.error + ": " + run.cause);
    return (JsonObject) run.output;
  }

  @Test
  void theContextObjectOfAPassState_hasStateNameAndEnteredTimeOnly_andMillisecondTimes() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass",
          "Parameters": { "state.$": "$$.State", "execution.$": "$$.Execution",
            "machine.$": "$$.StateMachine" }, "End": true } } }
        """;
    JsonObject out = outputOf(new Harness(definition, new JsonObject().put("a", 1)).start());

    assertEquals(
        new JsonObject().put("Name", "P").put("EnteredTime", "2024-01-01T00:00:00.000Z"),
        out.getJsonObject("state"));
    JsonObject execution = out.getJsonObject("execution");
    assertEquals("2024-01-01T00:00:00.000Z", execution.getString("StartTime"));
    assertEquals("arn:ordo:iam::t:role/ordo-execution", execution.getString("RoleArn"));
    assertEquals("run-1", execution.getString("Name"));
    assertEquals("e-1", execution.getString("Id"));
    assertEquals(new JsonObject().put("a", 1), execution.getJsonObject("Input"));
    assertEquals(
        new JsonObject().put("Id", "machine").put("Name", "machine"), out.getJsonObject("machine"));
  }

  @Test
  void
      theContextObjectsExecution_hasRedriveCountZero_asStepFunctionsShowsForAnExecutionNeverRedriven() {
    // recorded on Step Functions (localstack's test_base.py, test_query_context_object_values):
    // $$.Execution has RedriveCount 0 in an execution that was not redriven; Ordo never redrives
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass",
          "Parameters": { "redrives.$": "$$.Execution.RedriveCount" }, "End": true } } }
        """;
    JsonObject out = outputOf(new Harness(definition, new JsonObject()).start());
    assertEquals(new JsonObject().put("redrives", 0), out);
  }

  @Test
  void theContextObjectOfATaskState_alsoHasItsRetryCount() {
    String definition =
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "Parameters": { "retries.$": "$$.State.RetryCount" }, "End": true,
          "Retry": [ { "ErrorEquals": ["States.ALL"], "IntervalSeconds": 1 } ] } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    assertEquals(new JsonObject().put("retries", 0), run.lastRequests.get(0).parameter());
    run.fail("T", "Boom", "once").advance(java.time.Duration.ofSeconds(1));
    assertEquals(new JsonObject().put("retries", 1), run.lastRequests.get(0).parameter());
  }

  @Test
  void timeoutSecondsPath_takesWhatALiteralTimeoutSecondsMayBe_aboveAYearToo() {
    String definition =
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "TimeoutSecondsPath": "$.t", "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject().put("t", 40_000_000)).start();
    assertEquals(
        java.util.Optional.of(java.time.Duration.ofSeconds(40_000_000)),
        run.lastRequests.get(0).timeouts().get(io.ordo.model.TimeoutType.START_TO_CLOSE));
  }

  @Test
  void timeoutSecondsPath_selectingWhatIsNoWholeNumberOfSeconds_failsNamingTheBoundsAndTheValue() {
    String definition =
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "TimeoutSecondsPath": "$.t", "End": true } } }
        """;
    Harness tooLong = new Harness(definition, new JsonObject().put("t", 99_999_999_999L)).start();
    assertEquals(ExecutionStatus.FAILED, tooLong.status);
    assertEquals("States.Runtime", tooLong.error);
    assertEquals(
        "'$.t' must select a whole number of seconds from 1 to 2147483647, not 99999999999",
        tooLong.cause);

    Harness text = new Harness(definition, new JsonObject().put("t", "5")).start();
    assertEquals(
        "'$.t' must select a whole number of seconds from 1 to 2147483647, not the string \"5\"",
        text.cause);

    // a large value is named cut short, as every cause names what a path selected
    Harness huge = new Harness(definition, new JsonObject().put("t", "9".repeat(100_000))).start();
    assertTrue(huge.cause.length() < 200, huge.cause);
  }

  @Test
  void aWaitMoreThan2147483647SecondsAhead_failsWithStatesRuntime_asStepFunctionsDoes() {
    // recorded on Step Functions (localstack's test_wait.py,
    // test_timestamp_too_far_in_future_boundary):
    // a TimestampPath 24,855 days ahead waits, one 24,856 days ahead fails the execution at once
    String byPath =
        """
        { "StartAt": "W", "States": { "W": { "Type": "Wait", "TimestampPath": "$.until",
          "End": true } } }
        """;
    Harness inBounds =
        new Harness(byPath, new JsonObject().put("until", "2092-01-19T03:14:07Z")).start();
    assertEquals(ExecutionStatus.RUNNING, inBounds.status);

    Harness tooFar =
        new Harness(byPath, new JsonObject().put("until", "2092-01-19T03:14:08Z")).start();
    assertEquals(ExecutionStatus.FAILED, tooFar.status);
    assertEquals("States.Runtime", tooFar.error);
    assertEquals(
        "Wait state delay is too long: 2092-01-19T03:14:08Z is more than 2147483647 seconds"
            + " after the state was entered (2024-01-01T00:00:00Z)",
        tooFar.cause);

    // a literal Timestamp alike, and no Catch handles it (States.Runtime is terminal)
    String literal =
        """
        { "StartAt": "W", "States": {
            "W": { "Type": "Wait", "Timestamp": "9999-12-31T23:59:59Z", "End": true } } }
        """;
    Harness forever = new Harness(literal, new JsonObject()).start();
    assertEquals(ExecutionStatus.FAILED, forever.status);
    assertEquals("States.Runtime", forever.error);
  }

  @Test
  void aFailStateWithoutErrorInAMapIteration_failsTheExecutionWithANullError() {
    String definition =
        """
        { "StartAt": "M", "States": { "M": { "Type": "Map", "End": true,
          "ItemProcessor": { "StartAt": "F", "States": { "F": { "Type": "Fail" } } } } } }
        """;
    Harness run = new Harness(definition, new JsonArray().add(1)).start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertNull(run.error);
  }

  @Test
  void aFailStateWithoutErrorInAParallelBranch_failsTheExecutionWithANullError() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "F", "States": { "F": { "Type": "Fail", "Cause": "no error" } } } ] } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertNull(run.error);
    assertEquals("no error", run.cause);
  }

  @Test
  void errorPathAndCausePath_mayBeIntrinsicFunctions() {
    // The error handling page's example: "ErrorPath": "States.Format('{}', $.Error)".
    String definition =
        """
        { "StartAt": "F", "States": { "F": { "Type": "Fail",
          "ErrorPath": "States.Format('{}', $.Error)",
          "CausePath": "States.Format('{} failed: {}', $$.State.Name, $.Cause)" } } }
        """;
    Harness run =
        new Harness(definition, new JsonObject().put("Error", "Oops").put("Cause", "why")).start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("Oops", run.error);
    assertEquals("F failed: why", run.cause);
  }

  @Test
  void aCausePathMatchingNothing_failsWithStatesRuntime() {
    String definition =
        """
        { "StartAt": "F", "States": { "F": { "Type": "Fail", "Error": "Mine",
          "CausePath": "$.missing" } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Runtime", run.error);
    assertTrue(run.cause.contains("$.missing"), run.cause);
  }

  @Test
  void aParametersPathMatchingNothing_isStatesRuntime_whichStatesAllDoesNotCatch() {
    String definition =
        """
        { "StartAt": "T", "States": {
          "T": { "Type": "Task", "Resource": "ordo:task:Echo",
            "Parameters": { "x.$": "$.missing" }, "End": true,
            "Catch": [ { "ErrorEquals": ["States.ALL"], "Next": "Caught" } ] },
          "Caught": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Runtime", run.error);
  }

  @Test
  void maxConcurrencyPath_readsTheLimitFromTheInput() {
    String definition =
        """
        { "StartAt": "M", "States": { "M": { "Type": "Map", "ItemsPath": "$.items",
          "MaxConcurrencyPath": "$.limit", "End": true, "ItemProcessor": {
            "ProcessorConfig": { "Mode": "INLINE" }, "StartAt": "Echo",
            "States": { "Echo": { "Type": "Task", "Resource": "ordo:task:Echo", "End": true } } } } } }
        """;
    JsonObject input =
        new JsonObject().put("limit", 2).put("items", new JsonArray().add("a").add("b").add("c"));
    Harness run = new Harness(definition, input).start();
    assertEquals(2, run.lastRequests.size(), "two items at once");
    run.complete("Echo", "C?");
    assertEquals(1, run.lastRequests.size(), "the third starts when one ends");

    JsonObject bad = input.copy().put("limit", "two");
    Harness refused = new Harness(definition, bad).start();
    assertEquals(ExecutionStatus.FAILED, refused.status);
    assertEquals("States.Runtime", refused.error);
  }

  @Test
  void aWildcardPathOnMissingData_isAnEmptyArray() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass", "InputPath": "$.items[*]",
          "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(new JsonArray(), run.output);
  }

  @Test
  void aFilterWithAnOperatorThatIsAWord_selectsAsStepFunctionsJaywayPathsDo() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass",
          "Parameters": { "small.$": "$.items[?(@.size in ['S', 'M'])].id",
                          "tagged.$": "$.items[?(@.tags anyof $.wanted)].id",
                          "notS.$": "$.items[?(@.size != 'S')].id" },
          "End": true } } }
        """;
    JsonObject input =
        new JsonObject(
            """
            { "wanted": ["x"], "items": [
              { "id": 1, "size": "S", "tags": ["x"] },
              { "id": 2, "size": "L", "tags": [] },
              { "id": 3, "tags": ["x", "y"] } ] }
            """);
    Harness run = new Harness(definition, input).start();

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(
        new JsonObject()
            .put("small", new JsonArray().add(1))
            .put("tagged", new JsonArray().add(1).add(3))
            .put("notS", new JsonArray().add(2).add(3)),
        run.output);
  }
}
