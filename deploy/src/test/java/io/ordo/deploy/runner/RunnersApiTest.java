package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.DatabaseAddress;
import io.ordo.deploy.Api;
import io.ordo.deploy.NodeProcess;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GET /api/v1/runners on a farm: a queue service in this JVM and two runner JVMs ({@code java
 * io.ordo.deploy.Main runner}) in its Hazelcast cluster, each reporting its threads, load, task
 * types and version with its lease renewals.
 */
class RunnersApiTest {
  private static final String LEASE_SECONDS = "3";
  private static final Duration GONE = Duration.ofSeconds(30);

  private OrdoNode queue;
  private NodeProcess processes;
  private Api api;
  private Map<String, String> cluster;

  @BeforeEach
  void startFarm() {
    TestDatabase.truncate();
    cluster = TestNode.cluster("runners");
    Map<String, String> env = TestNode.environment();
    env.putAll(cluster);
    env.put("ORDO_NODE_NAME", "runners-queue");
    queue = TestNode.start(env, NodeRoles.withoutRunner(), true);
    api = new Api(queue.httpPort(), TestNode.OPERATOR);
    processes = new NodeProcess(TestNode.OPERATOR);
  }

  @AfterEach
  void stopFarm() {
    if (processes != null) {
      processes.close();
    }
    if (api != null) {
      api.close();
    }
    if (queue != null) {
      queue.close();
    }
  }

  @Test
  void twoRunnerJvms_areListedWithTheirThreadsLoadTaskTypesAndVersion() {
    runner("runner-a", 2);
    runner("runner-b", 3);
    JsonArray runners = awaitRunners(List.of("runner-a", "runner-b"));

    JsonObject a = runners.getJsonObject(0);
    JsonObject b = runners.getJsonObject(1);
    assertEquals(2, a.getInteger("maxThreads"));
    assertEquals(3, b.getInteger("maxThreads"));
    for (JsonObject runner : List.of(a, b)) {
      assertTrue(
          runner.getJsonArray("taskTypes").contains("io.ordo.samples.SleepTask"), runner.encode());
      assertTrue(runner.getString("version").matches("\\d+\\.\\d+\\.\\d+.*"), runner.encode());
      Instant started = Instant.parse(runner.getString("startedAt"));
      Instant renewed = Instant.parse(runner.getString("lastRenewedAt"));
      Instant expires = Instant.parse(runner.getString("leaseExpiresAt"));
      assertFalse(renewed.isBefore(started), runner.encode());
      assertTrue(expires.isAfter(renewed), runner.encode());
      assertEquals(0, runner.getInteger("busy"), runner.encode());
    }
    assertFalse(a.getString("ownerId").equals(b.getString("ownerId")));

    // busy is reported with the next renewal: three long tasks keep three threads of the farm busy
    Tasks tasks = new Tasks(api);
    for (int i = 0; i < 3; i++) {
      tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
    }
    api.await("/runners", r -> busy(r.array()) == 3, Tasks.WAIT);
  }

  @Test
  void runnersAreFarmWide_forOperatorsOfEveryTenant_butNotForSubmitters() {
    runner("runner-a", 2);
    JsonArray mine = awaitRunners(List.of("runner-a"));
    Api.Reply other = api.as(TestNode.OTHER_TENANT).get("/runners");
    assertEquals(200, other.status());
    assertEquals(
        mine.getJsonObject(0).getString("ownerId"),
        other.array().getJsonObject(0).getString("ownerId"));
    Api.Reply submitter = api.as(TestNode.SUBMITTER).get("/runners");
    assertEquals(403, submitter.status(), submitter.body().toString());
    assertEquals("forbidden", submitter.code());
  }

  @Test
  void aKilledRunnerLeavesWithItsLease_aStoppedOneAtOnce() throws Exception {
    NodeProcess.Started a = runner("runner-a", 2);
    NodeProcess.Started b = runner("runner-b", 2);
    awaitRunners(List.of("runner-a", "runner-b"));

    b.kill();
    // its lease (3 s) is no longer renewed: it leaves the list when the lease lapses
    awaitRunners(List.of("runner-a"));

    a.terminate(); // SIGTERM: the runner's graceful shutdown
    // a graceful stop gives the lease up at once
    awaitRunners(List.of());
  }

  private NodeProcess.Started runner(String name, int maxThreads) {
    Map<String, String> env = new HashMap<>(cluster);
    env.put("ORDO_DB_URL", url(TestDatabase.address()));
    env.put("ORDO_MAX_THREADS", String.valueOf(maxThreads));
    env.put("ORDO_LOCK_LEASE", LEASE_SECONDS);
    env.put("ORDO_LOCK_RENEWAL_PERIOD", "0.3");
    env.put("ORDO_ROUND_INTERVAL", "1");
    return processes.start(name, env, "runner");
  }

  private static String url(DatabaseAddress db) {
    return "postgresql://"
        + db.user()
        + (db.password() == null ? "" : ":" + db.password())
        + "@"
        + db.host()
        + ":"
        + db.port()
        + "/"
        + db.database();
  }

  /** Waits until the live runners are exactly {@code nodes} (by name); answers the list. */
  private JsonArray awaitRunners(List<String> nodes) {
    return api.await(
            "/runners",
            r ->
                r.status() == 200
                    && r.array().stream()
                        .map(o -> ((JsonObject) o).getString("node"))
                        .toList()
                        .equals(nodes),
            GONE)
        .array();
  }

  private static int busy(JsonArray runners) {
    return runners.stream().mapToInt(o -> ((JsonObject) o).getInteger("busy", 0)).sum();
  }
}
