package io.ordo.deploy.client;

import static io.ordo.deploy.client.ClientFixture.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.bus.Addresses;
import io.ordo.bus.BusErrors;
import io.ordo.bus.QueueApi;
import io.ordo.deploy.Api;
import io.ordo.deploy.TestNode;
import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The queue API on the event bus, spoken directly: the same answers as HTTP, and every malformed
 * request refused as {@code invalid_request} (never {@code internal}).
 */
class QueueApiConsumerTest {
  private ClientFixture fixture;
  private Api http;

  @BeforeEach
  void start() {
    fixture = ClientFixture.start();
    http = new Api(fixture.node.httpPort(), TestNode.OPERATOR);
  }

  @AfterEach
  void stop() {
    http.close();
    fixture.close();
  }

  private JsonObject call(String action, JsonObject body) {
    return call(action, body, "default", null);
  }

  private JsonObject call(String action, JsonObject body, String tenant, String role) {
    DeliveryOptions options = new DeliveryOptions();
    if (action != null) {
      options.addHeader(QueueApi.ACTION, action);
    }
    if (tenant != null) {
      options.addHeader(QueueApi.TENANT, tenant);
    }
    if (role != null) {
      options.addHeader(QueueApi.ROLE, role);
    }
    Future<JsonObject> answer =
        fixture
            .node
            .vertx()
            .eventBus()
            .<JsonObject>request(Addresses.QUEUE_API, body, options)
            .map(Message::body)
            .recover(error -> Future.failedFuture(BusErrors.toDomain(error)));
    return ClientFixture.await(answer);
  }

  private void assertInvalid(String action, JsonObject body) {
    assertInvalid(action, body, "default", null);
  }

  private void assertInvalid(String action, JsonObject body, String tenant, String role) {
    TaskControlException error =
        assertThrows(TaskControlException.class, () -> call(action, body, tenant, role));
    assertEquals(ErrorCode.INVALID_REQUEST, error.code(), error.getMessage());
  }

  @Test
  void malformedRequests_areInvalidRequests() {
    assertInvalid(null, new JsonObject());
    assertInvalid("noSuchAction", new JsonObject());
    assertInvalid("getStatus", new JsonObject(), null, null);
    assertInvalid("getStatus", new JsonObject(), "bad tenant!", null);
    assertInvalid("getStatus", new JsonObject(), "default", "superuser");
    assertInvalid("getStatus", new JsonObject().put("limit", -1));
    assertInvalid("getStatus", new JsonObject().put("limit", "ten"));
    assertInvalid("setParallelQueueActive", new JsonObject());
    assertInvalid("setParallelQueueActive", new JsonObject().put("active", "yes"));
    assertInvalid("addSerialQueue", new JsonObject().put("queueId", "has space"));
    assertInvalid("addSerialQueue", new JsonObject().put("queueId", "-1"));
    assertInvalid("addSerialQueue", new JsonObject().put("queueId", "a\u0000b"));
    assertInvalid("addSerialQueue", new JsonObject().put("queueId", 7));
    assertInvalid("registerParallelTask", new JsonObject().put("taskClassName", 5));
    assertInvalid(
        "registerParallelTask",
        new JsonObject().put("taskClassName", "Echo").put("parameter", "text"));
    assertInvalid(
        "registerParallelTask",
        new JsonObject()
            .put("taskClassName", "Echo")
            .put("context", new JsonObject().put("locale", 1)));
    assertInvalid(
        "registerSerialTask", new JsonObject().put("taskClassName", "Echo").put("queueId", ""));
    assertInvalid(
        "removeTask",
        new JsonObject()
            .put("messageId", "0190a000-0000-7000-8000-000000000001")
            .put("queue", "x"));
    assertInvalid("getTask", new JsonObject().put("messageId", "m".repeat(65)));
    assertInvalid(
        "releaseTask",
        new JsonObject()
            .put("messageId", "0190a000-0000-7000-8000-000000000001")
            .put("reentry", 1));
  }

  @Test
  void theRoleHeader_isChecked_andOperatorIsTheDefault() {
    assertEquals(
        ErrorCode.FORBIDDEN,
        assertThrows(
                TaskControlException.class,
                () ->
                    call(
                        "setParallelQueueActive",
                        new JsonObject().put("active", false),
                        "default",
                        "submitter"))
            .code());
    assertEquals(
        new JsonObject().put("isActive", false),
        call("setParallelQueueActive", new JsonObject().put("active", false)));
  }

  @Test
  void reads_answerWhatHttpAnswers() {
    call("addSerialQueue", new JsonObject().put("queueId", "com.example.q").put("active", false));
    call(
        "registerSerialTask",
        new JsonObject()
            .put("queueId", "com.example.q")
            .put("taskClassName", "Echo")
            .put("stopProgressOnError", true));
    call("setParallelQueueActive", new JsonObject().put("active", false));
    call("registerParallelTask", new JsonObject().put("taskClassName", "Echo"));

    assertEquals(http.get("/status").json(), call("getStatus", new JsonObject()));
    assertEquals(
        http.get("/parallel-queue?limit=5").json(),
        call("getParallelQueue", new JsonObject().put("limit", 5)));
    assertEquals(
        http.get("/serial-queues/com.example.q").json(),
        call("getSerialQueue", new JsonObject().put("queueId", "com.example.q")));
    assertEquals(
        http.get("/serial-queues").array(),
        call("listSerialQueues", new JsonObject()).getJsonArray("queues"));
    JsonArray types = call("listTaskTypes", new JsonObject()).getJsonArray("taskTypes");
    assertEquals(http.get("/task-types").array(), types);
    assertTrue(types.encode().contains("\"Echo\""), types.encode());
  }

  @Test
  void history_andRemoval_work_asOverHttp() {
    String id =
        call("registerParallelTask", new JsonObject().put("taskClassName", "Echo"))
            .getString("messageId");
    eventually(
        () -> call("getTask", new JsonObject().put("messageId", id)).getString("state"),
        "DISPOSED"::equals,
        "the Echo task done");

    JsonObject page =
        call("getTaskHistory", new JsonObject().put("messageId", id).put("reverseOrder", true));
    List<String> types =
        page.getJsonArray("events").stream()
            .map(event -> ((JsonObject) event).getString("eventType"))
            .toList();
    assertEquals(List.of("TaskCompleted", "TaskStarted", "TaskAccepted", "TaskScheduled"), types);
    assertEquals(http.get("/tasks/" + id + "/history?reverseOrder=true").json(), page);

    call("setParallelQueueActive", new JsonObject().put("active", false));
    String waiting =
        call("registerParallelTask", new JsonObject().put("taskClassName", "Echo"))
            .getString("messageId");
    assertEquals(
        new JsonObject(),
        call("removeTask", new JsonObject().put("messageId", waiting).put("queue", "parallel")));
    JsonObject removed = http.get("/tasks/" + waiting).json();
    assertEquals("DISPOSED", removed.getString("state"));
    assertEquals("REMOVED", removed.getJsonObject("outcome").getString("type"));
  }
}
