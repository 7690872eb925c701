package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /queues/stats}: per queue, the tasks that ended in the window by outcome (the UI's
 * throughput and failure figures), per tenant, with a validated window.
 */
class QueueStatsApiTest extends NodeApiTest {

  @Test
  void stats_countEachQueuesEndedTasksByOutcome() {
    List<String> ended = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ended.add(registerParallel(api, task("Echo", new JsonObject())).getString("messageId"));
    }
    for (int i = 0; i < 2; i++) {
      ended.add(
          registerParallel(api, task("Fail", new JsonObject().put("message", "no " + i)))
              .getString("messageId"));
    }
    addSerialQueue(api, "stats.q", false);
    String removed =
        registerSerial(api, "stats.q", task("Echo", new JsonObject())).getString("messageId");
    assertEquals(204, api.delete("/tasks/" + removed).status());
    ended.add(
        registerSerial(api, "stats.q", task("Echo", new JsonObject())).getString("messageId"));
    setSerialActive(api, "stats.q", true);
    ended.forEach(id -> awaitState(id, "DISPOSED"));

    JsonObject stats = api.get("/queues/stats").json();

    assertEquals("PT1H", stats.getString("window"));
    assertEquals(
        Duration.ofHours(1),
        Duration.between(
            Instant.parse(stats.getString("since")), Instant.parse(stats.getString("until"))));
    JsonObject parallel = queue(stats.getJsonArray("queues"), "parallel", null);
    assertEquals(3, parallel.getInteger("completed"), parallel::encode);
    assertEquals(2, parallel.getInteger("failed"), parallel::encode);
    assertEquals(0, parallel.getInteger("timedOut"), parallel::encode);
    assertEquals(5, parallel.getInteger("ended"), parallel::encode);
    JsonObject serial = queue(stats.getJsonArray("queues"), "serial", "stats.q");
    assertEquals(1, serial.getInteger("completed"), serial::encode);
    assertEquals(0, serial.getInteger("failed"), serial::encode);
    assertEquals(2, serial.getInteger("ended"), "the removed one ended too: " + serial.encode());
    assertEquals(2, stats.getJsonArray("queues").size(), stats::encode);
    assertEquals(
        "PT5M", api.get("/queues/stats?window=PT5M").json().getString("window"), "a given window");
  }

  @Test
  void stats_seeOnlyTheCallersTenant() {
    String id = registerParallel(api, task("Echo", new JsonObject())).getString("messageId");
    awaitState(id, "DISPOSED");

    try (Api other = new Api(node.httpPort(), TestNode.OTHER_TENANT)) {
      Api.Reply reply = other.get("/queues/stats");
      assertEquals(200, reply.status(), () -> reply.body().toString());
      assertEquals(new JsonArray(), reply.json().getJsonArray("queues"));
    }
    assertEquals(1, api.get("/queues/stats").json().getJsonArray("queues").size());
  }

  @Test
  void aWindowThatIsNotADurationFromAMinuteToADay_isABadRequest() {
    for (String window : List.of("an-hour", "PT0S", "PT30S", "P2D", "-PT1H")) {
      assertProblem(
          api.get("/queues/stats?window=" + window), 400, "invalid_request", "window", "PT1M");
    }
  }

  private static JsonObject queue(JsonArray queues, String kind, String queueId) {
    for (Object entry : queues) {
      JsonObject queue = (JsonObject) entry;
      if (kind.equals(queue.getString("queue"))
          && java.util.Objects.equals(queueId, queue.getString("queueId"))) {
        if (queueId == null) {
          assertNull(queue.getValue("queueId"));
        }
        return queue;
      }
    }
    throw new AssertionError("no " + kind + " " + queueId + " in " + queues.encode());
  }
}
