package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** POST /tasks/{id}/rerun: a finished task runs again as a new message, linked both ways. */
class RerunApiTest extends NodeApiTest {

  @Test
  void rerunOfAFailedTask_registersTheSameTaskAgain_linkedBothWays() {
    JsonObject parameter = new JsonObject().put("message", "again");
    String old = registerParallel(api, task("Fail", parameter)).getString("messageId");
    JsonObject oldInfo = awaitState(old, "DISPOSED");

    Api.Reply reply = api.post("/tasks/" + old + "/rerun", null);

    assertEquals(201, reply.status(), () -> reply.body().toString());
    JsonObject rerun = reply.json();
    String fresh = rerun.getString("messageId");
    assertNotEquals(old, fresh);
    assertEquals("/api/v1/tasks/" + fresh, reply.headers().get("Location"));
    assertEquals(oldInfo.getString("taskClassName"), rerun.getString("taskClassName"));
    assertEquals(parameter, rerun.getJsonObject("parameter"));
    assertEquals("parallel", rerun.getString("queue"));
    assertEquals(oldInfo.getJsonObject("timeouts"), rerun.getJsonObject("timeouts"));
    JsonObject scheduled = api.history("/tasks/" + fresh + "/history").get(0);
    assertEquals("TaskScheduled", scheduled.getString("eventType"));
    assertEquals(old, attributes(scheduled).getString("rerunOf"));
    List<JsonObject> oldHistory = api.history("/tasks/" + old + "/history");
    JsonObject last = oldHistory.get(oldHistory.size() - 1);
    assertEquals("TaskRerun", last.getString("eventType"));
    assertEquals(fresh, attributes(last).getString("newMessageId"));
    assertEquals(
        "FAILED", awaitState(fresh, "DISPOSED").getJsonObject("outcome").getString("type"));
    assertEquals("DISPOSED", api.get("/tasks/" + old).json().getString("state"), "still finished");
  }

  @Test
  void rerunOfASerialTask_landsInTheSameSerialQueue() {
    addSerialQueue(api, "rerun.q", true);
    JsonObject body = task("Echo").put("stopProgressOnError", true);
    String old = registerSerial(api, "rerun.q", body).getString("messageId");
    awaitState(old, "DISPOSED");
    setSerialActive(api, "rerun.q", false);

    Api.Reply reply = api.post("/tasks/" + old + "/rerun", null);

    assertEquals(201, reply.status(), () -> reply.body().toString());
    assertEquals("serial", reply.json().getString("queue"));
    assertEquals("rerun.q", reply.json().getString("queueId"));
    assertEquals(true, reply.json().getBoolean("stopProgressOnError"));
    assertEquals(
        List.of(reply.json().getString("messageId")),
        ids(api.get("/serial-queues/rerun.q").json().getJsonArray("waitingTasks")));
  }

  @Test
  void rerunOfATaskThatHasNotFinished_isAConflict() {
    setParallelActive(api, false);
    String waiting = registerParallel(api, task("Echo")).getString("messageId");

    assertProblem(
        api.post("/tasks/" + waiting + "/rerun", null),
        409,
        "task_not_finished",
        waiting,
        "WAITING");

    assertEquals(List.of("TaskScheduled"), historyTypes(waiting));
    assertEquals(1, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void rerunOfAnUnknownTask_isInvalidTask() {
    String unknown = UUID.randomUUID().toString();
    assertProblem(api.post("/tasks/" + unknown + "/rerun", null), 404, "invalid_task", unknown);
    assertProblem(api.post("/tasks/not-an-id/rerun", null), 404, "invalid_task");
  }

  @Test
  void rerunOfAnotherTenantsTask_isInvalidTask() {
    String old = registerParallel(api, task("Echo")).getString("messageId");
    awaitState(old, "DISPOSED");
    // another token on the same client (closed with it)
    Api other = api.as(TestNode.OTHER_TENANT);
    assertProblem(other.post("/tasks/" + old + "/rerun", null), 404, "invalid_task");
    assertEquals(
        List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"),
        historyTypes(old));
  }

  @Test
  void aSubmitterMayRerun_andAnIdempotencyKeyMakesOneRerun() {
    String old = registerParallel(api, task("Echo")).getString("messageId");
    awaitState(old, "DISPOSED");
    setParallelActive(api, false);
    // another token on the same client (closed with it)
    Api submitter = api.as(TestNode.SUBMITTER);
    Api.Reply first =
        submitter.send(
            io.vertx.core.http.HttpMethod.POST,
            "/tasks/" + old + "/rerun",
            null,
            "Idempotency-Key",
            "rerun-once");
    Api.Reply again =
        submitter.send(
            io.vertx.core.http.HttpMethod.POST,
            "/tasks/" + old + "/rerun",
            null,
            "Idempotency-Key",
            "rerun-once");

    assertEquals(201, first.status(), () -> first.body().toString());
    assertEquals(first.json().getString("messageId"), again.json().getString("messageId"));
    assertEquals(1, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(
        1, historyTypes(old).stream().filter("TaskRerun"::equals).count(), "one TaskRerun");
  }

  /** An event's attributes ({@code taskScheduledEventAttributes} and the like, SWF's form). */
  private static JsonObject attributes(JsonObject event) {
    String type = event.getString("eventType");
    return event.getJsonObject(
        Character.toLowerCase(type.charAt(0)) + type.substring(1) + "EventAttributes");
  }
}
