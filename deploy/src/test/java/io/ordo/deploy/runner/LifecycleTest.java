package io.ordo.deploy.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.tasks.RecordingTask;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lifecycle of SPEC 3.3: callbacks in the seed's order, rejection, stopProgressOnError. */
class LifecycleTest extends NodeTest {

  @Override
  protected void reset() {
    RecordingTask.reset();
  }

  @Test
  void everyCallbackIsCalledOnce_inTheSeedsOrder_andTheHistorySaysSo() {
    String id = tasks.parallel("Recording", new JsonObject().put("key", "order"));
    JsonObject info = tasks.await(id, "DISPOSED");

    assertEquals(
        List.of(
            "setParameter",
            "taskAccepted:TASK_ACCEPTED",
            "taskStarted:TASK_STARTED",
            "run",
            "taskCompleted:TASK_COMPLETED:none"),
        RecordingTask.calls("order"));
    assertEquals(0, RecordingTask.OVERLAPS.get(), "two callbacks of one instance overlapped");
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
        tasks.eventTypes(id));
    assertEquals("COMPLETED", info.getJsonObject("outcome").getString("type"));
    assertEquals("order", info.getJsonObject("outcome").getJsonObject("result").getString("key"));
    assertEquals(1, RecordingTask.CONTEXTS.get("order").get("attempt"));
    assertEquals(id, RecordingTask.CONTEXTS.get("order").get("messageId"));
  }

  @Test
  void theRegistrationContext_isReadableInRun() {
    Api.Reply registered =
        api.send(
            io.vertx.core.http.HttpMethod.POST,
            "/parallel-queue/tasks",
            new JsonObject()
                .put("taskClassName", "Recording")
                .put("parameter", new JsonObject().put("key", "context"))
                .put(
                    "context",
                    new JsonObject()
                        .put("locale", "de-CH")
                        .put("timeZone", "Europe/Zurich")
                        .put("attributes", new JsonObject().put("order", 42))),
            "traceparent",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    tasks.await(registered.json().getString("messageId"), "DISPOSED");
    java.util.Map<String, Object> seen = RecordingTask.CONTEXTS.get("context");
    assertEquals("de-CH", seen.get("locale"));
    assertEquals("Europe/Zurich", seen.get("timeZone"));
    assertEquals("4bf92f3577b34da6a3ce929d0e0e4736", seen.get("traceId"));
    assertEquals(
        42, ((Number) ((java.util.Map<?, ?>) seen.get("attributes")).get("order")).intValue());
    assertTrue(seen.get("principal").toString().startsWith("operator@default#"));
  }

  @Test
  void eventIdsCountFromOne_withoutGaps_andTimesNeverGoBack() {
    String id = tasks.parallel("Recording", new JsonObject().put("key", "ids"));
    tasks.await(id, "DISPOSED");
    List<JsonObject> events = tasks.history(id);
    for (int i = 0; i < events.size(); i++) {
      assertEquals(i + 1, events.get(i).getLong("eventId"));
      if (i > 0) {
        assertTrue(
            events.get(i).getDouble("eventTimestamp")
                >= events.get(i - 1).getDouble("eventTimestamp"),
            "event " + (i + 1) + " is older than the one before");
      }
    }
    JsonObject started = events.get(2).getJsonObject("taskStartedEventAttributes");
    assertEquals("test-node", started.getString("node"));
    assertEquals(1, started.getInteger("attempt"));
    JsonObject completed = events.get(3).getJsonObject("taskCompletedEventAttributes");
    assertEquals(3, completed.getInteger("startedEventId"));
  }

  @Test
  void aRunThatThrows_reachesTaskCompletedWithItsException_andFailsTheMessage() {
    String id =
        tasks.parallel("Recording", new JsonObject().put("key", "fail").put("failRun", true));
    JsonObject info = tasks.await(id, "DISPOSED");

    assertEquals(
        "taskCompleted:TASK_COMPLETED:IllegalArgumentException",
        RecordingTask.calls("fail").get(4));
    assertEquals("FAILED", info.getJsonObject("outcome").getString("type"));
    assertEquals(
        "java.lang.IllegalArgumentException", info.getJsonObject("outcome").getString("error"));
    JsonObject failed = tasks.history(id).get(3);
    assertEquals("TaskFailed", failed.getString("eventType"));
    assertEquals(
        "run failed, as asked",
        failed.getJsonObject("taskFailedEventAttributes").getString("cause"));
  }

  @Test
  void callbacksThatThrow_areLogged_andTheLifecycleGoesOn() {
    String id =
        tasks.parallel(
            "Recording", new JsonObject().put("key", "throwing").put("throwInCallbacks", true));
    JsonObject info = tasks.await(id, "DISPOSED");

    assertEquals("COMPLETED", info.getJsonObject("outcome").getString("type"));
    assertEquals(5, RecordingTask.calls("throwing").size());
  }

  @Test
  void aTaskThatCannotBeAccepted_isRejected_andGoesBackToTheHeadOfItsQueue() {
    tasks.addSerialQueue("com.example.reject", true);
    String first =
        tasks.serial(
            "com.example.reject",
            "Recording",
            new JsonObject().put("key", "rejected").put("rejectOnce", true),
            false);
    String second =
        tasks.serial(
            "com.example.reject", "Recording", new JsonObject().put("key", "after"), false);

    tasks.await(first, "DISPOSED");
    tasks.await(second, "DISPOSED");
    List<String> calls = RecordingTask.calls("rejected");
    assertEquals(
        List.of("setParameter", "taskRejected:TASK_REJECTED", "setParameter"), calls.subList(0, 3));
    // The claim accepts what it hands out (one write), so the rejection follows an accept.
    assertEquals(
        List.of(
            "TaskScheduled",
            "TaskAccepted",
            "TaskRejected",
            "TaskAccepted",
            "TaskStarted",
            "TaskCompleted"),
        tasks.eventTypes(first));
    // Back at the head: the rejected message still ran before the one behind it.
    long firstEnd = completedAt(first);
    long secondStart = startedAt(second);
    assertTrue(firstEnd <= secondStart, "the message behind the rejected one overtook it");
  }

  @Test
  void stopProgressOnError_deactivatesTheSerialQueue_andTheNextTaskWaits() {
    tasks.addSerialQueue("com.example.stop", true);
    String failing =
        tasks.serial("com.example.stop", "Fail", new JsonObject().put("message", "boom"), true);
    String next = tasks.serial("com.example.stop", "Echo", new JsonObject(), false);

    tasks.await(failing, "DISPOSED");
    Api.Reply queue =
        api.await(
            "/serial-queues/com.example.stop", r -> !r.json().getBoolean("isActive"), Tasks.WAIT);
    assertEquals("STOPPED_ON_ERROR", queue.json().getString("blockedReason"));
    assertEquals(failing, queue.json().getJsonObject("blockedDetails").getString("messageId"));
    assertEquals("WAITING", api.get("/tasks/" + next).json().getString("state"));
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskFailed", "QueueDeactivated"),
        tasks.eventTypes(failing));

    api.put("/serial-queues/com.example.stop/active", new JsonObject().put("active", true));
    tasks.await(next, "DISPOSED");
  }

  @Test
  void withoutStopProgressOnError_aFailureLeavesTheQueueActive() {
    tasks.addSerialQueue("com.example.go-on", true);
    String failing = tasks.serial("com.example.go-on", "Fail", new JsonObject(), false);
    String next = tasks.serial("com.example.go-on", "Echo", new JsonObject(), false);

    tasks.await(failing, "DISPOSED");
    tasks.await(next, "DISPOSED");
    assertTrue(api.get("/serial-queues/com.example.go-on").json().getBoolean("isActive"));
    assertFalse(tasks.eventTypes(failing).contains("QueueDeactivated"));
  }

  @Test
  void anInactiveQueueSelectsNothing_untilActivated() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String id = tasks.parallel("Echo", new JsonObject());
    Api.Reply queue = api.get("/parallel-queue");
    assertEquals("INACTIVE", queue.json().getString("blockedReason"));
    assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));

    api.put("/parallel-queue/active", new JsonObject().put("active", true));
    tasks.await(id, "DISPOSED");
  }

  private long startedAt(String id) {
    return millis(tasks.history(id), "TaskStarted");
  }

  private long completedAt(String id) {
    return millis(tasks.history(id), "TaskCompleted");
  }

  private static long millis(List<JsonObject> events, String type) {
    return events.stream()
        .filter(e -> type.equals(e.getString("eventType")))
        .map(e -> Math.round(e.getDouble("eventTimestamp") * 1000))
        .findFirst()
        .orElseThrow();
  }
}
