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
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

  /**
   * A claim answered after the shutdown began: its messages never get a slot, so they go back to
   * their queue at once (TaskRejected), and the shutdown does not wait its grace period for them
   * nor leave them to the lease (TaskLeaseExpired, an attempt counted for a run that never began).
   * The claim is held in flight by a lock on the history's events, which its TaskAccepted events
   * need.
   */
  @Test
  void aClaimAnsweredAfterTheShutdownBegan_handsItsMessagesBackAtOnce() throws Exception {
    stopping.close();
    Map<String, String> env = TestNode.environment();
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "120");
    env.put("ORDO_NODE_NAME", "late");
    OrdoNode late = TestNode.start(env, NodeRoles.all(), false);
    try (Api own = new Api(late.httpPort(), TestNode.OPERATOR)) {
      handsBackWhatAClaimInFlightTakes(late, own);
    } finally {
      late.close();
    }
  }

  /**
   * As above, on a runner-only node of a cluster whose queue service is another node's: the claim
   * and the hand-back travel over the clustered event bus.
   */
  @Test
  void aClaimAnsweredAfterTheShutdownBegan_onARunnerOnlyNode_handsItsMessagesBackAtOnce()
      throws Exception {
    stopping.close();
    Map<String, String> env = TestNode.environment();
    env.putAll(TestNode.cluster("shutdown-claim"));
    env.put("ORDO_SHUTDOWN_GRACE_PERIOD", "120");
    env.put("ORDO_NODE_NAME", "queue");
    OrdoNode queue = TestNode.start(env, NodeRoles.withoutRunner(), true);
    env.put("ORDO_NODE_NAME", "late-runner");
    OrdoNode late = null;
    try (Api own = new Api(queue.httpPort(), TestNode.OPERATOR)) {
      late = TestNode.start(env, NodeRoles.runnerOnly(), true);
      own.await("/runners", r -> r.body().toString().contains("late-runner"), Tasks.WAIT);
      handsBackWhatAClaimInFlightTakes(late, own);
    } finally {
      if (late != null) {
        late.close();
      }
      queue.close();
    }
  }

  /**
   * Holds a claim of {@code runner}'s in flight (registered through {@code own}), stops the runner
   * meanwhile, then lets the claim through: the stop does not wait its grace period, and every
   * message the claim took is back in its queue, handed back.
   */
  private void handsBackWhatAClaimInFlightTakes(OrdoNode runner, Api own) throws Exception {
    CompletableFuture<Void> released = new CompletableFuture<>();
    CompletableFuture<Void> locked = new CompletableFuture<>();
    try {
      Tasks tasks = new Tasks(own);
      own.put("/parallel-queue/active", new JsonObject().put("active", false));
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        ids.add(tasks.parallel("Echo", new JsonObject()));
      }
      CompletableFuture<Void> lock =
          CompletableFuture.runAsync(() -> holdEventsLock(locked, released));
      locked.get(10, TimeUnit.SECONDS);
      own.put("/parallel-queue/active", new JsonObject().put("active", true));
      client.await("/health/ready", r -> claimsWaitingForALock() > 0, Tasks.WAIT);

      CompletableFuture<Void> closing = CompletableFuture.runAsync(runner::close);
      client.await("/health/ready", r -> runner.runner().shuttingDown(), Tasks.WAIT);
      released.complete(null);
      lock.get(10, TimeUnit.SECONDS);
      closing.get(30, TimeUnit.SECONDS); // not the grace period of 120 s

      Tasks seen = new Tasks(client);
      int claimed = 0;
      for (String id : ids) {
        List<String> events = seen.eventTypes(id);
        assertEquals("WAITING", client.get("/tasks/" + id).json().getString("state"), id);
        if (events.size() > 1) {
          claimed++;
          assertEquals(List.of("TaskScheduled", "TaskAccepted", "TaskRejected"), events, id);
        } else {
          assertEquals(List.of("TaskScheduled"), events, id);
        }
      }
      assertTrue(claimed > 0, "the claim held in flight took messages");
    } finally {
      released.complete(null);
    }
  }

  /** Locks the history's events against writes until {@code release} completes. */
  private static void holdEventsLock(
      CompletableFuture<Void> locked, CompletableFuture<Void> release) {
    TestDatabase.execute(
        connection -> {
          connection.setAutoCommit(false);
          try (Statement s = connection.createStatement()) {
            s.execute("LOCK TABLE ordo_history_event IN EXCLUSIVE MODE");
            locked.complete(null);
            release.get(30, TimeUnit.SECONDS);
          } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new IllegalStateException(e);
          } finally {
            connection.commit();
          }
          return null;
        });
  }

  /** Claims waiting for a lock in the database: the claim the test holds in flight. */
  private static long claimsWaitingForALock() {
    return TestDatabase.count(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'ordo-queue-claim'"
            + " AND wait_event_type = 'Lock'");
  }
}
