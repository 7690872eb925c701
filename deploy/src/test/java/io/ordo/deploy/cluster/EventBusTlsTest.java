package io.ordo.deploy.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.ordo.bus.Addresses;
import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.SelfSignedCertificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two clustered nodes in one JVM (Hazelcast on loopback) whose event bus runs mutual TLS: a queue
 * service without a runner, and a runner-only node that claims and runs its tasks over the
 * encrypted event bus. A node whose certificate the others do not trust exchanges no message.
 */
class EventBusTlsTest {
  private final List<OrdoNode> nodes = new ArrayList<>();
  private final List<SelfSignedCertificate> certificates = new ArrayList<>();
  private Map<String, String> cluster;

  @BeforeEach
  void emptyDatabase() {
    TestDatabase.truncate();
    cluster = TestNode.cluster("tls");
  }

  @AfterEach
  void stopNodes() {
    nodes.forEach(OrdoNode::close);
    certificates.forEach(SelfSignedCertificate::delete);
  }

  @Test
  void aRunnerClaimsAndReportsOverTheTlsEventBus() {
    SelfSignedCertificate farm = certificate();
    OrdoNode queue = start("tls-queue", farm, farm, NodeRoles.withoutRunner());
    start("tls-runner", farm, farm, NodeRoles.runnerOnly());

    try (Api api = new Api(queue.httpPort(), TestNode.OPERATOR)) {
      api.await("/task-types", r -> r.body().toString().contains("EchoTask"), Tasks.WAIT);
      Tasks tasks = new Tasks(api);
      JsonObject done =
          tasks.await(tasks.parallel("Echo", new JsonObject().put("a", 1)), "DISPOSED");
      assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
      assertEquals("tls-runner", done.getString("node"));
    }
  }

  @Test
  void aNodeWithAnUntrustedCertificate_exchangesNoMessage() {
    SelfSignedCertificate farm = certificate();
    SelfSignedCertificate stranger = certificate();
    start("tls-queue", farm, farm, NodeRoles.withoutRunner());
    OrdoNode trusted = start("tls-peer", farm, farm, NodeRoles.historyOnly());
    OrdoNode untrusted = start("tls-stranger", stranger, stranger, NodeRoles.historyOnly());

    // a request only the queue service answers (with a failure: the operation is unknown)
    assertEquals(ReplyFailure.RECIPIENT_FAILURE, answeredWithin(trusted, Duration.ofSeconds(30)));
    assertNotEquals(ReplyFailure.RECIPIENT_FAILURE, requestFrom(untrusted));
  }

  /**
   * Sends requests to another node's queue API until one reaches it (on a busy machine the farm's
   * membership and consumers may still be spreading when the nodes have started); answers how the
   * last failed.
   */
  private static ReplyFailure answeredWithin(OrdoNode node, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    ReplyFailure failure = requestFrom(node);
    while (failure != ReplyFailure.RECIPIENT_FAILURE && System.nanoTime() < deadline) {
      failure = requestFrom(node);
    }
    return failure;
  }

  /** Sends a request to another node's queue API; answers how it failed. */
  private static ReplyFailure requestFrom(OrdoNode node) {
    try {
      node.vertx()
          .eventBus()
          .request(
              Addresses.QUEUE_API,
              new JsonObject().put("operation", "no-such-operation"),
              new DeliveryOptions().setSendTimeout(5_000).setLocalOnly(false))
          .toCompletionStage()
          .toCompletableFuture()
          .join();
      throw new AssertionError("an unknown operation was answered as a success");
    } catch (CompletionException e) {
      if (e.getCause() instanceof ReplyException reply) {
        return reply.failureType();
      }
      throw e;
    }
  }

  private SelfSignedCertificate certificate() {
    SelfSignedCertificate certificate = SelfSignedCertificate.create("localhost");
    certificates.add(certificate);
    return certificate;
  }

  private OrdoNode start(
      String name,
      SelfSignedCertificate own,
      SelfSignedCertificate trusted,
      java.util.Set<io.ordo.deploy.NodeRole> roles) {
    Map<String, String> env = TestNode.environment();
    env.putAll(cluster);
    env.put("ORDO_NODE_NAME", name);
    env.put("ORDO_CLUSTER_TLS_CERT", own.certificatePath());
    env.put("ORDO_CLUSTER_TLS_KEY", own.privateKeyPath());
    env.put("ORDO_CLUSTER_TLS_TRUST", trusted.certificatePath());
    OrdoNode node = TestNode.start(env, roles, true);
    nodes.add(node);
    return node;
  }
}
