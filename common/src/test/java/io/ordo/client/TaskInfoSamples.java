package io.ordo.client;

import io.vertx.core.json.JsonObject;

/** Task info objects as the API answers them, for tests of the client's reading. */
public final class TaskInfoSamples {
  public static final String SENT = "2026-01-31T12:00:00.123Z";
  public static final String RECEIVED = "2026-01-31T12:00:00.456Z";
  public static final String ACCEPTED = "2026-01-31T12:00:01Z";
  public static final String STARTED = "2026-01-31T12:00:02Z";

  private TaskInfoSamples() {}

  /** A waiting message; {@code queueId} null for the parallel queue. */
  public static JsonObject waiting(String id, String queueId) {
    JsonObject json =
        new JsonObject()
            .put("messageId", id)
            .put("queue", queueId == null ? "parallel" : "serial")
            .put("queueId", queueId)
            .put("state", "WAITING")
            .put("taskClassName", "io.ordo.samples.EchoTask")
            .put("parameter", new JsonObject().put("n", 1))
            .put("sentTime", SENT)
            .put("receivedTime", RECEIVED)
            .put("node", null)
            .put("acceptTime", null)
            .put("startTime", null)
            .put("attempt", 0);
    if (queueId != null) {
      json.put("stopProgressOnError", true);
    }
    return json;
  }

  /** A running task on node-a. */
  public static JsonObject running(String id, String queueId) {
    return waiting(id, queueId)
        .put("state", "RUNNING")
        .put("node", "node-a")
        .put("acceptTime", ACCEPTED)
        .put("startTime", STARTED)
        .put("attempt", 1);
  }
}
