package io.ordo.deploy.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The task list keeps to the history retention: a purged task leaves it, a live one stays. */
class TaskListRetentionTest {
  private OrdoNode node;
  private Api api;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    Map<String, String> environment = TestNode.environment();
    environment.put("ORDO_HISTORY_RETENTION_DAYS", "0");
    environment.put("ORDO_HISTORY_PURGE_INTERVAL", "1");
    node = TestNode.start(environment);
    api = new Api(node.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void aFinishedTaskWhoseHistoryWasPurged_leavesTheList() {
    Api.Reply done =
        api.post("/parallel-queue/tasks", new JsonObject().put("taskClassName", "Echo"));
    assertEquals(201, done.status(), () -> done.body().toString());
    String finished = done.json().getString("messageId");
    // it ends (and may be purged at once) before the queue stops taking more
    api.await(
        "/tasks/" + finished,
        r -> r.status() == 404 || "DISPOSED".equals(r.json().getString("state")),
        Tasks.WAIT);
    api.put("/parallel-queue/active", new JsonObject().put("active", false));
    String waiting =
        api.post("/parallel-queue/tasks", new JsonObject().put("taskClassName", "Echo"))
            .json()
            .getString("messageId");

    api.await("/tasks/" + finished, r -> r.status() == 404, Tasks.WAIT);

    assertEquals(
        List.of(waiting),
        NodeApiTest.ids(api.get("/tasks").json().getJsonArray("tasks")),
        "the purged task is gone, the waiting one stays");
  }
}
