package io.ordo.deploy.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.tasks.GateTask;
import io.ordo.deploy.tasks.HeartbeatProbeTask;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * SPEC 6, fencing: a holder whose lock was taken over (another owner claimed the message with a
 * higher lock version) learns it at its next write: a heartbeat is refused, the task's release() is
 * called and heartbeat throws; a completion is refused and nothing of it is applied. The message is
 * recovered from the intruder (whose lease is expired) and runs again.
 */
class FencingTest extends NodeTest {

  @Override
  protected void reset() {
    HeartbeatProbeTask.ENDINGS.clear();
    HeartbeatProbeTask.RELEASED.clear();
  }

  @Test
  void aFencedHolder_isRefusedAtItsNextHeartbeat_andItsTaskIsReleased() {
    String id =
        tasks.parallel(
            "HeartbeatProbe",
            new JsonObject().put("key", "fenced").put("intervalMillis", 100).put("beats", 30));
    tasks.await(id, "RUNNING");
    takeOver(id);

    api.await("/tasks/" + id, r -> HeartbeatProbeTask.ENDINGS.containsKey("fenced"), Tasks.WAIT);
    assertEquals("cancelled", HeartbeatProbeTask.ENDINGS.get("fenced"));
    // release() runs on a thread of its own: the task's next heartbeat may throw before it comes
    api.await("/tasks/" + id, r -> HeartbeatProbeTask.RELEASED.contains("fenced"), Tasks.WAIT);

    JsonObject done = tasks.await(id, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(2, done.getInteger("attempt"), "run again after the recovery");
    assertEquals(
        List.of(
            "TaskScheduled",
            "TaskAccepted",
            "TaskStarted",
            "TaskLeaseExpired",
            "TaskAccepted",
            "TaskStarted",
            "TaskCompleted"),
        tasks.eventTypes(id));
  }

  @Test
  void aFencedHoldersCompletion_isNotApplied() {
    // the run goes on until the message was taken over behind its holder's back
    String gate = UUID.randomUUID().toString();
    String id = tasks.parallel("Gate", new JsonObject().put("key", gate));
    tasks.await(id, "RUNNING");
    takeOver(id);
    GateTask.OPEN.add(gate);

    JsonObject done = tasks.await(id, "DISPOSED");
    List<JsonObject> history = tasks.history(id);
    List<String> types = history.stream().map(e -> e.getString("eventType")).toList();
    assertEquals(1, types.stream().filter("TaskCompleted"::equals).count(), types.toString());
    assertEquals("TaskLeaseExpired", types.get(3), types.toString());
    long secondStart =
        history.stream()
            .filter(e -> "TaskStarted".equals(e.getString("eventType")))
            .mapToLong(e -> e.getLong("eventId"))
            .max()
            .orElseThrow();
    JsonObject completed = history.get(history.size() - 1);
    assertEquals(
        secondStart,
        completed.getJsonObject("taskCompletedEventAttributes").getLong("startedEventId"),
        "the completion applied is the second run's");
    assertEquals(2, done.getInteger("attempt"));
    assertEquals(2, GateTask.runs(gate));
  }

  /**
   * Another owner takes the message over behind its holder's back: a higher lock version, held by
   * an owner whose lease has already expired (so the sweep gives the message back afterwards).
   */
  private static void takeOver(String messageId) {
    TestDatabase.execute(
        connection -> {
          try (PreparedStatement owner =
                  connection.prepareStatement(
                      "INSERT INTO ordo_lock_owner (owner_id, node_name, kind, lease_expires_at)"
                          + " VALUES ('0190f5e2-0000-7000-8000-00000000fe0c', 'intruder',"
                          + " 'runner', now() - interval '1 second')");
              PreparedStatement task =
                  connection.prepareStatement(
                      "UPDATE im_async_task_info SET lock_version = lock_version + 1,"
                          + " lock_owner_id = '0190f5e2-0000-7000-8000-00000000fe0c'"
                          + " WHERE message_id = ?::uuid")) {
            owner.executeUpdate();
            task.setString(1, messageId);
            assertEquals(1, task.executeUpdate());
          }
          return null;
        });
  }
}
