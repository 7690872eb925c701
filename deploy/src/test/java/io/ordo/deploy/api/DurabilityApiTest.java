package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeProcess;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SPEC 3.2 and the gotcha of an embedded PostgreSQL after {@code kill -9}: an all-in-one node in
 * its own JVM is killed without warning; its postgres survives as an orphan; the next node on the
 * same data directory stops that orphan, starts its own server, and every registered message is
 * still there, in order. Every process this test starts is stopped afterwards.
 */
@Tag("slow")
class DurabilityApiTest {
  private static final String TOKEN = "durability-token";
  private static final int MESSAGES = 25;

  private NodeProcess nodes;

  @BeforeEach
  void createDataDirectory() {
    nodes = new NodeProcess(TOKEN);
  }

  @AfterEach
  void stopEverything() {
    nodes.close();
  }

  @Test
  void firstStart_onAnEmptyDataDirectory_isReady() {
    NodeProcess.Started node = nodes.start("fresh", Map.of());
    try (Api api = new Api(node.port(), TOKEN)) {
      assertEquals(200, api.get("/status").status());
    }
  }

  @Test
  void sigterm_stopsTheNodeAndItsEmbeddedDatabase_andAWaitingMessageSurvives() throws Exception {
    NodeProcess.Started node = nodes.start("terminated", Map.of());
    String id;
    try (Api api = new Api(node.port(), TOKEN)) {
      NodeApiTest.setParallelActive(api, false);
      id =
          NodeApiTest.registerParallel(api, NodeApiTest.task("Echo", new JsonObject()))
              .getString("messageId");
    }
    long server = nodes.serverPid().orElseThrow(() -> new AssertionError("no postmaster.pid"));

    node.terminate();
    // pg_ctl stop returns once postmaster.pid is gone; the postmaster exits an instant later
    ProcessHandle.of(server)
        .ifPresent(
            postgres -> {
              try {
                postgres.onExit().get(10, TimeUnit.SECONDS);
              } catch (Exception e) {
                throw new AssertionError(
                    "the embedded postgres " + server + " outlived the node:\n" + node.log(), e);
              }
            });
    assertTrue(nodes.serverPid().isEmpty(), "postgres shut down cleanly (no postmaster.pid left)");

    NodeProcess.Started again = nodes.start("again", Map.of());
    try (Api api = new Api(again.port(), TOKEN)) {
      assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));
    }
  }

  @Test
  void messagesSurviveKill9_andTheNextNodeStopsTheOrphanedDatabase() throws Exception {
    NodeProcess.Started first = nodes.start("first", Map.of());
    List<String> serial = new ArrayList<>();
    List<String> parallel = new ArrayList<>();
    JsonObject before;
    try (Api api = new Api(first.port(), TOKEN)) {
      NodeApiTest.setParallelActive(api, false);
      NodeApiTest.addSerialQueue(api, "durable.q", false);
      for (int i = 0; i < MESSAGES; i++) {
        JsonObject parameter = new JsonObject().put("i", i);
        serial.add(
            NodeApiTest.registerSerial(api, "durable.q", NodeApiTest.task("Echo", parameter))
                .getString("messageId"));
        parallel.add(
            NodeApiTest.registerParallel(api, NodeApiTest.task("Echo", parameter))
                .getString("messageId"));
      }
      before = api.get("/status?limit=1000").json();
    }
    long orphan = nodes.serverPid().orElseThrow(() -> new AssertionError("no postmaster.pid"));

    first.kill();
    assertTrue(
        ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false),
        "the killed node's postgres " + orphan + " survives it (the situation under test)");

    NodeProcess.Started second = nodes.start("second", Map.of());
    try (Api api = new Api(second.port(), TOKEN)) {
      assertFalse(
          ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false),
          "the orphaned postgres " + orphan + " was stopped");
      JsonObject after = api.get("/status?limit=1000").json();
      JsonObject p = after.getJsonObject("parallelizedTasksInfo");
      JsonObject s = after.getJsonObject("serializedTasksInfo").getJsonObject("durable.q");
      assertEquals(false, p.getBoolean("isActive"));
      assertEquals(false, s.getBoolean("isActive"));
      assertEquals(parallel, NodeApiTest.ids(p.getJsonArray("waitingTasks")));
      assertEquals(serial, NodeApiTest.ids(s.getJsonArray("waitingTasks")));
      assertEquals(
          before.getJsonObject("parallelizedTasksInfo").getJsonArray("waitingTasks"),
          p.getJsonArray("waitingTasks"),
          "every message unchanged: parameter, sent and received times");
      assertEquals(
          before
              .getJsonObject("serializedTasksInfo")
              .getJsonObject("durable.q")
              .getJsonArray("waitingTasks"),
          s.getJsonArray("waitingTasks"));
      JsonArray waiting = s.getJsonArray("waitingTasks");
      for (int i = 0; i < MESSAGES; i++) {
        assertEquals(i, waiting.getJsonObject(i).getJsonObject("parameter").getInteger("i"));
        assertEquals("WAITING", waiting.getJsonObject(i).getString("state"));
      }
    }
  }
}
