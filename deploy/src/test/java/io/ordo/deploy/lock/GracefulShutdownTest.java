package io.ordo.deploy.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRoles;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.GateTask;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC 6, graceful shutdown: a stopping runner stops selecting, waits the grace period, releases
 * what still runs with re-entry and gives up its lease at once, so another runner takes over
 * without waiting for the lease to expire.
 */
class GracefulShutdownTest {
  private OrdoNode api;
  private OrdoNode stopping;
  private OrdoNode other;
  private Api client;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_LOCK_LEASE", "60"); // expiry would take a minute: the takeover must not wait
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "1");
    env.put("ORDO_NODE_NAME", "api");
    api = TestNode.start(env, NodeRoles.withoutRunner(), false);
    env.put("ORDO_NODE_NAME", "stopping");
    stopping = TestNode.start(env, NodeRoles.all(), false);
    client = new Api(api.httpPort(), TestNode.OPERATOR);
    // the API node learns the task types the runner published
    client.await(
        "/task-types", r -> r.body().toString().contains("io.ordo.samples.SleepTask"), Tasks.WAIT);
  }

  @AfterEach
  void stop() {
    client.close();
    api.close();
    stopping.close(); // closing twice is harmless; a failed test must not leave it running
    if (other != null) {
      other.close();
    }
  }

  @Test
  void aStoppingRunner_releasesWithReentry_andAnotherTakesOverAtOnce() {
    Tasks tasks = new Tasks(client);
    String id = tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
    tasks.await(id, "RUNNING");
    long stoppedAt = System.currentTimeMillis();
    stopping.close();

    assertEquals(0, LeaseOwners.of("stopping"), "the lease was given up, not left to expire");
    tasks.await(id, "WAITING");
    List<String> events = tasks.eventTypes(id);
    assertEquals(
        List.of(
            "TaskScheduled",
            "TaskAccepted",
            "TaskStarted",
            "TaskReleaseRequested",
            "TaskReleased",
            "TaskReentered"),
        events);
    assertTrue(
        tasks
            .history(id)
            .get(3)
            .getJsonObject("taskReleaseRequestedEventAttributes")
            .getString("identity")
            .contains("shutdown"));

    Map<String, String> env = TestNode.environment();
    env.put("ORDO_NODE_NAME", "other");
    // not clustered: the other runner claims through a queue service of its own on the database
    other = TestNode.start(env, NodeRoles.all(), false);
    JsonObject running = tasks.await(id, "RUNNING");
    assertEquals("other", running.getString("node"));
    assertTrue(
        System.currentTimeMillis() - stoppedAt < Duration.ofSeconds(60).toMillis(),
        "taken over before the 60 s lease could have expired");
  }

  @Test
  void aStoppingRunner_letsATaskEndingWithinTheGracePeriodComplete_andSelectsNothingNew()
      throws Exception {
    stopping.close();
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "10");
    env.put("ORDO_NODE_NAME", "patient");
    OrdoNode patient = TestNode.start(env, NodeRoles.all(), false);
    try {
      Tasks tasks = new Tasks(client);
      // runs until the test has seen the runner stopping and registered another message
      String gate = UUID.randomUUID().toString();
      String finishing = tasks.parallel("Gate", new JsonObject().put("key", gate));
      tasks.await(finishing, "RUNNING");
      CompletableFuture<Void> closing = CompletableFuture.runAsync(patient::close);
      // the runner is stopping: what arrives now waits for another runner
      client.await("/health/ready", r -> patient.runner().shuttingDown(), Tasks.WAIT);
      assertTrue(!closing.isDone(), "still waiting for the running task");
      String arriving = tasks.parallel("Echo", new JsonObject());
      GateTask.OPEN.add(gate);
      closing.get(30, TimeUnit.SECONDS);

      JsonObject completed = tasks.await(finishing, "DISPOSED");
      assertEquals("COMPLETED", completed.getJsonObject("outcome").getString("type"));
      assertEquals(
          List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
          tasks.eventTypes(finishing));
      assertEquals(List.of("TaskScheduled"), tasks.eventTypes(arriving));
      assertEquals("WAITING", client.get("/tasks/" + arriving).json().getString("state"));
    } finally {
      patient.close();
    }
  }
}
