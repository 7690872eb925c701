package io.ordo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.RequestOptions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EventStreamReaderTest {
  private Vertx vertx;
  private HttpServer server;
  private final ConcurrentHashMap<String, HttpServerResponse> open = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> unheldClosed = new CompletableFuture<>();

  @BeforeEach
  void serveStreams() throws Exception {
    vertx = Vertx.vertx();
    server =
        vertx
            .createHttpServer()
            .requestHandler(
                request -> {
                  String name = request.path().substring(1);
                  HttpServerResponse response = request.response();
                  response.setChunked(true).putHeader("content-type", "text/event-stream");
                  response.write("event: first\ndata: {}\n\n");
                  open.put(name, response);
                  response.closeHandler(
                      v -> {
                        if (name.equals("unheld")) {
                          unheldClosed.complete(null);
                        }
                      });
                })
            .listen(0, "127.0.0.1")
            .await();
  }

  @AfterEach
  void close() {
    vertx.close().await();
  }

  @Test
  void aStream_staysOpenThroughGarbageCollection_untilTheServerEndsIt() throws Exception {
    EventStreamReader reader = EventStreamReader.open(vertx, request("held"));
    // a stream read the way the reader once did: through a client nothing holds
    vertx
        .createHttpClient()
        .request(request("unheld"))
        .compose(r -> r.send())
        .onFailure(e -> unheldClosed.complete(null));
    await(() -> reader.events().size() == 1);

    // Vert.x closes a client once it is unreachable (at once if it has no request in flight, as
    // when the collector came before the request was sent): collect until it closed the unheld one
    // (after a grace of 30 s for a request in flight)
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!unheldClosed.isDone() && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(100);
    }
    assertTrue(unheldClosed.isDone(), "the collector never closed the unheld client");

    vertx.runOnContext(v -> open.get("held").end("event: last\ndata: {}\n\n"));
    reader.ended().get(10, TimeUnit.SECONDS);
    assertEquals(List.of("first", "last"), reader.events());
    assertFalse(reader.ended().isCompletedExceptionally());
  }

  private RequestOptions request(String name) {
    return new RequestOptions()
        .setMethod(HttpMethod.GET)
        .setHost("127.0.0.1")
        .setPort(server.actualPort())
        .setURI("/" + name);
  }

  private static void await(java.util.function.BooleanSupplier condition) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 10 s");
      }
      Thread.sleep(10);
    }
  }
}
