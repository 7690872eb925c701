package io.ordo.deploy.timeouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.tasks.HeartbeatProbeTask;
import io.ordo.testing.SettableClock;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SWF's timeouts and heartbeats (SPEC 4), on a clock the test moves. */
class TimeoutTest extends NodeTest {
  private final SettableClock clock = SettableClock.atNow();

  @Override
  protected Clock clock() {
    return clock;
  }

  @Override
  protected void reset() {
    HeartbeatProbeTask.ENDINGS.clear();
    HeartbeatProbeTask.RELEASED.clear();
  }

  @Test
  void scheduleToStart_disposesTheMessageWithoutRunningIt() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String id = register("Echo", new JsonObject(), new JsonObject().put("scheduleToStart", 60));

    clock.advance(Duration.ofSeconds(59));
    sweep();
    assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));
    clock.advance(Duration.ofSeconds(1));
    JsonObject info = tasks.await(id, "DISPOSED");

    assertEquals("TIMED_OUT", info.getJsonObject("outcome").getString("type"));
    assertEquals(List.of("TaskScheduled", "TaskTimedOut"), tasks.eventTypes(id));
    JsonObject attributes = tasks.history(id).get(1).getJsonObject("taskTimedOutEventAttributes");
    assertEquals("SCHEDULE_TO_START", attributes.getString("timeoutType"));
    assertEquals(1, attributes.getInteger("scheduledEventId"));
    assertEquals(0, attributes.getInteger("startedEventId"));
    // not given to another runner: activating the queue runs nothing
    api.put("/parallel-queue/active", new JsonObject().put("active", true));
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void startToClose_releasesTheTask_andIgnoresItsLaterCompletion() {
    String id =
        register(
            "HeartbeatProbe",
            new JsonObject().put("key", "stc").put("intervalMillis", 20),
            new JsonObject().put("startToClose", 30));
    tasks.await(id, "RUNNING");

    clock.advance(Duration.ofSeconds(31));
    JsonObject info = tasks.await(id, "DISPOSED");

    assertEquals("START_TO_CLOSE", info.getJsonObject("outcome").getString("timeoutType"));
    api.await("/tasks/" + id, r -> HeartbeatProbeTask.ENDINGS.containsKey("stc"), Tasks.WAIT);
    List<JsonObject> history = tasks.history(id);
    JsonObject last = history.get(history.size() - 1);
    assertEquals(
        "TaskTimedOut", last.getString("eventType"), "nothing after the timeout is applied");
    assertEquals(3, last.getJsonObject("taskTimedOutEventAttributes").getInteger("startedEventId"));
    // told to stop: release() is called, and whichever the task notices first ends it (its
    // released flag, or a heartbeat that throws)
    api.await("/tasks/" + id, r -> HeartbeatProbeTask.RELEASED.contains("stc"), Tasks.WAIT);
    assertTrue(
        List.of("cancelled", "released").contains(HeartbeatProbeTask.ENDINGS.get("stc")),
        "the task was told to stop: " + HeartbeatProbeTask.ENDINGS.get("stc"));
  }

  @Test
  void heartbeats_keepATaskAlive_andShowInItsInfo_andTheirAbsenceTimesItOut() {
    String alive =
        register(
            "HeartbeatProbe",
            new JsonObject().put("key", "alive").put("intervalMillis", 20).put("beats", 3_000),
            new JsonObject().put("heartbeat", 10));
    tasks.await(alive, "RUNNING");
    for (int i = 0; i < 3; i++) {
      Instant now = clock.instant();
      // wait for a heartbeat recorded at the current (moved) time, then move time again
      api.await(
          "/tasks/" + alive,
          r ->
              r.json().getString("lastHeartbeatTime") != null
                  && !Instant.parse(r.json().getString("lastHeartbeatTime")).isBefore(now),
          Tasks.WAIT);
      clock.advance(Duration.ofSeconds(6));
    }
    JsonObject info = api.get("/tasks/" + alive).json();
    assertEquals(
        "RUNNING", info.getString("state"), "18 s of moved time, never 10 s without a heartbeat");
    assertNotNull(info.getJsonObject("heartbeatDetails").getInteger("beat"));

    String silent =
        register(
            "Sleep", new JsonObject().put("millis", 60_000), new JsonObject().put("heartbeat", 10));
    tasks.await(silent, "RUNNING");
    clock.advance(Duration.ofSeconds(11));
    JsonObject timedOut = tasks.await(silent, "DISPOSED");
    assertEquals("HEARTBEAT", timedOut.getJsonObject("outcome").getString("timeoutType"));
  }

  @Test
  void aHeartbeatAfterTheTimeout_failsAndTellsTheTaskToStop() {
    String id =
        register(
            "HeartbeatProbe",
            new JsonObject().put("key", "late").put("intervalMillis", 20),
            new JsonObject().put("scheduleToClose", 100));
    tasks.await(id, "RUNNING");
    clock.advance(Duration.ofSeconds(101));
    tasks.await(id, "DISPOSED");
    api.await("/tasks/" + id, r -> HeartbeatProbeTask.ENDINGS.containsKey("late"), Tasks.WAIT);
    assertEquals("cancelled", HeartbeatProbeTask.ENDINGS.get("late"));
    assertEquals(
        "SCHEDULE_TO_CLOSE",
        api.get("/tasks/" + id).json().getJsonObject("outcome").getString("timeoutType"));
  }

  @Test
  void scheduleToClose_beforeTheStart_disposesWithoutRunning() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String id = register("Echo", new JsonObject(), new JsonObject().put("scheduleToClose", 5));
    clock.advance(Duration.ofSeconds(6));
    JsonObject info = tasks.await(id, "DISPOSED");
    assertEquals("SCHEDULE_TO_CLOSE", info.getJsonObject("outcome").getString("timeoutType"));
    assertEquals(List.of("TaskScheduled", "TaskTimedOut"), tasks.eventTypes(id));
  }

  @Test
  void aTimeoutIsAnError_forStopProgressOnError() {
    tasks.addSerialQueue("com.example.timeout", true);
    Api.Reply reply =
        api.post(
            "/serial-queues/com.example.timeout/tasks",
            new JsonObject()
                .put("taskClassName", "Sleep")
                .put("parameter", new JsonObject().put("millis", 60_000))
                .put("stopProgressOnError", true)
                .put("timeouts", new JsonObject().put("startToClose", 10)));
    String id = reply.json().getString("messageId");
    tasks.await(id, "RUNNING");
    clock.advance(Duration.ofSeconds(11));
    tasks.await(id, "DISPOSED");
    JsonObject queue = api.get("/serial-queues/com.example.timeout").json();
    assertFalse(queue.getBoolean("isActive"));
    assertTrue(tasks.eventTypes(id).contains("QueueDeactivated"));
  }

  @Test
  void aTaskTypesDefaultTimeouts_applyUnlessTheMessageSetsItsOwn() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    JsonObject defaults =
        api.get("/tasks/" + register("HeartbeatProbe", new JsonObject(), null)).json();
    assertEquals(3600, defaults.getJsonObject("timeouts").getInteger("startToClose"));
    JsonObject overridden =
        api.get(
                "/tasks/"
                    + register(
                        "HeartbeatProbe",
                        new JsonObject(),
                        new JsonObject().put("startToClose", "NONE")))
            .json();
    assertEquals("NONE", overridden.getJsonObject("timeouts").getString("startToClose"));
  }

  private String register(String type, JsonObject parameter, JsonObject timeouts) {
    JsonObject body = new JsonObject().put("taskClassName", type).put("parameter", parameter);
    if (timeouts != null) {
      body.put("timeouts", timeouts);
    }
    Api.Reply reply = api.post("/parallel-queue/tasks", body);
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }

  private void sweep() {
    node.queue().maintenance().runOnce().toCompletionStage().toCompletableFuture().join();
  }
}
