package io.ordo.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SmokeTest extends NodeTest {

  @Test
  void echoTaskRunsToCompletion_withItsHistory() {
    Api.Reply registered =
        api.post(
            "/parallel-queue/tasks",
            new JsonObject()
                .put("taskClassName", "Echo")
                .put("parameter", new JsonObject().put("a", 1)));
    assertEquals(201, registered.status(), registered.body().toString());
    String id = registered.json().getString("messageId");
    Api.Reply done =
        api.await(
            "/tasks/" + id,
            r -> "DISPOSED".equals(r.json().getString("state")),
            Duration.ofSeconds(10));
    assertEquals("COMPLETED", done.json().getJsonObject("outcome").getString("type"));
    assertEquals(
        new JsonObject().put("a", 1), done.json().getJsonObject("outcome").getJsonObject("result"));
    List<String> types =
        api.get("/tasks/" + id + "/history").json().getJsonArray("events").stream()
            .map(e -> ((JsonObject) e).getString("eventType"))
            .toList();
    assertEquals(List.of("TaskScheduled", "TaskAccepted", "TaskStarted", "TaskCompleted"), types);
  }
}
