package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** SPEC 3.1: adding, removing, activating and listing serial queues (and the parallel queue). */
class SerialQueueApiTest extends NodeApiTest {

  @Test
  void addSerialQueue_active_answersItsInfo() {
    JsonObject info = addSerialQueue(api, "com.example.billing", true);
    assertEquals("com.example.billing", info.getString("queueId"));
    assertEquals(true, info.getBoolean("isActive"));
    assertEquals(0, info.getInteger("waitingCount"));
    assertEquals(new JsonArray(), info.getJsonArray("waitingTasks"));
    assertNull(info.getValue("runningTask"));
    JsonObject read = api.get("/serial-queues/com.example.billing").json();
    assertEquals(true, read.getBoolean("isActive"));
  }

  @Test
  void addSerialQueue_inactive_keepsItsMessagesWaiting() {
    JsonObject info = addSerialQueue(api, "com.example.paused", false);
    assertEquals(false, info.getBoolean("isActive"));
    String held = registerSerial(api, "com.example.paused", task("Echo")).getString("messageId");
    // A witness in an active queue runs to its end; by then the inactive queue has had its chance.
    addSerialQueue(api, "com.example.running", true);
    String witness =
        registerSerial(api, "com.example.running", task("Echo")).getString("messageId");
    awaitState(witness, "DISPOSED");
    assertEquals("WAITING", api.get("/tasks/" + held).json().getString("state"));
    JsonObject queue = api.get("/serial-queues/com.example.paused").json();
    assertEquals(false, queue.getBoolean("isActive"));
    assertEquals(1, queue.getInteger("waitingCount"));
  }

  @Test
  void addSerialQueue_existingId_isRefusedAndChangesNothing() {
    addSerialQueue(api, "dup.queue", false);
    String first = registerSerial(api, "dup.queue", task("Echo")).getString("messageId");
    String second = registerSerial(api, "dup.queue", task("Echo")).getString("messageId");

    Api.Reply again =
        api.post(
            "/serial-queues", new JsonObject().put("queueId", "dup.queue").put("active", true));

    assertProblem(again, 409, "queue_exists", "dup.queue");
    JsonObject queue = api.get("/serial-queues/dup.queue").json();
    assertEquals(false, queue.getBoolean("isActive"), "the existing queue keeps its state");
    assertEquals(2, queue.getInteger("waitingCount"));
    assertEquals(List.of(first, second), ids(queue.getJsonArray("waitingTasks")));
    assertEquals("WAITING", api.get("/tasks/" + first).json().getString("state"));
  }

  @Test
  void addSameQueueConcurrently_exactlyOneSucceeds() throws Exception {
    JsonObject body = new JsonObject().put("queueId", "raced.queue").put("active", false);
    List<Api.Reply> replies = Concurrently.run(20, () -> api.post("/serial-queues", body));

    List<Integer> statuses = replies.stream().map(Api.Reply::status).sorted().toList();
    assertEquals(1, statuses.stream().filter(s -> s == 201).count(), statuses::toString);
    for (Api.Reply reply : replies) {
      if (reply.status() != 201) {
        assertProblem(reply, 409, "queue_exists");
      }
    }
    assertEquals(1, api.get("/serial-queues").array().size());
  }

  @Test
  void addAndRemoveConcurrently_theAddAnswers201Or409_never404() throws Exception {
    // The add's answer once read the queue again by its id: a remove between the insert and that
    // read made a created queue's answer 404 queue_not_found.
    for (int round = 0; round < 40; round++) {
      String queueId = "race.add." + round;
      JsonObject body = new JsonObject().put("queueId", queueId).put("active", false);
      List<Api.Reply> replies =
          Concurrently.run(
              8,
              i ->
                  i % 2 == 0
                      ? api.post("/serial-queues", body)
                      : api.delete("/serial-queues/" + queueId));
      for (int i = 0; i < replies.size(); i++) {
        Api.Reply reply = replies.get(i);
        if (i % 2 == 1) {
          assertTrue(
              reply.status() == 204 || reply.status() == 404,
              () -> "remove: " + reply.status() + " " + reply.body());
        } else if (reply.status() == 201) {
          assertEquals(queueId, reply.json().getString("queueId"));
          assertEquals(0, reply.json().getInteger("waitingCount"));
        } else {
          assertProblem(reply, 409, "queue_exists");
        }
      }
    }
  }

  @Test
  void removeQueueWhileRegistering_neverLosesAMessage() throws Exception {
    for (int round = 0; round < 10; round++) {
      String queueId = "race.remove." + round;
      addSerialQueue(api, queueId, false);
      List<Api.Reply> replies =
          Concurrently.run(
              11,
              i ->
                  i == 5
                      ? api.delete("/serial-queues/" + queueId)
                      : api.post("/serial-queues/" + queueId + "/tasks", task("Echo")));
      Api.Reply removal = replies.get(5);
      List<String> registered = new ArrayList<>();
      for (int i = 0; i < replies.size(); i++) {
        Api.Reply reply = replies.get(i);
        if (i == 5) {
          continue;
        }
        if (reply.status() == 201) {
          registered.add(reply.json().getString("messageId"));
        } else {
          assertProblem(reply, 404, "queue_not_found");
        }
      }
      if (removal.status() == 204) {
        assertEquals(List.of(), registered, "a removed queue accepted messages");
        assertEquals(404, api.get("/serial-queues/" + queueId).status());
      } else {
        assertProblem(removal, 409, "queue_illegal_state");
        assertEquals(
            Set.copyOf(registered),
            Set.copyOf(
                ids(api.get("/serial-queues/" + queueId).json().getJsonArray("waitingTasks"))));
      }
    }
  }

  @Test
  void removeSerialQueue_emptyAndIdle_isRemoved() {
    addSerialQueue(api, "short.lived", true);
    String done = registerSerial(api, "short.lived", task("Echo")).getString("messageId");
    awaitState(done, "DISPOSED");

    Api.Reply removed = api.delete("/serial-queues/short.lived");

    assertEquals(204, removed.status(), () -> removed.body().toString());
    assertProblem(api.get("/serial-queues/short.lived"), 404, "queue_not_found", "short.lived");
    assertTrue(
        api.get("/serial-queues").array().stream()
            .noneMatch(q -> "short.lived".equals(((JsonObject) q).getString("queueId"))));
  }

  @Test
  void removeSerialQueue_withWaitingMessages_isRefused() {
    addSerialQueue(api, "busy.waiting", false);
    String waiting = registerSerial(api, "busy.waiting", task("Echo")).getString("messageId");

    assertProblem(api.delete("/serial-queues/busy.waiting"), 409, "queue_illegal_state");

    JsonObject queue = api.get("/serial-queues/busy.waiting").json();
    assertEquals(List.of(waiting), ids(queue.getJsonArray("waitingTasks")));
  }

  @Test
  void removeSerialQueue_withARunningTask_isRefused() {
    addSerialQueue(api, "busy.running", true);
    String sleeping =
        registerSerial(api, "busy.running", task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(sleeping, "RUNNING");

    assertProblem(api.delete("/serial-queues/busy.running"), 409, "queue_illegal_state");
    assertEquals(200, api.get("/serial-queues/busy.running").status());

    // End the sleep, then the idle, empty queue can go.
    Api.Reply released = api.post("/tasks/" + sleeping + "/release", new JsonObject());
    assertEquals(200, released.status(), () -> released.body().toString());
    awaitState(sleeping, "DISPOSED");
    api.await("/serial-queues/busy.running", r -> r.json().getValue("runningTask") == null, WAIT);
    assertEquals(204, api.delete("/serial-queues/busy.running").status());
  }

  @Test
  void removeSerialQueue_unknownId_isNotFound() {
    assertProblem(api.delete("/serial-queues/no.such.queue"), 404, "queue_not_found", "no.such");
  }

  @Test
  void removedQueue_acceptsNoMessages() {
    addSerialQueue(api, "gone.queue", true);
    assertEquals(204, api.delete("/serial-queues/gone.queue").status());

    Api.Reply registered = api.post("/serial-queues/gone.queue/tasks", task("Echo"));

    assertProblem(registered, 404, "queue_not_found", "gone.queue");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void registerIntoUnknownSerialQueue_isNotFound() {
    assertProblem(
        api.post("/serial-queues/never.added/tasks", task("Echo")),
        404,
        "queue_not_found",
        "never.added");
  }

  @Test
  void serialQueue_canBeDeactivatedAndActivated() {
    addSerialQueue(api, "toggle.queue", true);
    setSerialActive(api, "toggle.queue", false);
    assertEquals(false, api.get("/serial-queues/toggle.queue").json().getBoolean("isActive"));
    String held = registerSerial(api, "toggle.queue", task("Echo")).getString("messageId");
    assertEquals("WAITING", api.get("/tasks/" + held).json().getString("state"));

    setSerialActive(api, "toggle.queue", true);

    assertEquals(true, api.get("/serial-queues/toggle.queue").json().getBoolean("isActive"));
    awaitState(held, "DISPOSED");
  }

  @Test
  void settingStateTwice_isIdempotent() {
    addSerialQueue(api, "twice.queue", false);
    setSerialActive(api, "twice.queue", false);
    setSerialActive(api, "twice.queue", true);
    setSerialActive(api, "twice.queue", true);
    assertEquals(true, api.get("/serial-queues/twice.queue").json().getBoolean("isActive"));
  }

  @Test
  void activatingUnknownSerialQueue_isNotFound() {
    assertProblem(
        api.put("/serial-queues/nowhere/active", new JsonObject().put("active", true)),
        404,
        "queue_not_found",
        "nowhere");
  }

  @Test
  void parallelQueue_existsActive_andCanBeDeactivatedAndActivated() {
    assertEquals(true, api.get("/parallel-queue").json().getBoolean("isActive"));
    setParallelActive(api, false);
    assertEquals(false, api.get("/parallel-queue").json().getBoolean("isActive"));
    String held = registerParallel(api, task("Echo")).getString("messageId");
    addSerialQueue(api, "witness", true);
    String witness = registerSerial(api, "witness", task("Echo")).getString("messageId");
    awaitState(witness, "DISPOSED");
    assertEquals("WAITING", api.get("/tasks/" + held).json().getString("state"));

    setParallelActive(api, true);

    awaitState(held, "DISPOSED");
    assertEquals(true, api.get("/parallel-queue").json().getBoolean("isActive"));
  }

  @Test
  void queueId_ofMaximumLength_isAccepted() {
    String longest = "q".repeat(255);
    addSerialQueue(api, longest, false);
    registerSerial(api, longest, task("Echo"));
    assertEquals(1, api.get("/serial-queues/" + longest).json().getInteger("waitingCount"));
  }

  @Test
  void queueId_overLong_isRefused() {
    String tooLong = "q".repeat(256);
    assertProblem(
        api.post("/serial-queues", new JsonObject().put("queueId", tooLong).put("active", true)),
        400,
        "invalid_request",
        "queueId");
    assertEquals(0, api.get("/serial-queues").array().size());
    assertProblem(api.get("/serial-queues/" + tooLong), 400, "invalid_request", "queueId");
    assertProblem(
        api.post("/serial-queues/" + tooLong + "/tasks", task("Echo")),
        400,
        "invalid_request",
        "queueId");
  }

  @Test
  void queueId_malformed_isRefused() {
    for (String bad : List.of("", "has space", "semi;colon", "quote\"d", "ümlaut")) {
      assertProblem(
          api.post("/serial-queues", new JsonObject().put("queueId", bad).put("active", true)),
          400,
          "invalid_request",
          "queueId");
    }
    assertEquals(0, api.get("/serial-queues").array().size());
  }

  @Test
  void listAndGet_showStateAndCounts() {
    addSerialQueue(api, "list.a", false);
    addSerialQueue(api, "list.b", true);
    addSerialQueue(api, "list.c", false);
    registerSerial(api, "list.a", task("Echo"));
    registerSerial(api, "list.a", task("Echo"));
    registerSerial(api, "list.c", task("Echo"));
    String sleeping =
        registerSerial(api, "list.b", task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    registerSerial(api, "list.b", task("Echo"));
    awaitState(sleeping, "RUNNING");

    Api.Reply list = api.get("/serial-queues");

    assertEquals(200, list.status(), () -> list.body().toString());
    Map<String, JsonObject> byId =
        list.array().stream()
            .map(JsonObject.class::cast)
            .collect(Collectors.toMap(q -> q.getString("queueId"), q -> q));
    assertEquals(3, byId.size(), () -> "queues: " + byId.keySet());
    assertQueue(byId.get("list.a"), false, 2, 0);
    assertQueue(byId.get("list.b"), true, 1, 1);
    assertQueue(byId.get("list.c"), false, 1, 0);

    JsonObject b = api.get("/serial-queues/list.b").json();
    assertQueue(b, true, 1, 1);
    assertEquals(sleeping, b.getJsonObject("runningTask").getString("messageId"));
    assertEquals("RUNNING", b.getJsonObject("runningTask").getString("state"));
    assertEquals(1, b.getJsonArray("waitingTasks").size());

    api.post("/tasks/" + sleeping + "/release", new JsonObject());
    awaitState(sleeping, "DISPOSED");
  }

  private static void assertQueue(JsonObject queue, boolean active, int waiting, int running) {
    assertEquals(active, queue.getBoolean("isActive"), () -> "isActive of " + queue);
    assertEquals(waiting, queue.getInteger("waitingCount"), () -> "waitingCount of " + queue);
    assertEquals(running, queue.getInteger("runningCount"), () -> "runningCount of " + queue);
  }
}
