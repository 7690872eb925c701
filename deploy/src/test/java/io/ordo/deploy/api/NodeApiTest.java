package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The base of the HTTP API contract tests: a fresh all-in-one node on an emptied test database for
 * each test, an operator client for the {@code default} tenant, and the assertions every test
 * shares (problem responses, task registration, waiting lists).
 */
abstract class NodeApiTest {
  static final Duration WAIT = Duration.ofSeconds(20);

  OrdoNode node;
  Api api;

  @BeforeEach
  void startNode() {
    TestDatabase.truncate();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stopNode() {
    if (api != null) {
      api.close();
    }
    if (node != null) {
      node.close();
    }
  }

  /** Replaces the node with {@code next} (a node started with other settings), and the client. */
  void restartNode(Supplier<OrdoNode> next) {
    api.close();
    node.close();
    node = next.get();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  /** A node whose runner has one thread and room for one prefetched message. */
  static OrdoNode oneThreadOnePrefetched() {
    return TestNode.start(oneThreadOnePrefetchedEnvironment());
  }

  /** The environment of {@link #oneThreadOnePrefetched}, for a test to add to. */
  static Map<String, String> oneThreadOnePrefetchedEnvironment() {
    Map<String, String> env = TestNode.environment("ORDO_MAX_THREADS", "1");
    env.put("ORDO_PREFETCH", "1");
    return env;
  }

  /**
   * On a node of {@link #oneThreadOnePrefetched}: a message running ({@code busy}) and one its
   * runner prefetched (READY on its node, not started); their ids. Both are registered while the
   * parallel queue is inactive, so that the runner's first claim takes both, whatever the machine's
   * pace (a runner stops prefetching once a task has held its thread for a second).
   */
  String[] busyAndPrefetched(JsonObject busy, JsonObject prefetched) {
    setParallelActive(api, false);
    String busyId = registerParallel(api, busy).getString("messageId");
    String prefetchedId = registerParallel(api, prefetched).getString("messageId");
    setParallelActive(api, true);
    awaitState(busyId, "RUNNING");
    awaitState(prefetchedId, "READY");
    return new String[] {busyId, prefetchedId};
  }

  /** A registration body naming a task type. */
  static JsonObject task(String taskClassName) {
    return new JsonObject().put("taskClassName", taskClassName);
  }

  static JsonObject task(String taskClassName, JsonObject parameter) {
    return task(taskClassName).put("parameter", parameter);
  }

  /** Registers into the parallel queue, asserting 201; the task info. */
  static JsonObject registerParallel(Api client, JsonObject body) {
    Api.Reply reply = client.post("/parallel-queue/tasks", body);
    assertEquals(201, reply.status(), () -> "parallel registration: " + reply.body());
    return reply.json();
  }

  /** Registers into a serial queue, asserting 201; the task info. */
  static JsonObject registerSerial(Api client, String queueId, JsonObject body) {
    Api.Reply reply = client.post("/serial-queues/" + queueId + "/tasks", body);
    assertEquals(201, reply.status(), () -> "serial registration: " + reply.body());
    return reply.json();
  }

  /** Adds a serial queue, asserting 201. */
  static JsonObject addSerialQueue(Api client, String queueId, boolean active) {
    Api.Reply reply =
        client.post(
            "/serial-queues", new JsonObject().put("queueId", queueId).put("active", active));
    assertEquals(201, reply.status(), () -> "adding queue " + queueId + ": " + reply.body());
    return reply.json();
  }

  static void setParallelActive(Api client, boolean active) {
    Api.Reply reply = client.put("/parallel-queue/active", new JsonObject().put("active", active));
    assertEquals(200, reply.status(), () -> reply.body().toString());
    assertEquals(active, reply.json().getBoolean("isActive"));
  }

  static void setSerialActive(Api client, String queueId, boolean active) {
    Api.Reply reply =
        client.put("/serial-queues/" + queueId + "/active", new JsonObject().put("active", active));
    assertEquals(200, reply.status(), () -> reply.body().toString());
    assertEquals(active, reply.json().getBoolean("isActive"));
  }

  /** Waits until the message is in the given state. */
  JsonObject awaitState(String messageId, String state) {
    return api.await(
            "/tasks/" + messageId,
            r -> r.status() == 200 && state.equals(r.json().getString("state")),
            WAIT)
        .json();
  }

  /** The event types of a message's history, oldest first. */
  List<String> historyTypes(String messageId) {
    Api.Reply reply = api.get("/tasks/" + messageId + "/history");
    assertEquals(200, reply.status(), () -> reply.body().toString());
    return reply.json().getJsonArray("events").stream()
        .map(e -> ((JsonObject) e).getString("eventType"))
        .toList();
  }

  /**
   * Registers {@code count} Echo tasks ({@code {"i": 0}}, …) at {@code path}; their ids in order.
   */
  List<String> registerEchoes(String path, int count) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Api.Reply reply = api.post(path, task("Echo", new JsonObject().put("i", i)));
      assertEquals(201, reply.status(), () -> reply.body().toString());
      ids.add(reply.json().getString("messageId"));
    }
    return ids;
  }

  /** The message ids of a list of task infos, in list order. */
  static List<String> ids(JsonArray tasks) {
    return tasks.stream().map(t -> ((JsonObject) t).getString("messageId")).toList();
  }

  /**
   * Asserts a problem response (RFC 9457): the status, {@code application/problem+json}, the stable
   * {@code code}, and a {@code detail} that mentions each of the given words (case-insensitively),
   * so that a client learns what was wrong.
   */
  static JsonObject assertProblem(Api.Reply reply, int status, String code, String... mentions) {
    assertEquals(status, reply.status(), () -> "status of " + reply.body());
    assertNotNull(reply.contentType(), "a problem response has a content type");
    assertTrue(
        reply.contentType().startsWith("application/problem+json"),
        () -> "content type " + reply.contentType() + " of " + reply.body());
    JsonObject problem = reply.json();
    assertEquals(code, problem.getString("code"), () -> "code of " + problem);
    assertEquals(status, problem.getInteger("status"), () -> "status field of " + problem);
    String detail = problem.getString("detail");
    assertNotNull(detail, () -> "a detail in " + problem);
    assertFalse(detail.isBlank(), () -> "a non-blank detail in " + problem);
    for (String word : mentions) {
      assertTrue(
          detail.toLowerCase(Locale.ROOT).contains(word.toLowerCase(Locale.ROOT)),
          () -> "the detail should mention '" + word + "': " + problem);
    }
    return problem;
  }
}
