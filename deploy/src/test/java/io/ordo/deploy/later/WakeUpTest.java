package io.ordo.deploy.later;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.TestNode;
import io.ordo.deploy.tasks.FlakyTask;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A delayed message, or a retry after its back-off, starts when its time comes: the queue service
 * wakes the runners then. The runners' poll here is five minutes apart, longer than every wait of
 * these tests, so only the wake-up can start the messages.
 */
class WakeUpTest extends NodeTest {
  @Override
  protected Map<String, String> environment() {
    return TestNode.environment("ORDO_ROUND_INTERVAL", "300");
  }

  @Override
  protected void reset() {
    FlakyTask.RUNS.clear();
  }

  @Test
  void aDelayedMessage_startsWhenItsTimeComes_notAPollLater() {
    String id =
        created(
            api.post(
                "/parallel-queue/tasks",
                new JsonObject().put("taskClassName", "Echo").put("delaySeconds", 2)));

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
        tasks.eventTypes(id));
  }

  @Test
  void aRetry_startsWhenItsBackOffEnds_notAPollLater() {
    String id =
        created(
            api.post(
                "/parallel-queue/tasks",
                new JsonObject()
                    .put("taskClassName", "Flaky")
                    .put("parameter", new JsonObject().put("key", "k").put("failTimes", 1))
                    .put(
                        "retry",
                        new JsonObject()
                            .put("maximumAttempts", 2)
                            .put("initialIntervalSeconds", 1))));

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(List.of("k#1", "k#2"), FlakyTask.RUNS);
  }

  @Test
  void aMessageRegisteredWhileTheRunnersLeaseLapsed_startsOnceItHoldsALeaseAgain() {
    String lapsed = expireTheRunnersLease();
    // the registration's announcement finds the runner's owner expired: its claim takes nothing
    String id =
        created(api.post("/parallel-queue/tasks", new JsonObject().put("taskClassName", "Echo")));

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    String live = liveRunnerOwner();
    assertTrue(live != null && !live.equals(lapsed), "a fresh owner ran it: " + live);
  }

  /** The runner's lease lapses now, as if the runner had been paused past it; answers its owner. */
  private static String expireTheRunnersLease() {
    String owner = liveRunnerOwner();
    assertNotNull(owner, "the runner holds a lease");
    TestDatabase.update(
        "UPDATE ordo_lock_owner SET lease_expires_at = now() - interval '1 second'"
            + " WHERE kind = 'runner'");
    return owner;
  }

  private static String liveRunnerOwner() {
    return TestDatabase.text(
        "SELECT owner_id FROM ordo_lock_owner WHERE kind = 'runner' AND lease_expires_at > now()");
  }

  private static String created(io.ordo.deploy.Api.Reply reply) {
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }
}
