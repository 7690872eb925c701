package io.ordo.deploy.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeProcess;
import io.ordo.deploy.NodeRole;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A runner or a history service in a cluster without a queue service (one that started before any,
 * or whose queue services all went away) is not live once it found none for two leases, so that an
 * orchestrator restarts it into the queue services' cluster; it is live again as soon as a queue
 * service answers it. Clustered nodes in one JVM (Hazelcast on loopback).
 */
class StrandedNodesTest {
  private static final Duration WAIT = Duration.ofSeconds(60);

  private final List<OrdoNode> nodes = new ArrayList<>();
  private final HttpClient http = HttpClient.newHttpClient();
  private String clusterName;
  private int clusterPort;

  @BeforeEach
  void emptyDatabase() {
    TestDatabase.truncate();
    clusterName = "stranded-" + UUID.randomUUID();
    clusterPort = NodeProcess.freePortBlock();
  }

  @AfterEach
  void stopNodes() {
    nodes.forEach(OrdoNode::close);
  }

  @Test
  void nodesWithoutQueueService_areNotLive_untilOneAnswersThem() throws Exception {
    OrdoNode runner = start("stranded-runner", NodeRoles.runnerOnly());
    assertEquals(200, live(runner).statusCode(), "live while the limit has not passed");
    OrdoNode history = start("stranded-history", NodeRoles.historyOnly());

    assertStranded(runner, "runner-queue-service");
    assertStranded(history, "history-queue-service");

    OrdoNode queue = start("arriving-queue", NodeRoles.withoutRunner());
    liveUntil(runner, 200);
    liveUntil(history, 200);
    try (Api api = new Api(queue.httpPort(), TestNode.OPERATOR)) {
      Tasks tasks = new Tasks(api);
      JsonObject done = tasks.await(tasks.parallel("Echo", new JsonObject()), "DISPOSED");
      assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
      assertEquals("stranded-runner", done.getString("node"));
    }
  }

  /** The node's liveness turns 503, its check {@code name} down and saying why. */
  private void assertStranded(OrdoNode node, String name) throws Exception {
    HttpResponse<String> stranded = liveUntil(node, 503);
    JsonObject check = new JsonObject(stranded.body()).getJsonObject("checks").getJsonObject(name);
    assertEquals("DOWN", check.getString("status"), stranded.body());
    assertTrue(
        check.getString("reason").contains("no queue service has been reachable"), check.encode());
  }

  /** Reads the node's liveness until it answers {@code status}; fails after {@link #WAIT}. */
  private HttpResponse<String> liveUntil(OrdoNode node, int status) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    HttpResponse<String> response = live(node);
    while (response.statusCode() != status && System.nanoTime() < deadline) {
      Thread.sleep(200);
      response = live(node);
    }
    assertEquals(status, response.statusCode(), response.body());
    return response;
  }

  private HttpResponse<String> live(OrdoNode node) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + "/health/live"))
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private OrdoNode start(String name, Set<NodeRole> roles) {
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_NODE_NAME", name);
    env.put("ORDO_CLUSTER_NAME", clusterName);
    env.put("ORDO_CLUSTER_PORT", String.valueOf(clusterPort));
    env.put("ORDO_CLUSTER_MEMBERS", "127.0.0.1");
    // two leases of 3 s: the runner is not live after 6 s without a queue service
    env.put("ORDO_LOCK_LEASE", "3");
    OrdoNode node = TestNode.start(env, roles, true);
    nodes.add(node);
    return node;
  }
}
