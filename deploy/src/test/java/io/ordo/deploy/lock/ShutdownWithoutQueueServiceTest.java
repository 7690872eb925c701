package io.ordo.deploy.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A runner that stops after its queue service is gone (a farm stopped in the wrong order, the queue
 * service failing): it cannot report the release of the task it still runs, and stops all the same,
 * giving up its lease, so the message goes back to its queue through the lease. It used to retry
 * that report for good, and its JVM never exited.
 */
class ShutdownWithoutQueueServiceTest {
  private OrdoNode queue;
  private OrdoNode runner;
  private Api client;

  @AfterEach
  void stop() {
    if (client != null) {
      client.close();
    }
    if (queue != null) {
      queue.close();
    }
    // not the runner: a test that failed left it hanging in close, which it would join
  }

  @Test
  void aRunnerWhoseQueueServiceIsGone_stopsAndGivesUpItsLease() throws Exception {
    TestDatabase.truncate();
    Map<String, String> env = TestNode.environment();
    env.putAll(TestNode.cluster("shutdown"));
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "1");
    env.put("ORDO_NODE_NAME", "the-queue");
    queue = TestNode.start(env, NodeRoles.withoutRunner(), true);
    env.put("ORDO_NODE_NAME", "the-runner");
    runner = TestNode.start(env, NodeRoles.runnerOnly(), true);
    client = new Api(queue.httpPort(), TestNode.OPERATOR);
    client.await(
        "/task-types", r -> r.body().toString().contains("io.ordo.samples.SleepTask"), Tasks.WAIT);
    Tasks tasks = new Tasks(client);
    String id = tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
    tasks.await(id, "RUNNING");

    client.close();
    client = null;
    queue.close();
    queue = null;
    CompletableFuture.runAsync(runner::close).get(60, TimeUnit.SECONDS);

    assertEquals(0, LeaseOwners.of("the-runner"), "the lease was given up");
  }
}
