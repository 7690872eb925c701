package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.tasks.RecordingTask;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** End notification (release) and forced stop, with every re-entry/stop combination (SPEC 3.3). */
class ReleaseAndStopTest extends NodeTest {

  @Override
  protected void reset() {
    RecordingTask.reset();
  }

  @ParameterizedTest(name = "release reentry={0} stop={1}")
  @CsvSource({"false,false", "true,false", "false,true", "true,true"})
  void release_callsReleaseFromAnotherThread_andHonoursReentryAndStop(
      boolean reentry, boolean stop) {
    tasks.addSerialQueue("com.example.release", true);
    String id =
        tasks.serial(
            "com.example.release",
            "Recording",
            new JsonObject().put("key", "r").put("runMillis", 30_000),
            false);
    JsonObject running = tasks.await(id, "RUNNING");

    Api.Reply released =
        api.post(
            "/tasks/" + id + "/release",
            new JsonObject().put("reentry", reentry).put("stop", stop));
    assertEquals(200, released.status(), released.body().toString());

    JsonObject after = released.json();
    List<String> events = tasks.eventTypes(id);
    assertTrue(RecordingTask.calls("r").contains("release"));
    assertNotSame(
        RecordingTask.RUN_THREADS.get("r"),
        RecordingTask.RELEASE_THREADS.get("r"),
        "release() is called from another thread than run()");
    assertNotNull(RecordingTask.RELEASE_THREADS.get("r"));
    assertEquals(
        List.of(
            "TaskScheduled", "TaskAccepted", "TaskStarted", "TaskReleaseRequested", "TaskReleased"),
        events.subList(0, 5));
    if (reentry) {
      assertEquals("TaskReentered", events.get(5));
      assertEquals(running.getString("receivedTime"), after.getString("receivedTime"));
      assertEquals(running.getString("sentTime"), after.getString("sentTime"));
      assertEquals(running.getJsonObject("parameter"), after.getJsonObject("parameter"));
    } else {
      assertEquals("DISPOSED", after.getString("state"));
      assertEquals("RELEASED", after.getJsonObject("outcome").getString("type"));
    }
    assertEquals(stop, events.contains("QueueDeactivated"));
    assertEquals(
        3,
        tasks
            .history(id)
            .get(4)
            .getJsonObject("taskReleasedEventAttributes")
            .getInteger("startedEventId"),
        "the release refers to the run it ended");
    JsonObject queue = api.get("/serial-queues/com.example.release").json();
    assertEquals(!stop, queue.getBoolean("isActive"));
    if (reentry && !stop) {
      // a new instance runs it again: attempt 2, same message id
      api.await("/tasks/" + id, r -> r.json().getInteger("attempt") == 2, Tasks.WAIT);
    }
    if (reentry && stop) {
      assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));
    }
    // the released run ends with taskCompleted, never at the same time as release()
    api.await(
        "/tasks/" + id,
        r -> RecordingTask.calls("r").stream().anyMatch(c -> c.startsWith("taskCompleted")),
        Tasks.WAIT);
    assertEquals(0, RecordingTask.OVERLAPS.get(), "release overlapped another callback");
  }

  @ParameterizedTest(name = "stop reentry={0} stop={1}")
  @CsvSource({"false,false", "true,false", "false,true", "true,true"})
  void forcedStop_stopsTheThread_thenCallsTaskCompleted(boolean reentry, boolean stop) {
    api.put("/parallel-queue/active", new JsonObject().put("active", true));
    String id =
        tasks.parallel("Sleep", new JsonObject().put("millis", 60_000).put("ignoreRelease", true));
    tasks.await(id, "RUNNING");

    Api.Reply stopped =
        api.post(
            "/tasks/" + id + "/stop", new JsonObject().put("reentry", reentry).put("stop", stop));
    assertEquals(200, stopped.status(), stopped.body().toString());

    List<JsonObject> history = tasks.history(id);
    JsonObject stoppedEvent =
        history.stream()
            .filter(e -> "TaskStopped".equals(e.getString("eventType")))
            .findFirst()
            .orElseThrow();
    assertEquals(
        "Thread.stop",
        stoppedEvent.getJsonObject("taskStoppedEventAttributes").getString("method"));
    assertEquals(
        3,
        stoppedEvent.getJsonObject("taskStoppedEventAttributes").getInteger("startedEventId"),
        "the stop refers to the run it ended");
    assertEquals("TaskStopRequested", history.get(3).getString("eventType"));
    assertEquals(stop, !api.get("/parallel-queue").json().getBoolean("isActive"));
    assertEquals(id, stopped.json().getString("messageId"));
    if (!reentry) {
      assertEquals("DISPOSED", stopped.json().getString("state"));
      assertEquals("STOPPED", stopped.json().getJsonObject("outcome").getString("type"));
    } else {
      assertEquals("TaskReentered", history.get(5).getString("eventType"));
      JsonObject after = stopped.json();
      if (stop || "WAITING".equals(after.getString("state"))) {
        // as the stop left it: back in line, the stopped attempt the last one
        assertEquals("WAITING", after.getString("state"), after::encode);
        assertEquals(1, after.getInteger("attempt"), after::encode);
      } else {
        // its active queue's runner took it again before the answer was read: accepted (the
        // stopped attempt still the last one) or started (the next attempt)
        assertTrue(List.of("READY", "RUNNING").contains(after.getString("state")), after::encode);
        assertEquals(
            "READY".equals(after.getString("state")) ? 1 : 2,
            after.getInteger("attempt"),
            after::encode);
      }
    }
    if (reentry && stop) {
      assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));
    }
    if (reentry && !stop) {
      // back at the head of the active queue: a new instance runs it, same id, attempt 2
      api.await(
          "/tasks/" + id,
          r -> r.json().getInteger("attempt") == 2 && "RUNNING".equals(r.json().getString("state")),
          Tasks.WAIT);
    }
  }

  @Test
  void forcedStopOfARecordingTask_callsTaskCompletedWithThreadDeath() {
    String id =
        tasks.parallel("Recording", new JsonObject().put("key", "s").put("runMillis", 60_000));
    tasks.await(id, "RUNNING");
    // RecordingTask.release() ends run; a forced stop does not call release at all.
    api.post("/tasks/" + id + "/stop", new JsonObject());
    api.await("/tasks/" + id, r -> "DISPOSED".equals(r.json().getString("state")), Tasks.WAIT);
    List<String> calls = RecordingTask.calls("s");
    assertFalse(calls.contains("release"));
    assertEquals("taskCompleted:TASK_COMPLETED:ThreadDeath", calls.get(calls.size() - 1));
  }

  @Test
  void afterARelease_theNextTaskOfTheSerialQueueStarts_thoughTheReleasedRunGoesOn() {
    tasks.addSerialQueue("com.example.next", true);
    String first =
        tasks.serial(
            "com.example.next",
            "Sleep",
            new JsonObject().put("millis", 30_000).put("ignoreRelease", true),
            false);
    String second = tasks.serial("com.example.next", "Echo", new JsonObject(), false);
    tasks.await(first, "RUNNING");

    api.post("/tasks/" + first + "/release", new JsonObject());
    tasks.await(second, "DISPOSED");
  }

  @Test
  void releasingAWaitingTask_isAnIllegalState_andAnUnknownOneIsInvalid() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String id = tasks.parallel("Echo", new JsonObject());
    Api.Reply waiting = api.post("/tasks/" + id + "/release", new JsonObject());
    assertEquals(409, waiting.status());
    assertEquals("task_illegal_state", waiting.code());
    Api.Reply unknown =
        api.post("/tasks/0192f2a8-aaaa-7bbb-8ccc-000000000000/stop", new JsonObject());
    assertEquals(404, unknown.status());
    assertEquals("invalid_task", unknown.code());
    Api.Reply wrongKind = api.post("/tasks/" + id + "/release?queue=serial", new JsonObject());
    assertEquals(404, wrongKind.status());
  }
}
