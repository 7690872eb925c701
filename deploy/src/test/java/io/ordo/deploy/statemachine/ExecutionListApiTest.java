package io.ordo.deploy.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.ordo.testing.TestDatabase;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GET /executions (every state machine's executions, filtered, newest first, paged) and GET
 * /tasks?executionId= (the tasks an execution scheduled).
 */
class ExecutionListApiTest {
  private static final String ECHO_THEN_END =
      "{ \"StartAt\": \"T\", \"States\": { \"T\": { \"Type\": \"Task\","
          + " \"Resource\": \"ordo:task:Echo\", \"End\": true } } }";
  private static final String FAIL =
      "{ \"StartAt\": \"F\", \"States\": { \"F\": { \"Type\": \"Fail\", \"Error\": \"E\" } } }";

  private OrdoNode node;
  private Api api;
  private Machines machines;

  @BeforeEach
  void start() {
    TestDatabase.truncate();
    node = TestNode.start();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    machines = new Machines(api);
  }

  @AfterEach
  void stop() {
    api.close();
    node.close();
  }

  @Test
  void executionsOfEveryMachine_newestFirst_filteredByStatusAndMachine() {
    machines.put("Waiting", Machines.WAIT_AN_HOUR);
    machines.put("Done", Machines.PASS);
    machines.put("Failing", FAIL);
    String done = machines.start("Done", new JsonObject());
    machines.await(done, "SUCCEEDED");
    String failed = machines.start("Failing", new JsonObject());
    machines.await(failed, "FAILED");
    String running = machines.start("Waiting", new JsonObject());

    assertEquals(List.of(running, failed, done), ids(list("")));
    assertEquals(List.of(failed), ids(list("status=FAILED")));
    assertEquals(List.of(running, done), ids(list("status=RUNNING,SUCCEEDED")));
    assertEquals(List.of(failed, done), ids(list("status=FAILED&status=SUCCEEDED")));
    assertEquals(List.of(done), ids(list("stateMachine=Done")));
    assertEquals(List.of(), ids(list("stateMachine=Done&status=FAILED")));
    JsonObject row = list("stateMachine=Failing").getJsonArray("executions").getJsonObject(0);
    assertEquals("Failing", row.getString("stateMachine"));
    assertEquals("FAILED", row.getString("status"));
    String start = row.getString("startDate");
    assertEquals(
        List.of(running), ids(list("since=" + row.getString("stopDate") + "&status=RUNNING")));
    assertEquals(List.of(done), ids(list("until=" + start)));
  }

  @Test
  void paging_answersEveryExecutionOnce_andTenantsSeeOnlyTheirs() {
    machines.put("Waiting", Machines.WAIT_AN_HOUR);
    List<String> started = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      started.add(0, machines.start("Waiting", new JsonObject()));
    }

    List<String> seen = new ArrayList<>();
    JsonObject page = list("limit=2");
    int pages = 1;
    seen.addAll(ids(page));
    while (page.getString("nextPageToken") != null) {
      page = list("limit=2&nextPageToken=" + encode(page.getString("nextPageToken")));
      seen.addAll(ids(page));
      pages++;
    }

    assertEquals(started, seen);
    assertEquals(3, pages);
    Api other = api.as(TestNode.OTHER_TENANT); // same client, another tenant
    Api.Reply theirs = other.get("/executions");
    assertEquals(200, theirs.status(), () -> theirs.body().toString());
    assertEquals(new JsonArray(), theirs.json().getJsonArray("executions"));
    assertNull(theirs.json().getString("nextPageToken"));
  }

  @Test
  void invalidFilters_areProblems() {
    assertProblem(api.get("/executions?status=DONE"), "status");
    assertProblem(api.get("/executions?since=now"), "since");
    assertProblem(api.get("/executions?nextPageToken=x.y"), "nextPageToken");
    assertEquals(400, api.get("/executions?stateMachine=" + encode("a b")).status());
    assertEquals(400, api.get("/executions?limit=0").status());
  }

  @Test
  void tasksOfAnExecution_areListedByItsId() {
    machines.put("Echoing", ECHO_THEN_END);
    String first = machines.start("Echoing", new JsonObject().put("n", 1));
    String second = machines.start("Echoing", new JsonObject().put("n", 2));
    machines.await(first, "SUCCEEDED");
    machines.await(second, "SUCCEEDED");

    Api.Reply reply = api.get("/tasks?executionId=" + first);

    assertEquals(200, reply.status(), () -> reply.body().toString());
    JsonArray tasks = reply.json().getJsonArray("tasks");
    assertEquals(1, tasks.size(), tasks::encode);
    assertEquals(first, tasks.getJsonObject(0).getString("executionId"));
    assertEquals("COMPLETED", tasks.getJsonObject(0).getString("status"));
  }

  private JsonObject list(String query) {
    Api.Reply reply = api.get("/executions" + (query.isEmpty() ? "" : "?" + query));
    assertEquals(200, reply.status(), () -> query + ": " + reply.body());
    return reply.json();
  }

  private static List<String> ids(JsonObject page) {
    return page.getJsonArray("executions").stream()
        .map(e -> ((JsonObject) e).getString("executionId"))
        .toList();
  }

  private static void assertProblem(Api.Reply reply, String mention) {
    assertEquals(400, reply.status(), () -> reply.body().toString());
    assertEquals("invalid_request", reply.json().getString("code"));
    assertTrue(reply.json().getString("detail").contains(mention), reply.json()::encode);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
