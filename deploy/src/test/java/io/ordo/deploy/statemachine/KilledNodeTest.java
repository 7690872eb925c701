package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeProcess;
import io.ordo.deploy.Tasks;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An execution survives a kill -9 of the only node mid-Parallel: the next node on the same data
 * recovers the running branch task (its runner's lease expired) and the pending Wait timer, and the
 * execution ends once, with both branch outputs and a gap-free history.
 */
@Tag("slow")
class KilledNodeTest {
  private static final String TOKEN = "killed-node-token";
  private static final Map<String, String> ENV =
      Map.of(
          "ORDO_LOCK_LEASE", "3",
          "ORDO_LOCK_RENEWAL_PERIOD", "1",
          "ORDO_ROUND_INTERVAL", "1");

  private NodeProcess nodes;

  @BeforeEach
  void dataDirectory() {
    nodes = new NodeProcess(TOKEN);
  }

  @AfterEach
  void stopEverything() {
    nodes.close();
  }

  @Test
  void anExecution_survivesAKill9OfItsNode_midParallel() throws Exception {
    NodeProcess.Started first = nodes.start("first", ENV);
    String id;
    String sleeping;
    try (Api api = new Api(first.port(), TOKEN)) {
      Machines machines = new Machines(api);
      machines.put(
          "Crashing",
          """
          { "StartAt": "P", "States": { "P": { "Type": "Parallel", "End": true, "Branches": [
            { "StartAt": "Long", "States": { "Long": { "Type": "Task",
              "Resource": "ordo:task:Sleep", "Parameters": { "millis": 8000 }, "End": true } } },
            { "StartAt": "Quick", "States": {
              "Quick": { "Type": "Task", "Resource": "ordo:task:Echo", "Next": "Parked" },
              "Parked": { "Type": "Wait", "Seconds": 2, "End": true } } } ] } } }
          """);
      id = machines.start("Crashing", new JsonObject().put("v", 1));
      sleeping = machines.message(id, "Long");
      new Tasks(api).await(sleeping, "RUNNING");
      machines.awaitEvents(id, "WaitStateEntered", 1);
    }
    first.kill();

    NodeProcess.Started second = nodes.start("second", ENV);
    try (Api api = new Api(second.port(), TOKEN)) {
      Machines machines = new Machines(api);
      JsonObject execution =
          api.await(
                  "/executions/" + id,
                  r -> "SUCCEEDED".equals(r.json().getString("status")),
                  Duration.ofSeconds(60))
              .json();
      JsonArray output = execution.getJsonArray("output");
      assertEquals(2, output.size(), output.encode());
      assertTrue(output.getValue(0) instanceof Number, "the Sleep branch's result: " + output);
      assertEquals(new JsonObject().put("v", 1), output.getValue(1));

      List<JsonObject> events = machines.history(id);
      for (int i = 0; i < events.size(); i++) {
        assertEquals(i + 1, events.get(i).getLong("eventId"), "gap-free");
      }
      assertEquals(1, Machines.count(events, "ExecutionSucceeded"));
      assertEquals(2, Machines.count(events, "TaskSucceeded"));
      assertTrue(
          new Tasks(api).eventTypes(sleeping).contains("TaskLeaseExpired"),
          "the killed runner's task was recovered by lease expiry");
    }
  }
}
