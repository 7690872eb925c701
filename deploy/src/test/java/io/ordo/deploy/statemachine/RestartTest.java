package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Executions live in PostgreSQL: they survive the restart of every node. */
class RestartTest {
  private OrdoNode node;
  private Api api;

  @BeforeEach
  void clean() {
    TestDatabase.truncate();
    GateTask.reset();
  }

  @AfterEach
  void stop() {
    if (node != null) {
      api.close();
      node.close();
    }
  }

  @Test
  void anExecution_survivesTheRestartOfEveryNode_midParallel() {
    start();
    Machines machines = new Machines(api);
    machines.put(
        "Durable",
        """
        { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "Held", "States": { "Held": { "Type": "Task", "Resource": "ordo:task:Gate",
            "Parameters": { "key": "held" }, "End": true } } },
          { "StartAt": "Quick", "States": {
            "Quick": { "Type": "Task", "Resource": "ordo:task:Echo", "Next": "Parked" },
            "Parked": { "Type": "Wait", "Seconds": 2, "End": true } } } ] } } }
        """);
    String id = machines.start("Durable", new JsonObject().put("v", 1));
    String held = machines.message(id, "Held");
    new Tasks(api).await(held, "RUNNING");
    machines.awaitEvents(id, "WaitStateEntered", 1);

    // Every node goes: the running task is released with re-entry, the Wait timer is pending.
    api.close();
    node.close();
    node = null;
    assertEquals("RUNNING", column(id, "status"));
    GateTask.OPEN.add("held");

    start();
    machines = new Machines(api);
    JsonObject execution = machines.await(id, "SUCCEEDED");

    assertEquals(
        new JsonArray()
            .add(new JsonObject().put("key", "held").put("runs", 2))
            .add(new JsonObject().put("v", 1)),
        execution.getValue("output"));
    assertEquals(2, GateTask.runs("held"), "the released task ran again on the new node");
    List<JsonObject> events = machines.history(id);
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getLong("eventId"));
    }
    assertEquals(1, Machines.count(events, "ExecutionSucceeded"));
    assertEquals(2, Machines.count(events, "TaskSucceeded"));
    assertEquals(
        List.of("TaskReentered"),
        new Tasks(api).eventTypes(held).stream().filter("TaskReentered"::equals).toList());
  }

  private void start() {
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  private static String column(String executionId, String column) {
    return TestDatabase.execute(
        connection -> {
          try (var statement =
              connection.prepareStatement(
                  "SELECT " + column + " FROM ordo_execution WHERE execution_id = ?::uuid")) {
            statement.setString(1, executionId);
            try (var row = statement.executeQuery()) {
              row.next();
              return row.getString(1);
            }
          }
        });
  }
}
