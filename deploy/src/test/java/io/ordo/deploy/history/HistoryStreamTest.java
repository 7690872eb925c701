package io.ordo.deploy.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.ordo.testing.EventStreamReader;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The live tail of a history over Server-Sent Events (SPEC 5). */
class HistoryStreamTest extends NodeTest {
  private Vertx client;

  @BeforeEach
  void createClient() {
    client = Vertx.vertx();
  }

  @AfterEach
  void closeClient() {
    client.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void theStreamSendsEveryEvent_asItHappens_andEndsWhenTheHistoryCloses() throws Exception {
    String id = tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
    tasks.await(id, "RUNNING");
    EventStreamReader stream = stream("/tasks/" + id, null);

    api.await("/tasks/" + id, r -> stream.events().size() >= 3, Tasks.WAIT);
    api.post("/tasks/" + id + "/release", new JsonObject());
    stream.ended().get(20, TimeUnit.SECONDS);

    List<String> expected = new ArrayList<>(tasks.eventTypes(id));
    expected.add("end");
    assertEquals(expected, stream.events());
  }

  @Test
  void lastEventId_resumesAfterTheGivenEvent() throws Exception {
    String id = tasks.parallel("Echo", new JsonObject());
    tasks.await(id, "DISPOSED");
    EventStreamReader stream = stream("/tasks/" + id, "2");
    stream.ended().get(20, TimeUnit.SECONDS);
    assertEquals(List.of("TaskStarted", "TaskCompleted", "end"), stream.events());
  }

  @Test
  void lastEventId_pastTheLastEvent_replaysNothing() throws Exception {
    String id = tasks.parallel("Echo", new JsonObject());
    tasks.await(id, "DISPOSED");
    EventStreamReader stream = stream("/tasks/" + id, "1000");
    stream.ended().get(20, TimeUnit.SECONDS);
    assertEquals(List.of("end"), stream.events());
  }

  @Test
  void anExecutionsStream_sendsItsEventsAsTheyHappen_andEndsWhenItFinishes() throws Exception {
    Api.Reply saved =
        api.put(
            "/state-machines/Sleepy",
            new JsonObject()
                .put(
                    "definition",
                    new JsonObject(
                        "{\"StartAt\": \"S\", \"States\": {\"S\": {\"Type\": \"Task\","
                            + " \"Resource\": \"ordo:task:Sleep\", \"Parameters\":"
                            + " {\"millis\": 60000}, \"End\": true}}}")));
    assertEquals(201, saved.status(), saved.body().toString());
    Api.Reply started =
        api.post(
            "/state-machines/Sleepy/executions", new JsonObject().put("input", new JsonObject()));
    assertEquals(201, started.status(), started.body().toString());
    String path = "/executions/" + started.json().getString("executionId");
    api.await(path + "/history", r -> r.body().toString().contains("\"TaskStarted\""), Tasks.WAIT);
    EventStreamReader stream = stream(path, null);

    api.await(path, r -> stream.events().contains("TaskStarted"), Tasks.WAIT);
    assertEquals(200, api.post(path + "/stop", new JsonObject()).status());
    stream.ended().get(20, TimeUnit.SECONDS);

    List<String> expected = new ArrayList<>();
    api.history(path + "/history").forEach(e -> expected.add(e.getString("eventType")));
    expected.add("end");
    assertEquals(expected, stream.events());
    assertEquals("ExecutionAborted", expected.get(expected.size() - 2));
  }

  @Test
  void aLastEventIdThatIsNotAnEventId_isABadRequest() {
    String id = tasks.parallel("Echo", new JsonObject());
    for (String bad : List.of("abc", "-3")) {
      Api.Reply reply =
          api.send(HttpMethod.GET, "/tasks/" + id + "/history/stream", null, "Last-Event-ID", bad);
      assertEquals(400, reply.status(), bad);
      assertEquals("invalid_request", reply.code(), bad);
      assertTrue(
          reply.json().getString("detail").contains("Last-Event-ID"), reply.body().toString());
    }
  }

  @Test
  void head_answersTheStreamsHead_andEnds_evenWhileTheHistoryIsOpen() {
    String id = tasks.parallel("Sleep", new JsonObject().put("millis", 60_000));
    tasks.await(id, "RUNNING");
    Api.Reply head = api.send(HttpMethod.HEAD, "/tasks/" + id + "/history/stream", null);
    assertEquals(200, head.status());
    assertEquals("text/event-stream", head.headers().get("content-type"));
    assertEquals(0, head.body().length());
    Api.Reply missing =
        api.send(
            HttpMethod.HEAD,
            "/executions/0192f2a8-aaaa-7bbb-8ccc-000000000000/history/stream",
            null);
    assertEquals(404, missing.status());
    api.post("/tasks/" + id + "/release", new JsonObject());
  }

  @Test
  void anUnknownExecution_isNotFound() {
    Api.Reply reply = api.get("/executions/0192f2a8-aaaa-7bbb-8ccc-000000000000/history/stream");
    assertEquals(404, reply.status());
    assertEquals("not_found", reply.code());
  }

  @Test
  void anUnknownTask_isNotFound_andATokenIsNeeded() {
    assertEquals(
        404, api.get("/tasks/0192f2a8-aaaa-7bbb-8ccc-000000000000/history/stream").status());
    assertEquals(
        401,
        api.as(null).get("/tasks/0192f2a8-aaaa-7bbb-8ccc-000000000000/history/stream").status());
  }

  /** Reads the stream of a history (its resource path), from after {@code lastEventId}. */
  private EventStreamReader stream(String resource, String lastEventId) {
    RequestOptions options =
        new RequestOptions()
            .setMethod(HttpMethod.GET)
            .setPort(node.httpPort())
            .setHost("127.0.0.1")
            .setURI("/api/v1" + resource + "/history/stream")
            .putHeader("Authorization", "Bearer " + TestNode.OPERATOR);
    if (lastEventId != null) {
      options.putHeader("Last-Event-ID", lastEventId);
    }
    return EventStreamReader.open(client, options);
  }
}
