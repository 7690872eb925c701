package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Retention (SPEC 5) applies to executions as to task messages: a finished execution is purged with
 * its history once the tenant's retention passed; a running one never is.
 */
class ExecutionRetentionTest {

  private OrdoNode node;
  private Api api;
  private Machines machines;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    Map<String, String> environment = TestNode.environment();
    environment.put("ORDO_HISTORY_RETENTION_DAYS", "0");
    environment.put("ORDO_HISTORY_PURGE_INTERVAL", "1");
    node = TestNode.start(environment);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void aFinishedExecution_goesWithItsHistory_aRunningOneStays() {
    machines.put("Waiting", Machines.WAIT_AN_HOUR);
    machines.put("Done", Machines.PASS);
    String running = machines.start("Waiting", new JsonObject());
    String finished = machines.start("Done", new JsonObject());
    // it succeeds, and a purge round (every second) may take it before a poll sees it so
    api.await(
        "/executions/" + finished,
        r -> r.status() == 404 || "SUCCEEDED".equals(r.json().getString("status")),
        Tasks.WAIT);

    api.await("/executions/" + finished, r -> r.status() == 404, Tasks.WAIT);
    assertEquals(404, api.get("/executions/" + finished + "/history").status());
    assertEquals(new JsonArray(), api.get("/state-machines/Done/executions").array());

    assertEquals("RUNNING", machines.get(running).getString("status"));
    assertEquals("ExecutionStarted", machines.history(running).get(0).getString("eventType"));
  }
}
