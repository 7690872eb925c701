package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * SPEC 8 and 10: every malformed request is answered with a problem that says what is wrong, and
 * changes nothing.
 */
class MalformedInputApiTest extends NodeApiTest {

  @BeforeEach
  void holdTheParallelQueue() {
    setParallelActive(api, false);
    addSerialQueue(api, "malformed.q", false);
  }

  private static final String[] BROKEN_JSON = {
    "{", "{\"taskClassName\": \"Echo\",}", "not json", "{'a':1}"
  };

  @Test
  void malformedJson_isInvalidRequest() {
    for (String broken : BROKEN_JSON) {
      assertProblem(api.post("/parallel-queue/tasks", broken), 400, "invalid_request");
      assertProblem(api.post("/serial-queues/malformed.q/tasks", broken), 400, "invalid_request");
      assertProblem(api.post("/serial-queues", broken), 400, "invalid_request");
      assertProblem(api.put("/parallel-queue/active", broken), 400, "invalid_request");
    }
    assertNothingRegistered();
  }

  @Test
  void malformedJson_detailSaysTheBodyIsNotJson() {
    for (String broken : BROKEN_JSON) {
      assertProblem(api.post("/parallel-queue/tasks", broken), 400, "invalid_request", "JSON");
    }
  }

  @Test
  void emptyBody_isInvalidRequest() {
    assertEquals(
        "the request body is required",
        assertProblem(
                api.send(HttpMethod.POST, "/parallel-queue/tasks", Buffer.buffer()),
                400,
                "invalid_request")
            .getString("detail"));
    assertProblem(
        api.send(HttpMethod.PUT, "/serial-queues/malformed.q/active", Buffer.buffer()),
        400,
        "invalid_request",
        "the request body is required");
    assertNothingRegistered();
  }

  @Test
  void bodyThatIsNotAnObject_isInvalidRequest() {
    assertProblem(
        api.post("/parallel-queue/tasks", new JsonArray().add(task("Echo"))),
        400,
        "invalid_request");
    assertProblem(api.post("/serial-queues", "\"malformed.q2\""), 400, "invalid_request");
    assertNothingRegistered();
  }

  @Test
  void wrongTypes_areInvalidRequest_namingTheField() {
    assertProblem(
        api.post("/parallel-queue/tasks", new JsonObject().put("taskClassName", 5)),
        400,
        "invalid_request",
        "taskClassName");
    assertProblem(
        api.post(
            "/serial-queues/malformed.q/tasks", task("Echo").put("stopProgressOnError", "yes")),
        400,
        "invalid_request",
        "stopProgressOnError");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("sentTime", 1_700_000_000)),
        400,
        "invalid_request",
        "sentTime");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("context", "de-CH")),
        400,
        "invalid_request",
        "context");
    assertProblem(
        api.post("/serial-queues", new JsonObject().put("queueId", 17).put("active", true)),
        400,
        "invalid_request",
        "queueId");
    assertProblem(
        api.post("/serial-queues", new JsonObject().put("queueId", "x.y").put("active", "true")),
        400,
        "invalid_request",
        "active");
    assertProblem(
        api.put("/parallel-queue/active", new JsonObject().put("active", "false")),
        400,
        "invalid_request",
        "active");
    assertProblem(
        api.put("/serial-queues/malformed.q/active", new JsonObject().put("active", 1)),
        400,
        "invalid_request",
        "active");
    assertNothingRegistered();
    assertEquals(false, api.get("/parallel-queue").json().getBoolean("isActive"));
  }

  @Test
  void schemaViolations_detailStatesTheRuleBroken() {
    assertProblem(
        api.post("/parallel-queue/tasks", new JsonObject().put("taskClassName", 5)),
        400,
        "invalid_request",
        "/taskClassName",
        "string expected");
    assertProblem(
        api.post(
            "/parallel-queue/tasks",
            task("Echo").put("timeouts", new JsonObject().put("heartbeat", 99_999_999_999L))),
        400,
        "invalid_request",
        "/timeouts/heartbeat",
        "31536000");
    // a field named like a place a parameter can be in is still a field of the body
    for (String field : new String[] {"jsPath", "headerz", "queryString"}) {
      String detail =
          assertProblem(
                  api.post("/parallel-queue/tasks", task("Echo").put(field, 5)),
                  400,
                  "invalid_request",
                  field)
              .getString("detail");
      assertTrue(detail.startsWith("request body /" + field + ": "), detail);
    }
    assertNothingRegistered();
  }

  @Test
  void missingRequiredFields_areInvalidRequest_namingTheField() {
    assertProblem(
        api.put("/parallel-queue/active", new JsonObject()), 400, "invalid_request", "active");
    assertProblem(
        api.put("/serial-queues/malformed.q/active", new JsonObject()),
        400,
        "invalid_request",
        "active");
    assertProblem(
        api.post("/serial-queues", new JsonObject().put("active", true)),
        400,
        "invalid_request",
        "queueId");
    assertProblem(
        api.post("/parallel-queue/tasks", new JsonObject()),
        400,
        "invalid_request",
        "taskClassName");
    assertNothingRegistered();
  }

  @Test
  void unknownFields_areInvalidRequest_namingTheField() {
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("priority", 5)),
        400,
        "invalid_request",
        "priority");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo").put("stopProgressOnError", true)),
        400,
        "invalid_request",
        "stopProgressOnError");
    assertProblem(
        api.post("/serial-queues/malformed.q/tasks", task("Echo").put("queueId", "other")),
        400,
        "invalid_request",
        "queueId");
    assertProblem(
        api.post(
            "/serial-queues",
            new JsonObject().put("queueId", "x.z").put("active", true).put("colour", "blue")),
        400,
        "invalid_request",
        "colour");
    assertProblem(
        api.put("/parallel-queue/active", new JsonObject().put("active", true).put("now", true)),
        400,
        "invalid_request",
        "now");
    assertNothingRegistered();
    assertEquals(false, api.get("/parallel-queue").json().getBoolean("isActive"));
  }

  @Test
  void invalidQueryParameters_areInvalidRequest() {
    for (String limit : new String[] {"-1", "abc", "1001", "5.5"}) {
      assertProblem(api.get("/parallel-queue?limit=" + limit), 400, "invalid_request", "limit");
      assertProblem(api.get("/status?limit=" + limit), 400, "invalid_request", "limit");
      assertProblem(
          api.get("/serial-queues/malformed.q?limit=" + limit), 400, "invalid_request", "limit");
    }
    assertProblem(
        api.delete("/tasks/00000000-0000-7000-8000-000000000000?queue=both"),
        400,
        "invalid_request",
        "queue");
    String detail =
        assertProblem(api.get("/parallel-queue?limit=1001"), 400, "invalid_request", "1000")
            .getString("detail");
    assertEquals("query parameter limit: must have a maximum value of 1000", detail);
    // a rule broken inside a parameter's value is placed in it
    String item =
        assertProblem(
                api.get("/tasks?status=WAITING&status=" + "X".repeat(201)),
                400,
                "invalid_request",
                "200")
            .getString("detail");
    assertTrue(item.startsWith("query parameter status /1: "), item);
  }

  @Test
  void unknownRoute_isNotFoundProblem() {
    assertProblem(api.get("/no-such-thing"), 404, "not_found", "/api/v1/no-such-thing");
    assertProblem(api.post("/serial-queues/a/b/c", task("Echo")), 404, "not_found");
    assertProblem(api.get("/api/v2/status"), 404, "not_found");
  }

  @Test
  void wrongMethod_isA405Problem_namingTheMethod() {
    Api.Reply reply = api.send(HttpMethod.DELETE, "/parallel-queue", null);
    assertProblem(reply, 405, "method_not_allowed", "DELETE");
    assertEquals("GET, HEAD, OPTIONS", reply.headers().get("Allow"));
    Api.Reply patch = api.send(HttpMethod.PATCH, "/serial-queues/malformed.q", task("Echo"));
    assertProblem(patch, 405, "method_not_allowed", "PATCH");
    assertEquals(200, api.get("/serial-queues/malformed.q").status(), "the queue is untouched");
  }

  @Test
  void malformedMessageId_isAnUnknownTask() {
    assertProblem(api.get("/tasks/not-a-uuid"), 404, "invalid_task");
    assertProblem(api.delete("/tasks/not-a-uuid"), 404, "invalid_task");
    assertProblem(api.get("/tasks/" + "9".repeat(65)), 400, "invalid_request", "messageId");
  }

  private void assertNothingRegistered() {
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues/malformed.q").json().getInteger("waitingCount"));
    assertEquals(
        Set.of("malformed.q"),
        Set.copyOf(
            api.get("/serial-queues").array().stream()
                .map(q -> ((JsonObject) q).getString("queueId"))
                .toList()));
  }
}
