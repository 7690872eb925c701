package io.ordo.deploy.later;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Registration refuses malformed delays and retry policies with 400 problem+json, both queues. */
class LaterValidationApiTest extends NodeTest {

  @Test
  void malformedDelays_areRefused() {
    tasks.addSerialQueue("com.example.v", true);
    Instant now = Instant.now();
    for (String path :
        new String[] {"/parallel-queue/tasks", "/serial-queues/com.example.v/tasks"}) {
      refused(path, new JsonObject().put("delaySeconds", -1), "delaySeconds");
      refused(path, new JsonObject().put("delaySeconds", 31_536_001), "delaySeconds");
      refused(path, new JsonObject().put("delaySeconds", 1.5), "delaySeconds");
      refused(path, new JsonObject().put("delaySeconds", "10"), "delaySeconds");
      refused(
          path,
          new JsonObject().put("delaySeconds", 5).put("notBefore", now.toString()),
          "at most one of delaySeconds and notBefore");
      refused(path, new JsonObject().put("notBefore", "tomorrow"), "notBefore");
      // it would time out, SCHEDULE_TO_CLOSE, before it may first run
      JsonObject closesFirst = new JsonObject().put("scheduleToClose", 3);
      refused(
          path,
          new JsonObject().put("delaySeconds", 10).put("timeouts", closesFirst),
          "scheduleToClose");
      refused(
          path,
          new JsonObject()
              .put("notBefore", now.plusSeconds(3600).toString())
              .put("timeouts", closesFirst),
          "would time out without running");
      refused(
          path,
          new JsonObject().put("notBefore", now.plusSeconds(2 * 31_536_000L).toString()),
          "notBefore");
    }
  }

  @Test
  void malformedRetryPolicies_areRefused() {
    String path = "/parallel-queue/tasks";
    refused(path, retry(new JsonObject().put("maximumAttempts", -1)), "maximumAttempts");
    refused(path, retry(new JsonObject().put("backoffCoefficient", 0.5)), "backoffCoefficient");
    refused(path, retry(new JsonObject().put("initialIntervalSeconds", 0)), "initialInterval");
    refused(
        path,
        retry(new JsonObject().put("initialIntervalSeconds", 10).put("maximumIntervalSeconds", 5)),
        "maximumIntervalSeconds");
    refused(path, retry(new JsonObject().put("nonRetryableErrors", "x")), "nonRetryableErrors");
    refused(
        path,
        retry(new JsonObject().put("nonRetryableErrors", new JsonArray().add(""))),
        "nonRetryableErrors");
    refused(path, retry(new JsonObject().put("maximumAttempt", 3)), "maximumAttempt");
  }

  @Test
  void aValidPolicyAndDelay_areAccepted_andShown() {
    Api.Reply reply =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("taskClassName", "Echo")
                .put("delaySeconds", 3600)
                .put(
                    "retry",
                    new JsonObject()
                        .put("maximumAttempts", 4)
                        .put("initialIntervalSeconds", 0.5)
                        .put("nonRetryableErrors", new JsonArray().add("a.B"))));
    assertEquals(201, reply.status(), reply.body().toString());
    JsonObject info = api.get("/tasks/" + reply.json().getString("messageId")).json();
    JsonObject retry = info.getJsonObject("retry");
    assertEquals(4, retry.getInteger("maximumAttempts"));
    assertEquals(0.5, retry.getDouble("initialIntervalSeconds"));
    assertEquals(2.0, retry.getDouble("backoffCoefficient"), "Temporal's default");
    assertEquals(50.0, retry.getDouble("maximumIntervalSeconds"), "100 × the initial interval");
    assertTrue(info.containsKey("notBefore"));
  }

  private static JsonObject retry(JsonObject policy) {
    return new JsonObject().put("retry", policy);
  }

  private void refused(String path, JsonObject extra, String mentioned) {
    JsonObject body = new JsonObject().put("taskClassName", "Echo");
    extra.forEach(e -> body.put(e.getKey(), e.getValue()));
    Api.Reply reply = api.post(path, body);
    assertEquals(400, reply.status(), body + " → " + reply.body());
    assertTrue(reply.contentType().startsWith("application/problem+json"), reply.contentType());
    assertTrue(
        reply.body().toString().contains(mentioned),
        "the problem names " + mentioned + ": " + reply.body());
  }
}
