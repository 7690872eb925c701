package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Executions over the API: start (names unique per state machine), describe, stop, history, the
 * execution's own TimeoutSeconds, roles and tenants.
 */
class ExecutionApiTest {
  private static final String GATED =
      """
      { "StartAt": "P", "TimeoutSeconds": 60, "States": { "P": { "Type": "Parallel", "End": true,
        "Branches": [
          { "StartAt": "Running", "States": { "Running": { "Type": "Task",
            "Resource": "ordo:task:Gate", "Parameters": { "key.$": "$.key" }, "End": true } } },
          { "StartAt": "Pause", "States": { "Pause": { "Type": "Wait", "Seconds": 3600,
            "End": true } } } ] } } }
      """;

  private SettableClock clock;
  private OrdoNode node;
  private Api api;
  private Machines machines;
  private Tasks tasks;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    GateTask.reset();
    clock = SettableClock.atNow();
    node = TestNode.start(TestNode.environment(), NodeRoles.all(), false, clock);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
    tasks = new Tasks(api);
    machines.put("Gated", GATED);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void stop_abortsTheExecution_andReleasesItsRunningTask() {
    String id = machines.start("Gated", new JsonObject().put("key", "stop"));
    String running = machines.message(id, "Running");
    tasks.await(running, "RUNNING");

    Api.Reply stopped =
        api.post(
            "/executions/" + id + "/stop",
            new JsonObject().put("error", "Operator.Stop").put("cause", "not needed"));

    assertEquals(200, stopped.status(), stopped.body().toString());
    assertEquals("ABORTED", stopped.json().getString("status"));
    assertEquals("Operator.Stop", stopped.json().getString("error"));
    assertNotNull(stopped.json().getString("stopDate"));
    assertEquals(
        "RELEASED", tasks.await(running, "DISPOSED").getJsonObject("outcome").getString("type"));
    List<String> types = machines.eventTypes(id);
    assertEquals("ExecutionAborted", types.get(types.size() - 1));
    assertTrue(types.contains("WaitStateAborted"), types::toString);
    assertTrue(types.contains("ParallelStateAborted"), types::toString);
    machines.awaitQuiet(id);
    // Stopping again changes nothing.
    Api.Reply again = api.post("/executions/" + id + "/stop", null);
    assertEquals(200, again.status(), again.body().toString());
    assertEquals("Operator.Stop", again.json().getString("error"));
    assertEquals(types.size(), machines.eventTypes(id).size());
  }

  @Test
  void theExecutionsTimeoutSeconds_endsItTimedOut_andReleasesItsTasks() {
    String id = machines.start("Gated", new JsonObject().put("key", "slow"));
    String running = machines.message(id, "Running");
    tasks.await(running, "RUNNING");

    clock.advance(Duration.ofSeconds(59));
    poll();
    assertEquals("RUNNING", machines.get(id).getString("status"));
    clock.advance(Duration.ofSeconds(1));
    poll();

    JsonObject execution = machines.await(id, "TIMED_OUT");
    assertEquals("States.Timeout", execution.getString("error"));
    assertEquals(
        "RELEASED", tasks.await(running, "DISPOSED").getJsonObject("outcome").getString("type"));
    List<String> types = machines.eventTypes(id);
    assertEquals("ExecutionTimedOut", types.get(types.size() - 1));
    machines.awaitQuiet(id);
  }

  @Test
  void aNameIsUniquePerStateMachine_theSameInputAnswersTheSameExecution_anotherIs409() {
    JsonObject body =
        new JsonObject().put("name", "order-17").put("input", new JsonObject().put("key", "n"));
    Api.Reply first = api.post("/state-machines/Gated/executions", body);
    assertEquals(201, first.status(), first.body().toString());
    String id = first.json().getString("executionId");
    assertEquals("/api/v1/executions/" + id, first.headers().get("Location"));
    assertEquals("order-17", first.json().getString("name"));

    Api.Reply repeated = api.post("/state-machines/Gated/executions", body);
    assertEquals(200, repeated.status(), repeated.body().toString());
    assertEquals(id, repeated.json().getString("executionId"));

    Api.Reply conflicting =
        api.post(
            "/state-machines/Gated/executions",
            new JsonObject()
                .put("name", "order-17")
                .put("input", new JsonObject().put("key", "m")));
    assertEquals(409, conflicting.status());
    assertEquals("execution_exists", conflicting.code());
    assertEquals(1, Machines.count(machines.history(id), "ExecutionStarted"));
  }

  @Test
  void withoutInputOrName_theInputIsAnEmptyObject_andTheNameTheId() {
    machines.put(
        "Echo",
        """
        { "StartAt": "P", "States": { "P": { "Type": "Pass", "End": true } } }
        """);
    Api.Reply started = api.post("/state-machines/Echo/executions", null);
    assertEquals(201, started.status(), started.body().toString());
    JsonObject execution = started.json();
    assertEquals(execution.getString("executionId"), execution.getString("name"));
    assertEquals("SUCCEEDED", execution.getString("status"), "a Pass machine ends at once");
    assertEquals(new JsonObject(), execution.getValue("output"));
    assertEquals(
        "SUCCEEDED",
        api.post("/state-machines/Echo/executions", new JsonObject().put("input", "text"))
            .json()
            .getString("status"));
  }

  @Test
  void history_pagesLikeATasksHistory_andUnknownIdsAre404() {
    String id = machines.start("Gated", new JsonObject().put("key", "h"));
    tasks.await(machines.message(id, "Running"), "RUNNING");
    // The task's start reaches the execution's history through the decider: wait for it, so the
    // history read here is the one the page below reads.
    List<JsonObject> all = machines.awaitEvents(id, "TaskStarted", 1);
    Api.Reply page = api.get("/executions/" + id + "/history?maximumPageSize=2&reverseOrder=true");
    assertEquals(200, page.status());
    assertEquals(2, page.json().getJsonArray("events").size());
    assertEquals(
        all.get(all.size() - 1).getLong("eventId"),
        page.json().getJsonArray("events").getJsonObject(0).getLong("eventId"));
    assertNotNull(page.json().getString("nextPageToken"));
    JsonObject started = all.get(0);
    assertEquals("ExecutionStarted", started.getString("eventType"));
    assertNotNull(started.getValue("eventTimestamp"));
    assertEquals(
        new JsonObject().put("key", "h"),
        started.getJsonObject("executionStartedEventAttributes").getJsonObject("input"));

    String unknown = "01890a5d-ac96-774b-bcce-b302099a8057";
    for (String path :
        List.of(
            "/executions/" + unknown,
            "/executions/" + unknown + "/history",
            "/executions/not-a-uuid",
            "/executions/" + machines.message(id, "Running") + "/history")) {
      Api.Reply reply = api.get(path);
      assertEquals(404, reply.status(), path);
      assertEquals("not_found", reply.code(), path);
    }
    assertEquals(404, api.post("/executions/" + unknown + "/stop", null).status());
    assertEquals(404, api.post("/state-machines/Nope/executions", null).status());
  }

  @Test
  void submittersStartAndRead_operatorsStop_otherTenantsSeeNothing() {
    Api submitter = api.as(TestNode.SUBMITTER);
    Api.Reply started =
        submitter.post(
            "/state-machines/Gated/executions",
            new JsonObject().put("input", new JsonObject().put("key", "roles")));
    assertEquals(201, started.status(), started.body().toString());
    String id = started.json().getString("executionId");
    assertEquals(200, submitter.get("/executions/" + id).status());
    assertEquals(200, submitter.get("/executions/" + id + "/history").status());
    assertEquals(403, submitter.post("/executions/" + id + "/stop", null).status());

    Api other = api.as(TestNode.OTHER_TENANT);
    assertEquals(404, other.get("/executions/" + id).status());
    assertEquals(404, other.get("/executions/" + id + "/history").status());
    assertEquals(404, other.post("/executions/" + id + "/stop", null).status());
    assertEquals(404, other.post("/state-machines/Gated/executions", null).status());
    assertEquals("RUNNING", machines.get(id).getString("status"));
    assertNull(machines.get(id).getString("stopDate"));
  }

  @Test
  void stop_whileAnotherOwnerHoldsTheLock_is409_orWaitsForItWithLockRetry() {
    String id = machines.start("Gated", new JsonObject().put("key", "locked"));
    tasks.await(machines.message(id, "Running"), "RUNNING");
    Machines.holdLock(id, 5);

    Api.Reply locked = api.post("/executions/" + id + "/stop?lockRetry=NoRetry", null);
    assertEquals(409, locked.status(), locked.body().toString());
    assertEquals("instance_locked", locked.code());
    assertNotNull(locked.headers().get("Retry-After"));
    assertEquals("RUNNING", machines.get(id).getString("status"));

    Api.Reply stopped = api.post("/executions/" + id + "/stop?lockRetry=BasicRetry", null);
    assertEquals(200, stopped.status(), stopped.body().toString());
    assertEquals("ABORTED", stopped.json().getString("status"));
    machines.awaitQuiet(id);
  }

  private void poll() {
    node.queue().decider().pollOnce().toCompletionStage().toCompletableFuture().join();
  }
}
