package io.ordo.deploy.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRole;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

  private static final String LIVE = "/health/live";

  private final List<OrdoNode> nodes = new ArrayList<>();
  private final List<Api> apis = new ArrayList<>();
  private Map<String, String> cluster;

  @BeforeEach
  void emptyDatabase() {
    TestDatabase.truncate();
    cluster = TestNode.cluster("stranded");
  }

  @AfterEach
  void stopNodes() {
    apis.forEach(Api::close);
    nodes.forEach(OrdoNode::close);
  }

  @Test
  void nodesWithoutQueueService_areNotLive_untilOneAnswersThem() {
    Api runner = api(start("stranded-runner", NodeRoles.runnerOnly()));
    assertEquals(200, runner.get(LIVE).status(), "live while the limit has not passed");
    Api history = api(start("stranded-history", NodeRoles.historyOnly()));

    assertStranded(runner, "runner-queue-service");
    assertStranded(history, "history-queue-service");

    Api queue = api(start("arriving-queue", NodeRoles.withoutRunner()));
    runner.await(LIVE, reply -> reply.status() == 200, WAIT);
    history.await(LIVE, reply -> reply.status() == 200, WAIT);
    Tasks tasks = new Tasks(queue);
    JsonObject done = tasks.await(tasks.parallel("Echo", new JsonObject()), "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals("stranded-runner", done.getString("node"));
  }

  /** The node's liveness turns 503, its check {@code name} down and saying why. */
  private static void assertStranded(Api node, String name) {
    Api.Reply stranded = node.await(LIVE, reply -> reply.status() == 503, WAIT);
    JsonObject check = stranded.json().getJsonObject("checks").getJsonObject(name);
    assertEquals("DOWN", check.getString("status"), stranded.body().toString());
    assertTrue(
        check.getString("reason").contains("no queue service has been reachable"), check.encode());
  }

  private Api api(OrdoNode node) {
    Api api = new Api(node.httpPort(), TestNode.OPERATOR);
    apis.add(api);
    return api;
  }

  private OrdoNode start(String name, Set<NodeRole> roles) {
    Map<String, String> env = TestNode.environment();
    env.putAll(cluster);
    env.put("ORDO_NODE_NAME", name);
    // two leases of 3 s: the runner is not live after 6 s without a queue service
    env.put("ORDO_LOCK_LEASE", "3");
    OrdoNode node = TestNode.start(env, roles, true);
    nodes.add(node);
    return node;
  }
}
