package io.ordo.deploy.api;

import static io.ordo.deploy.api.NodeApiTest.assertProblem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.ordo.config.ConfigLoader;
import io.ordo.db.DatabaseAddress;
import io.ordo.db.DatabaseOutage;
import io.ordo.deploy.Api;
import io.ordo.deploy.NodeRole;
import io.ordo.deploy.OrdoNode;
import io.ordo.deploy.TestNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node whose PostgreSQL goes away and comes back: while it is down, requests are answered {@code
 * unavailable} (503 with {@code Retry-After}, which clients send again), never {@code internal};
 * once it is back on the same address, the same node takes the request sent again and runs what it
 * had accepted before. The database is this test's own (the shared test database stays up).
 */
class DatabaseOutageApiTest {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path dataDirectory;

  private int port;
  private EmbeddedPostgres postgres;
  private OrdoNode node;
  private Api api;

  @AfterEach
  void stopEverything() throws IOException {
    if (api != null) {
      api.close();
    }
    if (node != null) {
      node.close();
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  @Test
  void whileTheDatabaseIsDown_requestsAreUnavailable_andTheNodeCarriesOnOnceItIsBack()
      throws IOException {
    port = freePort();
    postgres = startPostgres();
    node =
        OrdoNode.start(
                ConfigLoader.load(null, TestNode.environment()),
                NodeRole.all(),
                new DatabaseAddress("127.0.0.1", port, "postgres", "postgres", null),
                false,
                null)
            .toCompletionStage()
            .toCompletableFuture()
            .join();
    api = new Api(node.httpPort(), TestNode.OPERATOR);
    String before = register("before").json().getString("messageId");
    awaitCompleted(before);

    postgres.close();
    postgres = null;

    Api.Reply refused = register("during");
    JsonObject problem = assertProblem(refused, 503, "unavailable");
    assertEquals(DatabaseOutage.DETAIL, problem.getString("detail"));
    assertNotNull(refused.headers().get("Retry-After"), "a 503 says when to try again");
    assertProblem(api.get("/tasks/" + before), 503, "unavailable");
    // read by the history service, over the event bus
    assertProblem(api.get("/tasks/" + before + "/history"), 503, "unavailable");
    assertProblem(api.get("/tasks?status=COMPLETED"), 503, "unavailable");
    assertProblem(api.get("/parallel-queue"), 503, "unavailable");

    postgres = startPostgres();

    // the request a client sends again (same idempotency key) is taken once the pool reconnects
    Api.Reply accepted = registerOnceReachable("during");
    assertEquals(201, accepted.status(), () -> "after the outage: " + accepted.body());
    String during = accepted.json().getString("messageId");
    awaitCompleted(during);
    assertEquals(
        during,
        register("during").json().getString("messageId"),
        "the refused attempts created nothing: the key names one message");
  }

  /** Registers with key {@code key} until the answer is not {@code unavailable} (at most WAIT). */
  private Api.Reply registerOnceReachable(String key) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    Api.Reply reply = register(key);
    while (reply.status() == 503 && System.nanoTime() < deadline) {
      reply = register(key);
    }
    return reply;
  }

  /** Registers an Echo task with idempotency key {@code key}. */
  private Api.Reply register(String key) {
    return api.send(
        HttpMethod.POST,
        "/parallel-queue/tasks",
        new JsonObject()
            .put("taskClassName", "io.ordo.samples.EchoTask")
            .put("parameter", new JsonObject().put("key", key)),
        Map.of("Idempotency-Key", key));
  }

  private void awaitCompleted(String messageId) {
    api.await(
        "/tasks/" + messageId + "/history",
        r ->
            r.status() == 200
                && r.json().getJsonArray("events").stream()
                    .map(e -> ((JsonObject) e).getString("eventType"))
                    .toList()
                    .contains("TaskCompleted"),
        WAIT);
  }

  /** PostgreSQL on {@link #port} with its data in {@link #dataDirectory}, kept across restarts. */
  private EmbeddedPostgres startPostgres() throws IOException {
    return EmbeddedPostgres.builder()
        .setPort(port)
        .setDataDirectory(dataDirectory.resolve("postgres"))
        .setCleanDataDirectory(false)
        .setServerConfig("listen_addresses", "127.0.0.1")
        .setServerConfig("max_connections", "100")
        .start();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
