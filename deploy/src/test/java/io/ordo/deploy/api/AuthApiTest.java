package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * SPEC 10: bearer tokens decide tenant and role; a tenant never sees another's data; health,
 * metrics and the API document are served.
 */
class AuthApiTest extends NodeApiTest {
  private static final String TENANT = "Ordo-Tenant";

  @Test
  void noToken_isUnauthorized() {
    Api anonymous = api.as(null);
    for (Api.Reply reply :
        List.of(
            anonymous.get("/status"),
            anonymous.get("/parallel-queue"),
            anonymous.post("/parallel-queue/tasks", task("Echo")),
            anonymous.post("/serial-queues", new JsonObject().put("queueId", "q")),
            anonymous.delete("/tasks/" + UUID.randomUUID()))) {
      assertProblem(reply, 401, "unauthorized", "token");
      assertTrue(
          String.valueOf(reply.headers().get("WWW-Authenticate")).startsWith("Bearer"),
          () -> "WWW-Authenticate: " + reply.headers().get("WWW-Authenticate"));
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues").array().size());
  }

  @Test
  void wrongToken_isUnauthorized() {
    assertProblem(api.as("not-a-token").get("/status"), 401, "unauthorized", "token");
    assertProblem(
        api.as(TestNode.OPERATOR + "x").post("/parallel-queue/tasks", task("Echo")),
        401,
        "unauthorized");
    Api.Reply basic =
        api.as(null).send(HttpMethod.GET, "/status", null, "Authorization", "Basic dXNlcjpwYXNz");
    assertProblem(basic, 401, "unauthorized");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void submitter_cannotManageQueuesOrRunningTasks() {
    addSerialQueue(api, "auth.q", false);
    String sleeping =
        registerParallel(api, task("Sleep", new JsonObject().put("millis", 60_000)))
            .getString("messageId");
    awaitState(sleeping, "RUNNING");
    Api submitter = api.as(TestNode.SUBMITTER);

    assertProblem(
        submitter.post("/serial-queues", new JsonObject().put("queueId", "sub.q")),
        403,
        "forbidden",
        "operator");
    assertProblem(
        submitter.put("/parallel-queue/active", new JsonObject().put("active", false)),
        403,
        "forbidden");
    assertProblem(
        submitter.put("/serial-queues/auth.q/active", new JsonObject().put("active", true)),
        403,
        "forbidden");
    assertProblem(submitter.delete("/serial-queues/auth.q"), 403, "forbidden");
    assertProblem(
        submitter.post("/tasks/" + sleeping + "/release", new JsonObject()), 403, "forbidden");
    assertProblem(
        submitter.post("/tasks/" + sleeping + "/stop", new JsonObject()), 403, "forbidden");

    assertEquals(1, api.get("/serial-queues").array().size(), "no queue was added");
    assertEquals(false, api.get("/serial-queues/auth.q").json().getBoolean("isActive"));
    assertEquals(true, api.get("/parallel-queue").json().getBoolean("isActive"));
    assertEquals("RUNNING", api.get("/tasks/" + sleeping).json().getString("state"));
    api.post("/tasks/" + sleeping + "/release", new JsonObject());
    awaitState(sleeping, "DISPOSED");
  }

  @Test
  void submitter_registersAndReads() {
    addSerialQueue(api, "auth.read", false);
    setParallelActive(api, false);
    Api submitter = api.as(TestNode.SUBMITTER);

    String parallel = registerParallel(submitter, task("Echo")).getString("messageId");
    String serial = registerSerial(submitter, "auth.read", task("Echo")).getString("messageId");

    for (String path :
        List.of(
            "/tasks/" + parallel,
            "/tasks/" + serial,
            "/tasks/" + parallel + "/history",
            "/status",
            "/parallel-queue",
            "/serial-queues",
            "/serial-queues/auth.read",
            "/task-types")) {
      Api.Reply reply = submitter.get(path);
      assertEquals(200, reply.status(), () -> path + ": " + reply.body());
    }
    assertEquals(
        List.of(parallel),
        ids(submitter.get("/parallel-queue").json().getJsonArray("waitingTasks")));
    assertEquals(204, submitter.delete("/tasks/" + serial).status());
  }

  @Test
  void anotherTenantsMessage_isNotFound() {
    setParallelActive(api, false);
    String ours = registerParallel(api, task("Echo")).getString("messageId");
    Api acme = api.as(TestNode.OTHER_TENANT);

    assertProblem(acme.get("/tasks/" + ours), 404, "invalid_task");
    assertProblem(acme.get("/tasks/" + ours + "/history"), 404, "invalid_task");
    assertProblem(acme.delete("/tasks/" + ours), 404, "invalid_task");
    assertProblem(acme.post("/tasks/" + ours + "/release", new JsonObject()), 404, "invalid_task");
    assertProblem(acme.post("/tasks/" + ours + "/stop", new JsonObject()), 404, "invalid_task");

    assertEquals("WAITING", api.get("/tasks/" + ours).json().getString("state"));
    assertEquals(0, acme.get("/parallel-queue").json().getInteger("waitingCount"));
    assertTrue(acme.get("/status").json().getJsonObject("serializedTasksInfo").isEmpty());
  }

  @Test
  void anotherTenantsQueue_isNotFound() {
    addSerialQueue(api, "ours.only", false);
    Api acme = api.as(TestNode.OTHER_TENANT);

    assertProblem(acme.get("/serial-queues/ours.only"), 404, "queue_not_found");
    assertProblem(
        acme.put("/serial-queues/ours.only/active", new JsonObject().put("active", true)),
        404,
        "queue_not_found");
    assertProblem(acme.delete("/serial-queues/ours.only"), 404, "queue_not_found");
    assertEquals(0, acme.get("/serial-queues").array().size());
    JsonObject queue = api.get("/serial-queues/ours.only").json();
    assertEquals(false, queue.getBoolean("isActive"));

    assertProblem(
        acme.post("/serial-queues/ours.only/tasks", task("Echo")), 404, "queue_not_found");
    assertEquals(0, api.get("/serial-queues/ours.only").json().getInteger("waitingCount"));
  }

  @Test
  void sameQueueIdInTwoTenants_isTwoQueues() {
    Api acme = api.as(TestNode.OTHER_TENANT);
    addSerialQueue(api, "shared.name", false);
    addSerialQueue(acme, "shared.name", true);
    String ours = registerSerial(api, "shared.name", task("Echo")).getString("messageId");
    String theirs = registerSerial(acme, "shared.name", task("Echo")).getString("messageId");

    JsonObject theirDone =
        acme.await("/tasks/" + theirs, r -> "DISPOSED".equals(r.json().getString("state")), WAIT)
            .json();

    assertEquals(
        "COMPLETED",
        theirDone.getJsonObject("outcome").getString("type"),
        "acme's active queue ran its message");
    assertEquals("WAITING", api.get("/tasks/" + ours).json().getString("state"));
    assertEquals(false, api.get("/serial-queues/shared.name").json().getBoolean("isActive"));
    assertEquals(true, acme.get("/serial-queues/shared.name").json().getBoolean("isActive"));
    assertEquals(204, acme.delete("/serial-queues/shared.name").status());
    JsonObject still = api.get("/serial-queues/shared.name").json();
    assertEquals(List.of(ours), ids(still.getJsonArray("waitingTasks")));
  }

  @Test
  void admin_actsOnTheTenantItNames() {
    setParallelActive(api, false);
    String ours = registerParallel(api, task("Echo")).getString("messageId");
    Api admin = api.as(TestNode.ADMIN);
    Map<String, String> onDefault = Map.of(TENANT, "default");
    Map<String, String> onAcme = Map.of(TENANT, "acme");

    Api.Reply read = admin.send(HttpMethod.GET, "/api/v1/tasks/" + ours, null, onDefault);
    assertEquals(200, read.status(), () -> read.body().toString());
    assertEquals(ours, read.json().getString("messageId"));
    assertProblem(admin.get("/tasks/" + ours), 404, "invalid_task");

    Api.Reply added =
        admin.send(
            HttpMethod.POST,
            "/serial-queues",
            new JsonObject().put("queueId", "added.by.admin").put("active", false),
            onAcme);
    assertEquals(201, added.status(), () -> added.body().toString());
    assertEquals(200, api.as(TestNode.OTHER_TENANT).get("/serial-queues/added.by.admin").status());
    assertProblem(api.get("/serial-queues/added.by.admin"), 404, "queue_not_found");

    Api.Reply registered =
        admin.send(HttpMethod.POST, "/parallel-queue/tasks", task("Echo"), onDefault);
    assertEquals(201, registered.status(), () -> registered.body().toString());
    assertEquals(
        List.of(ours, registered.json().getString("messageId")),
        ids(api.get("/parallel-queue").json().getJsonArray("waitingTasks")));

    Api.Reply removed = admin.send(HttpMethod.DELETE, "/tasks/" + ours, null, onDefault);
    assertEquals(204, removed.status(), () -> removed.body().toString());
  }

  @Test
  void nonAdmin_namingAnotherTenant_isForbidden() {
    addSerialQueue(api.as(TestNode.OTHER_TENANT), "acme.q", false);
    for (String token : List.of(TestNode.OPERATOR, TestNode.SUBMITTER)) {
      Api client = api.as(token);
      assertProblem(
          client.send(HttpMethod.GET, "/serial-queues/acme.q", null, TENANT, "acme"),
          403,
          "forbidden",
          "admin");
      assertProblem(
          client.send(HttpMethod.POST, "/parallel-queue/tasks", task("Echo"), TENANT, "acme"),
          403,
          "forbidden");
    }
    assertEquals(
        0, api.as(TestNode.OTHER_TENANT).get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void healthAndMetrics_needNoToken() {
    Api anonymous = api.as(null);
    Api.Reply live = anonymous.get("/health/live");
    Api.Reply ready = anonymous.get("/health/ready");
    assertEquals(200, live.status(), () -> live.body().toString());
    assertEquals(200, ready.status(), () -> ready.body().toString());

    registerParallel(api, task("Echo"));
    Api.Reply metrics = anonymous.get("/metrics");

    assertEquals(200, metrics.status());
    String text = metrics.body().toString();
    assertTrue(
        text.lines()
            .anyMatch(
                line ->
                    line.startsWith("ordo_messages_registered_total{")
                        && line.contains("tenant=\"default\"")
                        && line.contains("parallel")
                        && !line.endsWith(" 0.0")),
        () -> "no ordo_messages_registered_total for the default tenant in:\n" + text);
  }

  @Test
  void openApiDocument_isServed() {
    Api.Reply document = api.get("/api/v1/openapi.yaml");
    assertEquals(200, document.status());
    String text = document.body().toString();
    assertTrue(text.startsWith("openapi: 3"), () -> text.substring(0, 100));
    for (String path :
        List.of(
            "/parallel-queue/tasks", "/serial-queues/{queueId}", "/tasks/{messageId}", "/status")) {
      assertTrue(text.contains(path + ":"), () -> path + " is not documented");
    }
    assertNotEquals(-1, text.indexOf("bearer"));
  }
}
