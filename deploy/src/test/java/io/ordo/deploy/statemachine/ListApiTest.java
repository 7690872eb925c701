package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.SettableClock;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The two lists the admin UI reads: {@code GET /state-machines} (by name, without definitions) and
 * {@code GET /state-machines/{name}/executions} (newest first, without input and output).
 */
class ListApiTest {

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
  void stateMachines_areListedByName_withRevisionsAndDates_perTenant() {
    assertEquals(new JsonArray(), list("/state-machines"));
    machines.put("Zeta", Machines.PASS);
    machines.put("Alpha", Machines.PASS);
    machines.put("Alpha", Machines.WAIT_AN_HOUR);

    JsonArray listed = list("/state-machines");
    assertEquals(List.of("Alpha", "Zeta"), names(listed, "name"));
    JsonObject alpha = listed.getJsonObject(0);
    assertEquals(2, alpha.getInteger("revision"));
    assertNotNull(alpha.getString("creationDate"));
    assertNotNull(alpha.getString("updateDate"));
    assertFalse(alpha.containsKey("definition"), "the list leaves definitions out");

    assertEquals(List.of("Alpha"), names(list("/state-machines?limit=1"), "name"));
    assertEquals(200, api.as(TestNode.SUBMITTER).get("/state-machines").status());
    assertEquals(
        new JsonArray(),
        api.as(TestNode.OTHER_TENANT).get("/state-machines").array(),
        "another tenant's state machines are not listed");
    assertEquals("invalid_request", api.get("/state-machines?limit=0").code());
  }

  @Test
  void executions_areListedNewestFirst_withStatusAndDates() {
    machines.put("Quick", Machines.PASS);
    machines.put("Slow", Machines.WAIT_AN_HOUR);
    String first = start("Quick", "first");
    clock.advance(Duration.ofSeconds(1));
    String second = start("Quick", "second");
    clock.advance(Duration.ofSeconds(1));
    String waiting = start("Slow", "waiting");
    machines.await(first, "SUCCEEDED");
    machines.await(second, "SUCCEEDED");

    JsonArray quick = list("/state-machines/Quick/executions");
    assertEquals(List.of(second, first), names(quick, "executionId"));
    JsonObject newest = quick.getJsonObject(0);
    assertEquals("second", newest.getString("name"));
    assertEquals("Quick", newest.getString("stateMachine"));
    assertEquals("SUCCEEDED", newest.getString("status"));
    assertEquals(1, newest.getInteger("revision"));
    assertNotNull(newest.getString("startDate"));
    assertNotNull(newest.getString("stopDate"));
    assertFalse(newest.containsKey("input"), "the list leaves input and output out");

    JsonObject running = list("/state-machines/Slow/executions").getJsonObject(0);
    assertEquals(waiting, running.getString("executionId"));
    assertEquals("RUNNING", running.getString("status"));
    assertNull(running.getString("stopDate"));

    assertEquals(
        List.of("second"), names(list("/state-machines/Quick/executions?limit=1"), "name"));
    Api.Reply unknown = api.get("/state-machines/Nothing/executions");
    assertEquals(404, unknown.status());
    assertEquals("not_found", unknown.code());
    assertEquals(
        404,
        api.as(TestNode.OTHER_TENANT).get("/state-machines/Quick/executions").status(),
        "another tenant's state machine does not exist for it");
  }

  private String start(String machine, String name) {
    Api.Reply reply =
        api.post(
            "/state-machines/" + machine + "/executions",
            new JsonObject().put("input", new JsonObject()).put("name", name));
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("executionId");
  }

  private JsonArray list(String path) {
    Api.Reply reply = api.get(path);
    assertEquals(200, reply.status(), reply.body().toString());
    return reply.array();
  }

  private static List<String> names(JsonArray list, String key) {
    return list.stream().map(e -> ((JsonObject) e).getString(key)).toList();
  }
}
