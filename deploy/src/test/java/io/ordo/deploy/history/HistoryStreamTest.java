package io.ordo.deploy.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.deploy.Api;
import io.ordo.deploy.NodeTest;
import io.ordo.deploy.Tasks;
import io.ordo.deploy.TestNode;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
    List<String> received = new ArrayList<>();
    CompletableFuture<Void> ended = stream("/tasks/" + id, null, received);

    api.await("/tasks/" + id, r -> streamed(received, ended).size() >= 3, Tasks.WAIT);
    api.post("/tasks/" + id + "/release", new JsonObject());
    ended.get(20, TimeUnit.SECONDS);

    List<String> expected = new ArrayList<>(tasks.eventTypes(id));
    expected.add("end");
    assertEquals(expected, received);
  }

  @Test
  void lastEventId_resumesAfterTheGivenEvent() throws Exception {
    String id = tasks.parallel("Echo", new JsonObject());
    tasks.await(id, "DISPOSED");
    List<String> received = new ArrayList<>();
    stream("/tasks/" + id, "2", received).get(20, TimeUnit.SECONDS);
    assertEquals(List.of("TaskStarted", "TaskCompleted", "end"), received);
  }

  @Test
  void lastEventId_pastTheLastEvent_replaysNothing() throws Exception {
    String id = tasks.parallel("Echo", new JsonObject());
    tasks.await(id, "DISPOSED");
    List<String> received = new ArrayList<>();
    stream("/tasks/" + id, "1000", received).get(20, TimeUnit.SECONDS);
    assertEquals(List.of("end"), received);
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
    List<String> received = new ArrayList<>();
    CompletableFuture<Void> ended = stream(path, null, received);

    api.await(path, r -> streamed(received, ended).contains("TaskStarted"), Tasks.WAIT);
    assertEquals(200, api.post(path + "/stop", new JsonObject()).status());
    ended.get(20, TimeUnit.SECONDS);

    List<String> expected = new ArrayList<>();
    api.history(path + "/history").forEach(e -> expected.add(e.getString("eventType")));
    expected.add("end");
    assertEquals(expected, received);
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

  /** Reads the stream; collects each message's event name; completes when the server ends it. */
  /**
   * The events received so far, read under the lock the stream adds them with; a stream that failed
   * (its request, or an answer that is not an event stream) fails the caller with its cause.
   */
  private static List<String> streamed(List<String> received, CompletableFuture<Void> ended) {
    if (ended.isCompletedExceptionally()) {
      ended.join();
    }
    synchronized (received) {
      return new ArrayList<>(received);
    }
  }

  private CompletableFuture<Void> stream(
      String resource, String lastEventId, List<String> received) {
    CompletableFuture<Void> ended = new CompletableFuture<>();
    HttpClient http = client.createHttpClient();
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
    StringBuilder buffer = new StringBuilder();
    http.request(options)
        .compose(request -> request.send())
        .onSuccess(
            (HttpClientResponse response) -> {
              String type = response.getHeader("content-type");
              if (type == null || !type.startsWith("text/event-stream")) {
                ended.completeExceptionally(
                    new AssertionError(
                        "not an event stream: " + response.statusCode() + " " + type));
                return;
              }
              response.handler(
                  chunk -> {
                    buffer.append(chunk.toString());
                    int end;
                    while ((end = buffer.indexOf("\n\n")) >= 0) {
                      String message = buffer.substring(0, end);
                      buffer.delete(0, end + 2);
                      for (String line : message.split("\n")) {
                        if (line.startsWith("event: ")) {
                          synchronized (received) {
                            received.add(line.substring(7));
                          }
                        }
                      }
                    }
                  });
              response.endHandler(v -> ended.complete(null));
            })
        .onFailure(ended::completeExceptionally);
    return ended;
  }
}
