package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.SettableClock;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Retry (IntervalSeconds, BackoffRate, MaxDelaySeconds, MaxAttempts) as durable timers, on a clock
 * the test moves; then Catch with its ResultPath; the paths of a Task state around a real task.
 */
class RetryAndCatchTest {
  private SettableClock clock;
  private OrdoNode node;
  private Api api;
  private Machines machines;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    clock = SettableClock.atNow();
    node = TestNode.start(TestNode.environment(), NodeRoles.all(), false, clock);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void retries_waitIntervalTimesBackoffCappedByMaxDelay_asManyTimesAsMaxAttempts_thenCatch() {
    machines.put(
        "Flaky",
        """
        { "StartAt": "Work", "States": {
          "Work": { "Type": "Task", "Resource": "ordo:task:Fail",
            "Parameters": { "message": "boom" }, "Next": "Done",
            "Retry": [ { "ErrorEquals": ["States.Timeout"], "MaxAttempts": 5 },
                       { "ErrorEquals": ["io.ordo.samples.SampleFailure"], "IntervalSeconds": 10,
                         "BackoffRate": 3, "MaxDelaySeconds": 20, "MaxAttempts": 3 } ],
            "Catch": [ { "ErrorEquals": ["States.ALL"], "Next": "Recovered",
                         "ResultPath": "$.error" } ] },
          "Recovered": { "Type": "Pass", "Result": true, "ResultPath": "$.recovered",
            "End": true },
          "Done": { "Type": "Succeed" } } }
        """);
    String id = machines.start("Flaky", new JsonObject().put("order", 42));

    // Retry n waits 10 × 3^(n-1) s, capped at 20 s: 10, 20, 20.
    int[] delays = {10, 20, 20};
    for (int retry = 0; retry < delays.length; retry++) {
      machines.awaitEvents(id, "TaskFailed", retry + 1);
      clock.advance(Duration.ofSeconds(delays[retry]).minusMillis(1));
      poll();
      assertEquals(
          retry + 1,
          Machines.count(machines.history(id), "TaskScheduled"),
          "retry " + (retry + 1) + " must wait " + delays[retry] + " s");
      clock.advance(Duration.ofMillis(1));
      poll();
      machines.awaitEvents(id, "TaskScheduled", retry + 2);
    }

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        new JsonObject()
            .put("order", 42)
            .put(
                "error",
                new JsonObject().put("Error", "io.ordo.samples.SampleFailure").put("Cause", "boom"))
            .put("recovered", true),
        execution.getValue("output"));
    List<JsonObject> events = machines.history(id);
    assertEquals(4, Machines.count(events, "TaskScheduled"), "the first run and 3 retries");
    // Each retry was scheduled exactly its delay after the failure before it.
    List<BigDecimal> failed = timestamps(events, "TaskFailed");
    List<BigDecimal> scheduled = timestamps(events, "TaskScheduled");
    for (int retry = 0; retry < delays.length; retry++) {
      assertEquals(
          BigDecimal.valueOf(delays[retry]).setScale(3),
          scheduled.get(retry + 1).subtract(failed.get(retry)).setScale(3, RoundingMode.HALF_UP),
          "delay before retry " + (retry + 1));
    }
    List<JsonObject> failures = Machines.attributes(events, "TaskFailed");
    assertEquals(1, failures.get(0).getJsonObject("retry").getInteger("retrier"));
    assertEquals(3, failures.get(2).getJsonObject("retry").getInteger("retryNumber"));
    assertEquals("Recovered", failures.get(3).getString("caughtBy"));
  }

  @Test
  void aTaskState_appliesInputPathParametersResultSelectorResultPathOutputPath_inOrder() {
    // Step Functions' documented example of the order, with Echo as the task (result = parameter).
    machines.put(
        "Paths",
        """
        { "StartAt": "Echo", "States": { "Echo": { "Type": "Task", "Resource": "ordo:task:Echo",
          "InputPath": "$.library",
          "Parameters": { "staticValue": "Just a string", "catalog": { "myFavoriteItem.$": "$.books[0]" } },
          "ResultSelector": { "favorite.$": "$.catalog.myFavoriteItem", "note.$": "$.staticValue" },
          "ResultPath": "$.library.echoed",
          "OutputPath": "$.library",
          "End": true } } }
        """);
    JsonObject input =
        new JsonObject()
            .put("comment", "an example")
            .put("library", new JsonObject().put("books", new JsonArray().add("Dune").add("Emma")));

    String id = machines.start("Paths", input);
    JsonObject execution = machines.await(id, "SUCCEEDED");

    assertEquals(
        new JsonObject()
            .put("books", new JsonArray().add("Dune").add("Emma"))
            .put("echoed", new JsonObject().put("favorite", "Dune").put("note", "Just a string")),
        execution.getValue("output"));
    JsonObject scheduled = Machines.attributes(machines.history(id), "TaskScheduled").get(0);
    assertEquals(
        new JsonObject()
            .put("staticValue", "Just a string")
            .put("catalog", new JsonObject().put("myFavoriteItem", "Dune")),
        scheduled.getJsonObject("parameters"));
  }

  @Test
  void anUncaughtTaskError_failsTheExecution_withTheExceptionsClassNameAndMessage() {
    machines.put(
        "Fails",
        """
        { "StartAt": "Work", "States": { "Work": { "Type": "Task", "Resource": "ordo:task:Fail",
          "Parameters": { "message": "it broke" }, "End": true } } }
        """);
    String id = machines.start("Fails", new JsonObject());
    JsonObject execution = machines.await(id, "FAILED");
    assertEquals("io.ordo.samples.SampleFailure", execution.getString("error"));
    assertEquals("it broke", execution.getString("cause"));
    List<String> types = machines.eventTypes(id);
    assertEquals(
        List.of("TaskFailed", "ExecutionFailed"), types.subList(types.size() - 2, types.size()));
  }

  @Test
  void aTaskStatesTimeoutSeconds_endsTheTaskAsStatesTimeout_whichCatchHandles() {
    machines.put(
        "Slow",
        """
        { "StartAt": "Slow", "States": {
          "Slow": { "Type": "Task", "Resource": "ordo:task:Gate", "Parameters": { "key": "slow" },
            "TimeoutSeconds": 5, "End": true,
            "Catch": [ { "ErrorEquals": ["States.Timeout"], "Next": "TooSlow",
                         "ResultPath": "$.timeout" } ] },
          "TooSlow": { "Type": "Pass", "End": true } } }
        """);
    String id = machines.start("Slow", new JsonObject());
    String message = machines.message(id, "Slow");
    Tasks tasks = new Tasks(api);
    assertEquals(
        5, tasks.await(message, "RUNNING").getJsonObject("timeouts").getInteger("startToClose"));

    clock.advance(Duration.ofSeconds(6));
    node.queue().maintenance().runOnce().toCompletionStage().toCompletableFuture().join();

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        "States.Timeout",
        ((JsonObject) execution.getValue("output")).getJsonObject("timeout").getString("Error"));
    JsonObject task = tasks.await(message, "DISPOSED");
    assertEquals("START_TO_CLOSE", task.getJsonObject("outcome").getString("timeoutType"));
    assertEquals(1, Machines.count(machines.history(id), "TaskTimedOut"));
  }

  private static List<BigDecimal> timestamps(List<JsonObject> events, String type) {
    return events.stream()
        .filter(e -> type.equals(e.getString("eventType")))
        .map(e -> new BigDecimal(e.getValue("eventTimestamp").toString()))
        .toList();
  }

  private void poll() {
    node.queue().decider().pollOnce().toCompletionStage().toCompletableFuture().join();
  }
}
