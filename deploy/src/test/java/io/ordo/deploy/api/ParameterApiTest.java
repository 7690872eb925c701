package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SPEC 3.5: what a parameter may be, and its size and depth limits (1 MiB, 64 levels). */
class ParameterApiTest extends NodeApiTest {
  private static final int MIB = 1024 * 1024;

  @Test
  void nullOrAbsentParameter_isAccepted() {
    setParallelActive(api, false);
    JsonObject explicit = registerParallel(api, task("Echo").putNull("parameter"));
    JsonObject absent = registerParallel(api, task("Echo"));
    assertNull(explicit.getValue("parameter"));
    assertNull(absent.getValue("parameter"));
    assertNull(api.get("/tasks/" + explicit.getString("messageId")).json().getValue("parameter"));
  }

  @Test
  void nestedObjectsAndArrays_reachTheTaskUnchanged() {
    JsonObject parameter =
        new JsonObject()
            .put("int", 42)
            .put("negative", -7)
            .put("long", 1_234_567_890_123L)
            .put("double", 3.25)
            .put("yes", true)
            .put("no", false)
            .putNull("nothing")
            .put("text", "grüße, 世界 \"quoted\" \\ / \n")
            .put("", "empty key")
            .put("emptyObject", new JsonObject())
            .put("emptyArray", new JsonArray())
            .put(
                "list",
                new JsonArray()
                    .add(1)
                    .add("two")
                    .add(new JsonArray().add(3).add(new JsonArray().add(4)))
                    .add(new JsonObject().put("five", 5))
                    .addNull())
            .put(
                "nested",
                new JsonObject().put("a", new JsonObject().put("b", new JsonObject().put("c", 1))));

    JsonObject info = registerParallel(api, task("Echo", parameter));

    assertEquals(parameter, info.getJsonObject("parameter"), "the stored parameter");
    JsonObject done = awaitState(info.getString("messageId"), "DISPOSED");
    JsonObject outcome = done.getJsonObject("outcome");
    assertEquals("COMPLETED", outcome.getString("type"), done::encode);
    assertEquals(parameter, outcome.getJsonObject("result"), "Echo's result is its parameter");
  }

  @Test
  void parameterOfAlmostOneMebibyte_isAccepted() {
    setParallelActive(api, false);
    JsonObject parameter = new JsonObject().put("blob", "x".repeat(MIB - 100));
    JsonObject info = registerParallel(api, task("Echo", parameter));
    assertEquals(
        MIB - 100,
        api.get("/tasks/" + info.getString("messageId"))
            .json()
            .getJsonObject("parameter")
            .getString("blob")
            .length());
  }

  @Test
  void parameterOverOneMebibyte_isTooLarge() {
    setParallelActive(api, false);
    JsonObject parameter = new JsonObject().put("blob", "x".repeat(MIB));
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", parameter)),
        413,
        "payload_too_large",
        "parameter");
    addSerialQueue(api, "param.size", false);
    assertProblem(
        api.post("/serial-queues/param.size/tasks", task("Echo", parameter)),
        413,
        "payload_too_large",
        "parameter");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues/param.size").json().getInteger("waitingCount"));
  }

  @Test
  void parameterSize_countsUtf8Bytes() {
    setParallelActive(api, false);
    // 600,000 characters, 1,200,000 bytes in UTF-8: over the limit although under it in chars.
    JsonObject parameter = new JsonObject().put("blob", "é".repeat(600_000));
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", parameter)), 413, "payload_too_large");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void bodyOverTheBodyLimit_isTooLarge() {
    setParallelActive(api, false);
    JsonObject huge = task("Echo", new JsonObject().put("blob", "x".repeat(3 * MIB)));
    assertProblem(api.post("/parallel-queue/tasks", huge), 413, "payload_too_large");
    JsonObject hugeQueue =
        new JsonObject().put("queueId", "q").put("active", true).put("pad", "x".repeat(3 * MIB));
    assertProblem(api.post("/serial-queues", hugeQueue), 413, "payload_too_large");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
    assertEquals(0, api.get("/serial-queues").array().size());
  }

  @Test
  void nestingOf64Levels_isAccepted() {
    setParallelActive(api, false);
    JsonObject parameter = nestedObjects(64);
    JsonObject info = registerParallel(api, task("Echo", parameter));
    assertEquals(parameter, info.getJsonObject("parameter"));
  }

  @Test
  void nestingDeeperThan64_isInvalidParameter() {
    setParallelActive(api, false);
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", nestedObjects(66))),
        400,
        "invalid_parameter",
        "64");
    JsonObject arrays = new JsonObject().put("list", nestedArrays(70));
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", arrays)), 400, "invalid_parameter", "64");
    assertProblem(
        api.post("/parallel-queue/tasks", task("Echo", nestedObjects(500))),
        400,
        "invalid_parameter",
        "64");
    addSerialQueue(api, "param.depth", false);
    assertProblem(
        api.post("/serial-queues/param.depth/tasks", task("Echo", nestedObjects(66))),
        400,
        "invalid_parameter",
        "64");
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  @Test
  void absurdNesting_isRefusedWithoutHarm() {
    setParallelActive(api, false);
    String deep =
        "{\"taskClassName\":\"Echo\",\"parameter\":"
            + "{\"a\":".repeat(100_000)
            + "1"
            + "}".repeat(100_000)
            + "}";
    Api.Reply reply = api.post("/parallel-queue/tasks", deep);
    assertEquals(400, reply.status(), () -> reply.body().toString().substring(0, 300));
    assertTrue(Set.of("invalid_parameter", "invalid_request").contains(reply.code()), reply::code);
    assertEquals(200, api.get("/parallel-queue").status(), "the node still answers");
  }

  @Test
  void nonObjectParameter_isRefused() {
    setParallelActive(api, false);
    for (Object bad : List.of(new JsonArray().add(1).add(2), "text", 5, true)) {
      Api.Reply reply = api.post("/parallel-queue/tasks", task("Echo").put("parameter", bad));
      assertEquals(400, reply.status(), () -> bad + ": " + reply.body());
      assertTrue(
          Set.of("invalid_parameter", "invalid_request").contains(reply.code()),
          () -> bad + ": " + reply.body());
      assertProblem(reply, 400, reply.code(), "parameter");
    }
    assertEquals(0, api.get("/parallel-queue").json().getInteger("waitingCount"));
  }

  /** An object nested {@code levels} deep, the outermost object counting as level 1. */
  private static JsonObject nestedObjects(int levels) {
    JsonObject innermost = new JsonObject().put("leaf", true);
    JsonObject current = innermost;
    for (int level = levels - 1; level >= 1; level--) {
      current = new JsonObject().put("level" + level, current);
    }
    return current;
  }

  private static JsonArray nestedArrays(int levels) {
    JsonArray current = new JsonArray().add(1);
    for (int level = 1; level < levels; level++) {
      current = new JsonArray().add(current);
    }
    return current;
  }
}
