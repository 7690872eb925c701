package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.ordo.testing.SettableClock;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A failing branch fails its Parallel state at once and stops the other branches: their running
 * tasks are released, their waiting ones removed. Then the state's Retry and Catch apply.
 */
class BranchFailureTest {
  private SettableClock clock;
  private OrdoNode node;
  private Api api;
  private Machines machines;
  private Tasks tasks;

  @BeforeEach
  void reset() {
    TestDatabase.truncate();
    GateTask.reset();
    clock = SettableClock.atNow();
  }

  private void startNode(int maxThreads) {
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_MAX_THREADS", String.valueOf(maxThreads));
    env.put("ORDO_PREFETCH", "0"); // a message beyond the threads waits in its queue

    node = TestNode.start(env, NodeRoles.all(), false, clock);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
    tasks = new Tasks(api);
  }

  @AfterEach
  void stop() {
    if (api != null) {
      api.close();
      node.close();
    }
  }

  @Test
  void aFailingBranch_releasesTheRunningTask_removesTheWaitingOne_andFailsTheExecution() {
    startNode(1); // one task runs, the next one waits in the queue
    machines.put(
        "Breaks",
        """
        { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "Running", "States": { "Running": { "Type": "Task",
            "Resource": "ordo:task:Gate", "Parameters": { "key": "running" }, "End": true } } },
          { "StartAt": "Pause", "States": {
            "Pause": { "Type": "Wait", "Seconds": 10, "Next": "Waiting" },
            "Waiting": { "Type": "Task", "Resource": "ordo:task:Echo", "End": true } } },
          { "StartAt": "Later", "States": {
            "Later": { "Type": "Wait", "Seconds": 20, "Next": "Broken" },
            "Broken": { "Type": "Fail", "Error": "Branch.Broke", "Cause": "as planned" } } }
        ] } } }
        """);
    String id = machines.start("Breaks", new JsonObject());
    String running = machines.message(id, "Running");
    tasks.await(running, "RUNNING");

    clock.advance(Duration.ofSeconds(10));
    poll();
    String waiting = machines.message(id, "Waiting");
    tasks.await(waiting, "WAITING"); // the only slot is taken by the running task

    clock.advance(Duration.ofSeconds(10));
    poll();
    JsonObject execution = machines.await(id, "FAILED");

    assertEquals("Branch.Broke", execution.getString("error"));
    assertEquals("as planned", execution.getString("cause"));
    JsonObject removed = tasks.await(waiting, "DISPOSED");
    assertEquals("REMOVED", removed.getJsonObject("outcome").getString("type"));
    assertEquals(List.of("TaskScheduled", "TaskRemoved"), tasks.eventTypes(waiting));
    JsonObject released = tasks.await(running, "DISPOSED");
    assertEquals("RELEASED", released.getJsonObject("outcome").getString("type"));
    List<String> runningEvents = tasks.eventTypes(running);
    assertTrue(runningEvents.contains("TaskReleaseRequested"), runningEvents::toString);
    assertTrue(runningEvents.contains("TaskReleased"), runningEvents::toString);
    api.await(
        "/executions/" + id, r -> "released".equals(GateTask.ENDINGS.get("running")), Tasks.WAIT);

    List<JsonObject> events = machines.history(id);
    List<String> types = Machines.types(events);
    assertEquals("ExecutionFailed", types.get(types.size() - 1));
    assertEquals(2, Machines.count(events, "TaskStateAborted"), types::toString);
    JsonObject failed = Machines.attributes(events, "ParallelStateFailed").get(0);
    assertEquals("Branch.Broke", failed.getString("error"));
    assertEquals(2, failed.getInteger("branch"));
    // The outcomes of the stopped tasks reached the decider: nothing is left to stop or to read.
    machines.awaitQuiet(id);
  }

  @Test
  void aFailedParallelState_isRetried_thenCaught_withItsErrorAtTheCatchersResultPath() {
    startNode(4);
    machines.put(
        "RetryThenCatch",
        """
        { "StartAt": "P", "States": {
          "P": { "Type": "Parallel", "Next": "Done", "ResultPath": "$.results",
            "Retry": [ { "ErrorEquals": ["io.ordo.samples.SampleFailure"], "IntervalSeconds": 5,
                         "MaxAttempts": 1 } ],
            "Catch": [ { "ErrorEquals": ["States.ALL"], "Next": "Handled",
                         "ResultPath": "$.failure" } ],
            "Branches": [
              { "StartAt": "Slow", "States": { "Slow": { "Type": "Task",
                "Resource": "ordo:task:Gate", "Parameters": { "key": "slow" }, "End": true } } },
              { "StartAt": "Boom", "States": { "Boom": { "Type": "Task",
                "Resource": "ordo:task:Fail", "Parameters": { "message": "boom" },
                "End": true } } } ] },
          "Handled": { "Type": "Pass", "End": true },
          "Done": { "Type": "Succeed" } } }
        """);
    String id = machines.start("RetryThenCatch", new JsonObject().put("order", 7));
    machines.awaitEvents(id, "ParallelStateFailed", 1);
    String firstSlow = machines.message(id, "Slow");
    tasks.await(firstSlow, "DISPOSED");

    clock.advance(Duration.ofSeconds(4));
    poll();
    assertEquals(1, Machines.count(machines.history(id), "ParallelStateStarted"));
    clock.advance(Duration.ofSeconds(1));
    poll();
    machines.awaitEvents(id, "ParallelStateStarted", 2);

    JsonObject execution = machines.await(id, "SUCCEEDED");
    assertEquals(
        new JsonObject()
            .put("order", 7)
            .put(
                "failure",
                new JsonObject()
                    .put("Error", "io.ordo.samples.SampleFailure")
                    .put("Cause", "boom")),
        execution.getValue("output"));
    String secondSlow = machines.message(id, "Slow");
    assertTrue(!secondSlow.equals(firstSlow), "the retry ran the branches again");
    String outcome = tasks.await(secondSlow, "DISPOSED").getJsonObject("outcome").getString("type");
    assertTrue(List.of("REMOVED", "RELEASED").contains(outcome), outcome);
    List<JsonObject> failures = Machines.attributes(machines.history(id), "ParallelStateFailed");
    assertEquals(2, failures.size());
    assertEquals(0, failures.get(0).getJsonObject("retry").getInteger("retrier"));
    assertEquals("Handled", failures.get(1).getString("caughtBy"));
    machines.awaitQuiet(id);
  }

  private void poll() {
    node.queue().decider().pollOnce().toCompletionStage().toCompletableFuture().join();
  }
}
