package io.ordo.deploy.later;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.tasks.FlakyTask;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Delayed messages ({@code delaySeconds}, {@code notBefore}) in both queues, on a moved clock. */
class DelayTest extends LaterTest {

  @Test
  void parallelQueue_delayedMessageWaitsForItsTime_whileLaterOnesRun() {
    String delayed =
        flaky(
            "/parallel-queue/tasks",
            "d",
            new JsonObject(),
            new JsonObject().put("delaySeconds", 60));
    JsonObject info = api.get("/tasks/" + delayed).json();
    assertEquals("WAITING", info.getString("state"));
    assertEquals(
        Instant.parse(info.getString("receivedTime")).plusSeconds(60),
        Instant.parse(info.getString("notBefore")));

    String later = flaky("/parallel-queue/tasks", "n", new JsonObject(), new JsonObject());
    tasks.await(later, "DISPOSED");
    assertEquals("WAITING", api.get("/tasks/" + delayed).json().getString("state"));
    assertEquals(List.of(), FlakyTask.attempts("d"), "not run before its time");

    advance(60);
    JsonObject done = tasks.await(delayed, "DISPOSED");
    assertEquals("COMPLETED", done.getJsonObject("outcome").getString("type"));
    assertEquals(List.of("n#1", "d#1"), FlakyTask.RUNS);
  }

  @Test
  void serialQueue_delayedHeadHoldsTheQueue_blockedReasonDelayed() {
    tasks.addSerialQueue("com.example.later", true);
    String path = "/serial-queues/com.example.later/tasks";
    String head = flaky(path, "head", new JsonObject(), new JsonObject().put("delaySeconds", 60));
    String next = flaky(path, "next", new JsonObject(), new JsonObject());
    // a parallel message registered after both ran: the runner has claimed since
    tasks.await(
        flaky("/parallel-queue/tasks", "p", new JsonObject(), new JsonObject()), "DISPOSED");

    JsonObject queue = api.get("/serial-queues/com.example.later").json();
    assertEquals("DELAYED", queue.getString("blockedReason"));
    assertEquals(head, queue.getJsonObject("blockedDetails").getString("messageId"));
    JsonObject headInfo = queue.getJsonArray("waitingTasks").getJsonObject(0);
    assertEquals(head, headInfo.getString("messageId"));
    assertEquals(
        headInfo.getString("notBefore"),
        queue.getJsonObject("blockedDetails").getString("notBefore"));
    assertEquals(
        "DELAYED",
        api.get("/serial-queues").array().getJsonObject(0).getString("blockedReason"),
        "the list of serial queues says so too");
    assertEquals("WAITING", api.get("/tasks/" + next).json().getString("state"));
    assertEquals(List.of(), FlakyTask.attempts("next"), "strict order: nothing overtakes the head");

    advance(60);
    tasks.await(next, "DISPOSED");
    assertEquals(List.of("p#1", "head#1", "next#1"), FlakyTask.RUNS);
    assertNull(api.get("/serial-queues/com.example.later").json().getString("blockedReason"));
  }

  @Test
  void notBefore_isAnInstant_andScheduleToStartCountsFromIt() {
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    Instant at = clock.instant().plusSeconds(30);
    String id =
        flaky(
            "/parallel-queue/tasks",
            "at",
            new JsonObject(),
            new JsonObject()
                .put("notBefore", at.toString())
                .put("timeouts", new JsonObject().put("scheduleToStart", 10)));
    assertEquals(at, Instant.parse(api.get("/tasks/" + id).json().getString("notBefore")));

    advance(35); // 10 s after reception have long passed, 10 s after notBefore not yet
    sweep();
    assertEquals("WAITING", api.get("/tasks/" + id).json().getString("state"));
    advance(6);
    JsonObject info = tasks.await(id, "DISPOSED");
    assertEquals("SCHEDULE_TO_START", info.getJsonObject("outcome").getString("timeoutType"));
  }

  @Test
  void aNotBeforeInThePast_isNoDelay() {
    String id =
        flaky(
            "/parallel-queue/tasks",
            "past",
            new JsonObject(),
            new JsonObject().put("notBefore", clock.instant().minusSeconds(60).toString()));
    JsonObject info = tasks.await(id, "DISPOSED");
    assertFalse(info.containsKey("notBefore"));
    assertTrue(FlakyTask.attempts("past").contains(1));
  }

  private void sweep() {
    node.queue().maintenance().runOnce().toCompletionStage().toCompletableFuture().join();
  }
}
