package io.ordo.queue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.InvalidTaskException;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.testing.EventStreamReader;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A live tail over real HTTP whose reads fail: a failed read is read again (the stream goes on), a
 * history that is gone ends the stream with an {@code error} event.
 */
class HistoryStreamTailTest {
  private static final JsonObject SCHEDULED = event(1, "TaskScheduled");
  private static final JsonObject COMPLETED = event(2, "TaskCompleted");

  private Vertx vertx;

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
  }

  @AfterEach
  void stop() {
    vertx.close().toCompletionStage().toCompletableFuture().join();
  }

  @Test
  void aReadThatFails_isReadAgain_andTheStreamGoesOnToItsEnd() throws Exception {
    AtomicInteger reads = new AtomicInteger();
    HistoryStream.Source source =
        (caller, id, after) ->
            switch (reads.incrementAndGet()) {
              case 1 -> Future.succeededFuture(page(true, 1, SCHEDULED));
              case 2 -> Future.failedFuture(new IllegalStateException("history service busy"));
              default -> Future.succeededFuture(page(false, 2, SCHEDULED, COMPLETED));
            };

    List<String> received = read(source);

    assertEquals(List.of("TaskScheduled", "TaskCompleted", "end"), received);
    assertTrue(reads.get() >= 3, "read again after the failure: " + reads.get() + " reads");
  }

  @Test
  void aHistoryThatIsGone_endsTheStreamWithAnErrorEvent() throws Exception {
    AtomicInteger reads = new AtomicInteger();
    HistoryStream.Source source =
        (caller, id, after) ->
            reads.incrementAndGet() == 1
                ? Future.succeededFuture(page(true, 1, SCHEDULED))
                : Future.failedFuture(new InvalidTaskException(id));

    List<String> received = read(source);

    assertEquals(List.of("TaskScheduled", "error invalid_task"), received);
  }

  /**
   * A client that leaves while the first read is on its way: the tail is not started, so the
   * history is not read again (a tail started on a closed response used to read it every second
   * until the history closed). Checked over three poll intervals.
   */
  @Test
  void aClientThatLeavesDuringTheFirstRead_leavesNoTailBehind() throws Exception {
    AtomicInteger reads = new AtomicInteger();
    Promise<JsonObject> first = Promise.promise();
    HistoryStream.Source source =
        (caller, id, after) ->
            reads.incrementAndGet() == 1
                ? first.future()
                : Future.succeededFuture(page(true, 1, SCHEDULED));
    HistoryStream tail = new HistoryStream(vertx, "messageId", source);
    Promise<Void> left = Promise.promise();
    AtomicReference<Context> serving = new AtomicReference<>();
    Router router = Router.router(vertx);
    router
        .get("/tasks/:messageId/history/stream")
        .handler(
            rc -> {
              serving.set(Vertx.currentContext());
              rc.put(BearerAuthHandler.CALLER, new Caller("t", Role.OPERATOR, "p"));
              rc.request().connection().closeHandler(v -> left.tryComplete());
              tail.stream(rc);
            });
    HttpServer server = listen(router);
    HttpClient client = vertx.createHttpClient();
    client
        .request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/tasks/m1/history/stream")
        .compose(request -> request.send());
    await(awaitRead(reads));
    // the server has seen the client leave before the first read is answered, on the server's
    // event loop as a database reply would be
    await(client.close().compose(v -> left.future()));
    serving.get().runOnContext(v -> first.complete(page(true, 1, SCHEDULED)));
    await(timer(3_500));

    assertEquals(1, reads.get(), "reads after the client left");
  }

  private Future<Void> awaitRead(AtomicInteger reads) {
    return reads.get() > 0 ? Future.succeededFuture() : timer(10).compose(v -> awaitRead(reads));
  }

  private Future<Void> timer(long millis) {
    Promise<Void> done = Promise.promise();
    vertx.setTimer(millis, id -> done.complete());
    return done.future();
  }

  private static <T> T await(Future<T> future) throws Exception {
    return future.toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
  }

  private HttpServer listen(Router router) throws Exception {
    return await(vertx.createHttpServer().requestHandler(router).listen(0, "127.0.0.1"));
  }

  /**
   * Streams history "m1" from a server mounting the tail, until it ends: the event names, an
   * error's with the problem's code.
   */
  private List<String> read(HistoryStream.Source source) throws Exception {
    Router router = Router.router(vertx);
    HistoryStream tail = new HistoryStream(vertx, "messageId", source);
    router
        .get("/tasks/:messageId/history/stream")
        .handler(
            rc -> {
              rc.put(BearerAuthHandler.CALLER, new Caller("t", Role.OPERATOR, "p"));
              tail.stream(rc);
            });
    HttpServer server = listen(router);
    EventStreamReader stream =
        EventStreamReader.open(
            vertx,
            new RequestOptions()
                .setMethod(HttpMethod.GET)
                .setHost("127.0.0.1")
                .setPort(server.actualPort())
                .setURI("/tasks/m1/history/stream"));
    stream.ended().get(20, TimeUnit.SECONDS);
    return stream.messages().stream()
        .map(
            m ->
                m.event().equals("error")
                    ? "error " + new JsonObject(m.data()).getString("code")
                    : m.event())
        .toList();
  }

  private static JsonObject page(boolean open, long lastEventId, JsonObject... events) {
    return new JsonObject()
        .put("events", new JsonArray(List.of((Object[]) events)))
        .put("open", open)
        .put("lastEventId", lastEventId);
  }

  private static JsonObject event(long id, String type) {
    return new JsonObject().put("eventId", id).put("eventType", type);
  }
}
