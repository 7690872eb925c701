package io.ordo.client.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.InstanceLockedException;
import io.ordo.TaskControlException;
import io.ordo.TaskQueueIllegalStateException;
import io.ordo.bus.QueueApi.Action;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClient;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP transport against a stub server: request shape and problem mapping. */
class HttpTransportTest {
  private Vertx vertx;
  private HttpServer server;
  private final AtomicReference<Consumer<HttpServerRequest>> handler = new AtomicReference<>();
  private final AtomicReference<String> seen = new AtomicReference<>();

  @BeforeEach
  void start() {
    vertx = Vertx.vertx();
    server =
        await(
            vertx
                .createHttpServer()
                .requestHandler(
                    request ->
                        request
                            .body()
                            .onSuccess(
                                body -> {
                                  seen.set(
                                      request.method()
                                          + " "
                                          + request.uri()
                                          + " "
                                          + request.getHeader("Authorization")
                                          + " "
                                          + body);
                                  handler.get().accept(request);
                                }))
                .listen(0, "127.0.0.1"));
  }

  @AfterEach
  void stop() {
    await(vertx.close());
  }

  private HttpTransport transport(String base) {
    return new HttpTransport(
        WebClient.create(vertx), URI.create(base), "secret", Duration.ofSeconds(5));
  }

  private HttpTransport transport() {
    return transport("http://127.0.0.1:" + server.actualPort());
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw (RuntimeException) e.getCause();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private void answer(int status, String contentType, String body) {
    handler.set(
        request -> {
          request.response().setStatusCode(status);
          if (contentType != null) {
            request.response().putHeader("content-type", contentType);
          }
          request.response().end(body);
        });
  }

  @Test
  void serialRegistration_putsTheQueueInThePath_andTheRestInTheBody() {
    answer(201, "application/json", "{\"messageId\":\"m\"}");
    JsonObject answer =
        await(
            transport()
                .send(
                    Action.REGISTER_SERIAL_TASK,
                    new JsonObject().put("queueId", "com.example.q").put("taskClassName", "Echo")));
    assertEquals("m", answer.getString("messageId"));
    assertEquals(
        "POST /api/v1/serial-queues/com.example.q/tasks Bearer secret {\"taskClassName\":\"Echo\"}",
        seen.get());
  }

  @Test
  void queueIds_areEncodedAsOnePathSegment() {
    answer(204, null, "");
    await(transport().send(Action.REMOVE_SERIAL_QUEUE, new JsonObject().put("queueId", "a/b c")));
    assertEquals("DELETE /api/v1/serial-queues/a%2Fb%20c Bearer secret ", seen.get());
  }

  @Test
  void queueKindAndLimit_travelInTheQuery() {
    answer(200, "application/json", "{}");
    await(
        transport()
            .send(
                Action.RELEASE_TASK,
                new JsonObject()
                    .put("messageId", "m")
                    .put("queue", "serial")
                    .put("reentry", true)
                    .put("stop", false)));
    assertEquals(
        "POST /api/v1/tasks/m/release?queue=serial Bearer secret {\"reentry\":true,\"stop\":false}",
        seen.get());
    await(transport().send(Action.GET_STATUS, new JsonObject().put("limit", 1000)));
    assertEquals("GET /api/v1/status?limit=1000 Bearer secret ", seen.get());
  }

  @Test
  void aBaseUrlWithThePrefixOrAPath_isUsedAsGiven() {
    answer(200, "application/json", "{}");
    int port = server.actualPort();
    await(
        transport("http://127.0.0.1:" + port + "/api/v1/")
            .send(Action.GET_STATUS, new JsonObject()));
    assertTrue(seen.get().startsWith("GET /api/v1/status "), seen.get());
    await(
        transport("http://127.0.0.1:" + port + "/ordo").send(Action.GET_STATUS, new JsonObject()));
    assertTrue(seen.get().startsWith("GET /ordo/api/v1/status "), seen.get());
    assertThrows(IllegalArgumentException.class, () -> transport("ftp://127.0.0.1:" + port));
  }

  @Test
  void noContent_isAnEmptyObject() {
    answer(204, null, "");
    assertEquals(
        new JsonObject(),
        await(transport().send(Action.REMOVE_TASK, new JsonObject().put("messageId", "m"))));
  }

  @Test
  void problems_becomeTheirExceptionClass_withDetails() {
    answer(
        409,
        "application/problem+json",
        new JsonObject()
            .put("type", "urn:ordo:problem:queue_illegal_state")
            .put("title", "Queue illegal state")
            .put("status", 409)
            .put("detail", "serial queue q still holds messages")
            .put("code", "queue_illegal_state")
            .put("queueId", "q")
            .encode());
    TaskQueueIllegalStateException error =
        assertThrows(
            TaskQueueIllegalStateException.class,
            () ->
                await(
                    transport()
                        .send(Action.REMOVE_SERIAL_QUEUE, new JsonObject().put("queueId", "q"))));
    assertEquals("serial queue q still holds messages", error.getMessage());
    assertEquals(new JsonObject().put("queueId", "q"), error.details());
  }

  @Test
  void instanceLocked_keepsItsOwnerAndExpiry() {
    answer(
        409,
        "application/problem+json",
        new JsonObject()
            .put("code", "instance_locked")
            .put("detail", "locked")
            .put("instanceId", "i")
            .put("ownerId", "o")
            .put("lockExpiry", "2026-01-31T12:00:00Z")
            .encode());
    InstanceLockedException error =
        assertThrows(
            InstanceLockedException.class,
            () -> await(transport().send(Action.GET_STATUS, new JsonObject())));
    assertEquals("o", error.ownerId());
    assertEquals("2026-01-31T12:00:00Z", error.lockExpiry().toString());
  }

  @Test
  void invalidParameter_isAnIllegalArgument() {
    answer(400, "application/problem+json", "{\"code\":\"invalid_parameter\",\"detail\":\"deep\"}");
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> await(transport().send(Action.REGISTER_PARALLEL_TASK, new JsonObject())));
    assertEquals("deep", error.getMessage());
  }

  @Test
  void anErrorPageWithoutProblem_isClassifiedByStatus() {
    answer(502, "text/html", "<html>bad gateway</html>");
    TaskControlException error =
        assertThrows(
            TaskControlException.class,
            () -> await(transport().send(Action.GET_STATUS, new JsonObject())));
    assertEquals(ErrorCode.UNAVAILABLE, error.code());
    answer(401, null, "");
    error =
        assertThrows(
            TaskControlException.class,
            () -> await(transport().send(Action.GET_STATUS, new JsonObject())));
    assertEquals(ErrorCode.UNAUTHORIZED, error.code());
  }

  @Test
  void anUnreachableServer_isUnavailable() {
    int port = server.actualPort();
    await(server.close());
    TaskControlException error =
        assertThrows(
            TaskControlException.class,
            () ->
                await(
                    transport("http://127.0.0.1:" + port)
                        .send(Action.GET_STATUS, new JsonObject())));
    assertEquals(ErrorCode.UNAVAILABLE, error.code());
    assertInstanceOf(Throwable.class, error.getCause());
  }

  @Test
  void anOperationTheHttpClientDoesNotMap_failsTheFuture() {
    Future<JsonObject> sent = transport().send(Action.LIST_TASK_TYPES, new JsonObject());
    assertInstanceOf(UnsupportedOperationException.class, sent.cause());
    assertNull(seen.get());
  }
}
