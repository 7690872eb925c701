package io.ordo.queue.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.parameter.ParameterLimits;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The interpreter's bounds, advance by advance, without a database. */
class InterpreterBoundsTest {

  private static ExecutionLimits limits(int maxHistoryEvents, int maxTransitionsPerStep) {
    return limits(
        maxHistoryEvents, maxTransitionsPerStep, StateMachineOptions.DEFAULT_MAX_STEP_WORK);
  }

  private static ExecutionLimits limits(
      int maxHistoryEvents, int maxTransitionsPerStep, long maxStepWork) {
    return new ExecutionLimits(
        new StateMachineOptions(
            maxHistoryEvents,
            maxTransitionsPerStep,
            StateMachineOptions.DEFAULT_MAX_DATA_BYTES,
            StateMachineOptions.DEFAULT_MAX_STEP_BYTES,
            maxStepWork),
        ParameterLimits.DEFAULTS);
  }

  /**
   * A Pass that counts {@code $.i} up and sets {@code field} to {@code expression}, and a Choice
   * that loops back to it while {@code $.i} is below {@code times}: all in one step.
   */
  private static String loop(String field, String expression, int times) {
    return """
        { "StartAt": "Step", "States": {
          "Step": { "Type": "Pass", "Parameters": { "i.$": "States.MathAdd($.i, 1)",
            "%s.$": "%s" }, "Next": "Again" },
          "Again": { "Type": "Choice", "Choices": [ { "Variable": "$.i", "NumericLessThan": %d,
            "Next": "Step" } ], "Default": "Done" },
          "Done": { "Type": "Succeed" } } }
        """
        .formatted(field, expression, times);
  }

  @Test
  void theWorkOfAStep_countsOverAllItsStatesAndPaths_andFailsTheExecutionPastItsBound() {
    // each read is small; a loop of them is not: one budget for the whole advance
    String definition = loop("n", "States.ArrayLength($$.Execution.Input.a)", 2000);
    JsonArray items = new JsonArray();
    for (int i = 0; i < 100; i++) {
      items.add(i);
    }
    JsonObject input = new JsonObject().put("i", 0).put("a", items);
    Harness generous = new Harness(definition, input).start();
    assertEquals(ExecutionStatus.SUCCEEDED, generous.status, () -> generous.cause);

    Harness run = new Harness(definition, input);
    run.limits = limits(25_000, 10_000, 50_000);
    run.start();
    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Runtime", run.error);
    assertTrue(run.cause.contains("more than 50000 units of work"), run.cause);
    assertTrue(run.cause.contains("state-machines.max-step-work"), run.cause);
  }

  @Test
  void aLongChainOfPassStates_runsInOneAdvance_withoutRecursingPerTransition() {
    JsonObject states = new JsonObject();
    int length = 5000;
    for (int i = 0; i < length; i++) {
      JsonObject pass = new JsonObject().put("Type", "Pass");
      states.put(
          "S" + i, i == length - 1 ? pass.put("End", true) : pass.put("Next", "S" + (i + 1)));
    }
    String definition = new JsonObject().put("StartAt", "S0").put("States", states).encode();
    Harness run = new Harness(definition, new JsonObject().put("n", 1)).start();

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(2 + 2 * length, run.events.size());
  }

  @Test
  void aFaultOfTheInterpreter_failsTheExecution_insteadOfLeavingItRunning() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass", "Next": "T" },
          "T": { "Type": "Task", "Resource": "ordo:task:Echo", "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject());
    run.taskTypes =
        name -> {
          throw new IllegalStateException("a fault with a secret text");
        };
    run.start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Runtime", run.error);
    assertEquals(
        "Ordo could not evaluate this execution (IllegalStateException); the node's log has the"
            + " details",
        run.cause);
    List<String> types = run.eventTypes();
    assertEquals("ExecutionFailed", types.get(types.size() - 1), types::toString);
    assertFalse(DeciderState.fromJson(run.state).hasRuns());
  }

  @Test
  void textsAnIntrinsicReads_areWorkByTheirLength() {
    // one unit per text was nothing for a loop hashing a large text hundreds of times
    String definition = loop("h", "States.Hash($$.Execution.Input.s, 'SHA-256')", 100);
    JsonObject input = new JsonObject().put("i", 0).put("s", "x".repeat(100_000));
    Harness run = new Harness(definition, input);
    run.limits = limits(25_000, 10_000, 200_000);
    run.start();
    assertEquals(ExecutionStatus.FAILED, run.status);
    assertTrue(run.cause.contains("more than 200000 units of work"), run.cause);
  }

  @Test
  void aTaskThatLoopsOnItself_failsWhenTheHistoryReachesItsBound() {
    String definition =
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "Next": "Again" },
          "Again": { "Type": "Choice", "Choices": [ { "Variable": "$.stop", "IsPresent": true,
            "Next": "Done" } ], "Default": "T" },
          "Done": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject());
    run.limits = limits(100, 1000);
    run.start();
    while (run.status == ExecutionStatus.RUNNING) {
      run.complete("T", new JsonObject());
    }

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Runtime", run.error);
    assertTrue(run.cause.contains("limit of 100 events"), run.cause);
    List<String> types = run.eventTypes();
    assertEquals(101, types.size(), types::toString);
    assertEquals("ExecutionFailed", types.get(100));
    assertFalse(DeciderState.fromJson(run.state).hasRuns());
  }

  @Test
  void theTransitionsOfOneStep_countOverEveryBranch() {
    String definition =
        """
        { "StartAt": "Each", "States": { "Each": { "Type": "Map", "End": true,
          "ItemProcessor": { "StartAt": "A", "States": {
            "A": { "Type": "Pass", "Next": "B" }, "B": { "Type": "Pass", "End": true } } } } } }
        """;
    JsonArray items = new JsonArray();
    for (int i = 0; i < 100; i++) {
      items.add(i);
    }
    Harness fits = new Harness(definition, items);
    fits.limits = limits(10_000, 201);
    assertEquals(ExecutionStatus.SUCCEEDED, fits.start().status);

    Harness over = new Harness(definition, items);
    over.limits = limits(10_000, 200);
    over.start();
    assertEquals(ExecutionStatus.FAILED, over.status);
    assertTrue(over.cause.contains("more than 200 state transitions in one step"), over.cause);
    assertEquals("ExecutionFailed", over.eventTypes().get(over.events.size() - 1));
    assertTrue(over.eventTypes().contains("MapStateAborted"), over.eventTypes()::toString);
  }

  @Test
  void anExecutionPastItsHistoryBound_canStillBeStopped() {
    JsonArray branches = new JsonArray();
    for (int i = 0; i < 120; i++) {
      branches.add(
          new JsonObject()
              .put("StartAt", "W" + i)
              .put(
                  "States",
                  new JsonObject()
                      .put(
                          "W" + i,
                          new JsonObject()
                              .put("Type", "Wait")
                              .put("Seconds", 60)
                              .put("End", true))));
    }
    String definition =
        new JsonObject()
            .put("StartAt", "P")
            .put(
                "States",
                new JsonObject()
                    .put(
                        "P",
                        new JsonObject()
                            .put("Type", "Parallel")
                            .put("End", true)
                            .put("Branches", branches)))
            .encode();
    Harness run = new Harness(definition, new JsonObject()).start();
    assertEquals(ExecutionStatus.RUNNING, run.status);
    run.limits = limits(100, 1000); // lowered below what the history already holds

    run.step(i -> i.end(ExecutionStatus.ABORTED, "Operator.Stop", null));

    assertEquals(ExecutionStatus.ABORTED, run.status);
    assertEquals(120, run.eventTypes().stream().filter("WaitStateAborted"::equals).count());
    assertEquals("ExecutionAborted", run.eventTypes().get(run.events.size() - 1));
    assertFalse(DeciderState.fromJson(run.state).hasRuns());
  }

  @Test
  void stateDataNestedTooDeep_failsTheExecutionWithDataLimitExceeded() {
    String definition =
        """
        { "StartAt": "Wrap", "States": {
          "Wrap": { "Type": "Pass", "Parameters": { "a.$": "$" }, "Next": "Again" },
          "Again": { "Type": "Choice", "Choices": [ { "Variable": "$.stop", "IsPresent": true,
            "Next": "Done" } ], "Default": "Wrap" },
          "Done": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.DataLimitExceeded", run.error);
    assertTrue(run.cause.contains("nested more than 512 levels deep"), run.cause);
    assertTrue(run.cause.contains("PassStateExited"), run.cause);
  }
}
