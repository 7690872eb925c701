package io.ordo.queue.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.queue.store.ExecutionInboxStore;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The decider's semantics, advance by advance, without a database. */
class InterpreterTest {

  static final String FUN_WITH_MATH =
      """
      { "Comment": "Parallel Example.", "StartAt": "FunWithMath", "States": { "FunWithMath": {
        "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "Add", "States": { "Add": { "Type": "Task",
            "Resource": "arn:aws:states:us-east-1:123456789012:activity:Add", "End": true } } },
          { "StartAt": "Subtract", "States": { "Subtract": { "Type": "Task",
            "Resource": "arn:aws:states:us-east-1:123456789012:activity:Subtract", "End": true } } }
        ] } } }
      """;

  @Test
  void funWithMath_runsBothBranchesAtOnce_andOutputsTheirResultsInBranchOrder() {
    Harness run = new Harness(FUN_WITH_MATH, new JsonArray().add(3).add(2)).start();
    assertEquals(2, run.lastRequests.size(), "both branches' tasks in the first advance");
    assertEquals(
        new JsonObject().put("input", new JsonArray().add(3).add(2)),
        run.lastRequests.get(0).parameter());
    assertEquals("io.ordo.samples.AddTask", run.lastRequests.get(0).taskClassName());

    run.complete("Subtract", 1);
    assertEquals(ExecutionStatus.RUNNING, run.status);
    run.complete("Add", 5);

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(new JsonArray().add(5).add(1), run.output);
    assertEquals(
        List.of(
            "ExecutionStarted",
            "ParallelStateEntered",
            "ParallelStateStarted",
            "TaskStateEntered",
            "TaskScheduled",
            "TaskStateEntered",
            "TaskScheduled",
            "TaskSucceeded",
            "TaskStateExited",
            "TaskSucceeded",
            "TaskStateExited",
            "ParallelStateSucceeded",
            "ParallelStateExited",
            "ExecutionSucceeded"),
        run.eventTypes());
    for (int i = 0; i < run.events.size(); i++) {
      assertEquals(i + 1, run.events.get(i).eventId());
    }
  }

  @Test
  void aFailingBranch_failsTheParallelState_andStopsTheOthers() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "Slow", "States": { "Slow": { "Type": "Task", "Resource": "ordo:task:Sleep",
            "End": true } } },
          { "StartAt": "Later", "States": { "Later": { "Type": "Wait", "Seconds": 60,
            "Next": "After" }, "After": { "Type": "Task", "Resource": "ordo:task:Echo",
            "End": true } } },
          { "StartAt": "Boom", "States": { "Boom": { "Type": "Task", "Resource": "ordo:task:Fail",
            "End": true } } } ] } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    String slow = run.messageOf("Slow");

    run.fail("Boom", "io.ordo.samples.SampleFailure", "boom");

    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("io.ordo.samples.SampleFailure", run.error);
    assertEquals("boom", run.cause);
    assertEquals(List.of(slow), run.stopping(), "the running branch's task is to be stopped");
    List<String> types = run.eventTypes();
    assertTrue(types.contains("TaskStateAborted"), types::toString);
    assertTrue(types.contains("WaitStateAborted"), types::toString);
    assertEquals("ParallelStateFailed", types.get(types.indexOf("TaskFailed") + 1));
    assertEquals("ExecutionFailed", types.get(types.size() - 1));

    // The stopped task's end arrives later and only clears the list.
    run.outcome("Slow", new JsonObject().put("type", "RELEASED"));
    assertEquals(List.of(), run.stopping());
    assertEquals(ExecutionStatus.FAILED, run.status);
  }

  @Test
  void aBranchThatFailsAtOnce_keepsItsSiblingsTasksFromEverBeingRegistered() {
    String definition =
        """
        { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "A", "States": { "A": { "Type": "Task", "Resource": "ordo:task:Echo",
            "End": true } } },
          { "StartAt": "F", "States": { "F": { "Type": "Fail", "Error": "Nope" } } } ] } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("Nope", run.error);
    assertEquals(List.of(), run.lastRequests);
    assertEquals(List.of(), run.stopping());
  }

  @Test
  void retry_waitsIntervalTimesBackoff_cappedByMaxDelay_thenCatchPutsTheErrorAtItsResultPath() {
    String definition =
        """
        { "StartAt": "T", "States": {
          "T": { "Type": "Task", "Resource": "ordo:task:Fail", "Next": "Done",
            "Retry": [ { "ErrorEquals": ["com.example.Other"], "MaxAttempts": 9 },
                       { "ErrorEquals": ["States.TaskFailed"], "IntervalSeconds": 10,
                         "MaxAttempts": 3, "BackoffRate": 3, "MaxDelaySeconds": 20 } ],
            "Catch": [ { "ErrorEquals": ["States.ALL"], "Next": "Recovered",
                         "ResultPath": "$.error" } ] },
          "Recovered": { "Type": "Pass", "End": true },
          "Done": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject().put("n", 1)).start();
    for (int delay : new int[] {10, 20, 20}) {
      run.fail("T", "java.lang.IllegalStateException", "flaky");
      long before = run.count("T");
      run.advance(Duration.ofSeconds(delay).minusMillis(1));
      assertEquals(before, run.count("T"), "not retried before " + delay + " s");
      run.advance(Duration.ofMillis(1));
      assertEquals(before + 1, run.count("T"), "retried after " + delay + " s");
    }
    run.fail("T", "java.lang.IllegalStateException", "flaky");

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(
        new JsonObject()
            .put("n", 1)
            .put(
                "error",
                new JsonObject()
                    .put("Error", "java.lang.IllegalStateException")
                    .put("Cause", "flaky")),
        run.output);
    assertEquals(4, run.count("T"));
  }

  @Test
  void timeouts_areStatesTimeoutAndHeartbeatTimeout() {
    String definition =
        """
        { "StartAt": "T", "States": {
          "T": { "Type": "Task", "Resource": "ordo:task:Sleep", "End": true,
            "TimeoutSeconds": 30, "HeartbeatSeconds": 5,
            "Catch": [ { "ErrorEquals": ["States.HeartbeatTimeout"], "Next": "Beat",
                         "ResultPath": "$.e" } ] },
          "Beat": { "Type": "Task", "Resource": "ordo:task:Sleep", "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    assertEquals(
        30,
        run.lastRequests.get(0).timeouts().toJson().getInteger("startToClose"),
        "TimeoutSeconds is the task's startToClose");
    assertEquals(5, run.lastRequests.get(0).timeouts().toJson().getInteger("heartbeat"));

    run.outcome("T", new JsonObject().put("type", "TIMED_OUT").put("timeoutType", "HEARTBEAT"));
    assertEquals(1, run.count("Beat"));
    run.outcome(
        "Beat", new JsonObject().put("type", "TIMED_OUT").put("timeoutType", "START_TO_CLOSE"));
    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Timeout", run.error);
  }

  @Test
  void nestedParallel_andMap_withMaxConcurrency() {
    String definition =
        """
        { "StartAt": "Outer", "States": { "Outer": { "Type": "Parallel", "End": true,
          "ResultPath": "$.results", "Branches": [
          { "StartAt": "Inner", "States": { "Inner": { "Type": "Parallel", "End": true,
            "Branches": [
              { "StartAt": "Add", "States": { "Add": { "Type": "Task", "Resource": "ordo:task:Add",
                "InputPath": "$.numbers", "End": true } } },
              { "StartAt": "Sub", "States": { "Sub": { "Type": "Task",
                "Resource": "ordo:task:Subtract", "InputPath": "$.numbers", "End": true } } } ] } } },
          { "StartAt": "Each", "States": { "Each": { "Type": "Map", "ItemsPath": "$.items",
            "MaxConcurrency": 1, "End": true, "ItemProcessor": { "StartAt": "Echo",
            "States": { "Echo": { "Type": "Task", "Resource": "ordo:task:Echo",
            "End": true } } } } } } ] } } }
        """;
    JsonObject input =
        new JsonObject()
            .put("numbers", new JsonArray().add(3).add(2))
            .put("items", new JsonArray().add("a").add("b"));
    Harness run = new Harness(definition, input).start();
    assertEquals(3, run.lastRequests.size(), "Add, Subtract and one Map item (MaxConcurrency 1)");
    run.complete("Echo", "A");
    assertEquals(new JsonObject().put("input", "b"), run.lastRequests.get(0).parameter());
    run.complete("Echo", "B").complete("Sub", 1).complete("Add", 5);

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    JsonArray results = ((JsonObject) run.output).getJsonArray("results");
    assertEquals(
        new JsonArray().add(new JsonArray().add(5).add(1)).add(new JsonArray().add("A").add("B")),
        results);
  }

  @Test
  void aFailureDeepInANestedParallel_failsEachEnclosingState_untilACatchHandlesIt() {
    String definition =
        """
        { "StartAt": "Outer", "States": {
          "Outer": { "Type": "Parallel", "Next": "Done",
            "Catch": [ { "ErrorEquals": ["Deep.Error"], "Next": "Handled", "ResultPath": "$.e" } ],
            "Branches": [
              { "StartAt": "Inner", "States": { "Inner": { "Type": "Parallel", "End": true,
                "Branches": [
                  { "StartAt": "Work", "States": { "Work": { "Type": "Task",
                    "Resource": "ordo:task:Echo", "End": true } } },
                  { "StartAt": "Deep", "States": { "Deep": { "Type": "Task",
                    "Resource": "ordo:task:Fail", "End": true } } } ] } } },
              { "StartAt": "Side", "States": { "Side": { "Type": "Task",
                "Resource": "ordo:task:Sleep", "End": true } } } ] },
          "Handled": { "Type": "Pass", "End": true },
          "Done": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    String work = run.messageOf("Work");
    String side = run.messageOf("Side");

    run.fail("Deep", "Deep.Error", "deep down");

    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(
        new JsonObject()
            .put("e", new JsonObject().put("Error", "Deep.Error").put("Cause", "deep down")),
        run.output);
    assertEquals(List.of(side, work).stream().sorted().toList(), run.stopping());
    assertEquals(2, run.eventTypes().stream().filter("ParallelStateFailed"::equals).count());
  }

  @Test
  void endingAnExecution_abortsEveryRun_andStopsItsTasks() {
    Harness run = new Harness(FUN_WITH_MATH, new JsonArray().add(3).add(2)).start();
    run.step(i -> i.end(ExecutionStatus.TIMED_OUT, "States.Timeout", "too long"));
    assertEquals(ExecutionStatus.TIMED_OUT, run.status);
    assertEquals(2, run.stopping().size());
    List<String> types = run.eventTypes();
    assertEquals("ExecutionTimedOut", types.get(types.size() - 1));
    assertTrue(types.contains("ParallelStateAborted"), types::toString);
    assertFalse(DeciderState.fromJson(run.state).hasRuns());
  }

  @Test
  void statesThatLoopWithoutWaiting_failTheExecutionWithStatesRuntime() {
    String definition =
        """
        { "StartAt": "A", "States": {
          "A": { "Type": "Pass", "Next": "B" },
          "B": { "Type": "Choice", "Choices": [ { "Variable": "$.stop", "IsPresent": true,
            "Next": "C" } ], "Default": "A" },
          "C": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    assertEquals(ExecutionStatus.FAILED, run.status);
    assertEquals("States.Runtime", run.error);
  }

  @Test
  void aWaitState_firesWhenItsTimeComes() {
    String definition =
        """
        { "StartAt": "W", "States": {
          "W": { "Type": "Wait", "SecondsPath": "$.s", "Next": "Done" },
          "Done": { "Type": "Pass", "Result": "done", "ResultPath": "$.r", "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject().put("s", 30)).start();
    run.advance(Duration.ofSeconds(29));
    assertEquals(ExecutionStatus.RUNNING, run.status);
    run.advance(Duration.ofSeconds(1));
    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(new JsonObject().put("s", 30).put("r", "done"), run.output);
  }

  @Test
  void aResultPathThatDoesNotFit_isCaughtAsResultPathMatchFailure() {
    String definition =
        """
        { "StartAt": "T", "States": {
          "T": { "Type": "Task", "Resource": "ordo:task:Echo", "ResultPath": "$.a.b", "End": true,
            "Catch": [ { "ErrorEquals": ["States.ResultPathMatchFailure"], "Next": "Caught" } ] },
          "Caught": { "Type": "Succeed" } } }
        """;
    Harness run = new Harness(definition, new JsonObject().put("a", 1)).start();
    run.complete("T", "x");
    assertEquals(ExecutionStatus.SUCCEEDED, run.status);
    assertEquals(
        "States.ResultPathMatchFailure",
        ((JsonObject) run.output).getString("Error"),
        run.output::toString);
  }

  @Test
  void aTaskStart_isRecordedOnce_andItsOutcomeNamesIt() {
    String definition =
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    run.started("T", 1);
    run.started("T", 2); // started again after its runner died: still the same task

    run.complete("T", "done");

    assertEquals(
        List.of(
            "ExecutionStarted",
            "TaskStateEntered",
            "TaskScheduled",
            "TaskStarted",
            "TaskSucceeded",
            "TaskStateExited",
            "ExecutionSucceeded"),
        run.eventTypes());
    JsonObject started = run.events.get(3).attributes();
    assertEquals(3L, started.getLong("scheduledEventId"));
    assertEquals(1, started.getInteger("attempt"));
    assertEquals(4L, run.events.get(4).attributes().getLong("startedEventId"));
  }

  @Test
  void anOutcomeThatArrivesWithItsStart_recordsBoth_inOrder() {
    String definition =
        """
        { "StartAt": "T", "States": { "T": { "Type": "Task", "Resource": "ordo:task:Echo",
          "End": true } } }
        """;
    Harness run = new Harness(definition, new JsonObject()).start();
    JsonObject start =
        ExecutionInboxStore.started(new JsonObject().put("node", "runner-1").put("attempt", 1));

    run.outcome(
        "T",
        new JsonObject()
            .put("type", "FAILED")
            .put("error", "Boom")
            .put("cause", "no")
            .put("started", start));

    List<String> types = run.eventTypes();
    assertEquals(List.of("TaskScheduled", "TaskStarted", "TaskFailed"), types.subList(2, 5));
    assertEquals(ExecutionStatus.FAILED, run.status);
  }
}
