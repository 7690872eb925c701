package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;

/** Test helpers around task messages: register, wait for a state, read the history. */
public final class Tasks {
  public static final Duration WAIT = Duration.ofSeconds(20);

  private final Api api;

  public Tasks(Api api) {
    this.api = api;
  }

  /** Registers into the parallel queue; answers the message id. */
  public String parallel(String taskClassName, JsonObject parameter) {
    return created(
        api.post(
            "/parallel-queue/tasks",
            new JsonObject().put("taskClassName", taskClassName).put("parameter", parameter)));
  }

  /** Registers a JavaScript task in the parallel queue; answers the message id. */
  public String parallelScript(String jsPath, JsonObject parameter) {
    return created(
        api.post(
            "/parallel-queue/tasks",
            new JsonObject().put("jsPath", jsPath).put("parameter", parameter)));
  }

  /** Registers into a serial queue; answers the message id. */
  public String serial(
      String queueId, String taskClassName, JsonObject parameter, boolean stopOnError) {
    return created(
        api.post(
            "/serial-queues/" + queueId + "/tasks",
            new JsonObject()
                .put("taskClassName", taskClassName)
                .put("parameter", parameter)
                .put("stopProgressOnError", stopOnError)));
  }

  public void addSerialQueue(String queueId, boolean active) {
    Api.Reply reply =
        api.post("/serial-queues", new JsonObject().put("queueId", queueId).put("active", active));
    assertEquals(201, reply.status(), reply.body().toString());
  }

  /** Waits until the message is in {@code state}; answers its task info. */
  public JsonObject await(String messageId, String state) {
    return api.await(
            "/tasks/" + messageId,
            r -> r.status() == 200 && state.equals(r.json().getString("state")),
            WAIT)
        .json();
  }

  /** The whole history (every page). */
  public List<JsonObject> history(String messageId) {
    return api.history("/tasks/" + messageId + "/history");
  }

  public List<String> eventTypes(String messageId) {
    return history(messageId).stream().map(e -> e.getString("eventType")).toList();
  }

  private static String created(Api.Reply reply) {
    assertEquals(201, reply.status(), reply.body().toString());
    return reply.json().getString("messageId");
  }
}
