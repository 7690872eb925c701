package io.ordo.client;

import io.ordo.client.impl.Blocking;
import io.ordo.client.impl.HttpTransport;
import io.ordo.client.impl.TransportTaskManager;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * A {@link TaskManager} over Ordo's HTTP API, for any JVM. The bearer token decides the tenant and
 * the role (a submitter may register and remove messages; queues, release and stop need an
 * operator).
 *
 * <pre>{@code
 * try (HttpTaskManager tasks =
 *     HttpTaskManager.create(URI.create("http://127.0.0.1:8080"), System.getenv("ORDO_TOKEN"))) {
 *   ParallelizedTaskMessage message = tasks.addParallelizedTask("Echo", Map.of("greeting", "hi"));
 *   System.out.println(message.getMessageId() + " " + message.getState());
 * }
 * }</pre>
 */
public final class HttpTaskManager extends TransportTaskManager implements AutoCloseable {
  /** The default timeout of one request; a release waits for the runner to call release(). */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  /** How much longer a blocking call waits than the request's own timeout. */
  private static final Duration BLOCKING_MARGIN = Duration.ofSeconds(5);

  private final Vertx ownVertx;

  private HttpTaskManager(HttpTransport transport, Duration timeout, Vertx ownVertx) {
    super(transport, new Blocking(timeout.plus(BLOCKING_MARGIN)));
    this.ownVertx = ownVertx;
  }

  /**
   * A client on the caller's Vert.x (which it does not close).
   *
   * @param baseUrl the node or gateway, e.g. {@code http://127.0.0.1:8080} ({@code /api/v1} is
   *     appended unless given)
   * @param bearerToken the API token
   */
  public static HttpTaskManager create(Vertx vertx, URI baseUrl, String bearerToken) {
    return create(vertx, baseUrl, bearerToken, DEFAULT_TIMEOUT);
  }

  /**
   * A client on the caller's Vert.x with a request timeout.
   *
   * @param timeout how long one request may take (blocking forms wait a few seconds longer)
   */
  public static HttpTaskManager create(
      Vertx vertx, URI baseUrl, String bearerToken, Duration timeout) {
    return create(vertx, baseUrl, bearerToken, timeout, null);
  }

  /** A client with a Vert.x of its own, closed by {@link #close()}: for code without Vert.x. */
  public static HttpTaskManager create(URI baseUrl, String bearerToken) {
    Vertx vertx = Vertx.vertx();
    try {
      return create(vertx, baseUrl, bearerToken, DEFAULT_TIMEOUT, vertx);
    } catch (RuntimeException e) {
      vertx.close();
      throw e;
    }
  }

  private static HttpTaskManager create(
      Vertx vertx, URI baseUrl, String bearerToken, Duration timeout, Vertx ownVertx) {
    Objects.requireNonNull(vertx, "vertx");
    Objects.requireNonNull(baseUrl, "baseUrl");
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("the timeout must be positive, got " + timeout);
    }
    WebClient client = WebClient.create(vertx, new WebClientOptions().setUserAgent("ordo-client"));
    return new HttpTaskManager(
        new HttpTransport(client, baseUrl, bearerToken, timeout), timeout, ownVertx);
  }

  /** Closes the HTTP client, and the Vert.x if this client created it. */
  public Future<Void> closeAsync() {
    Future<Void> closed = transport().close();
    return ownVertx == null ? closed : closed.eventually(ownVertx::close);
  }

  /** Closes the HTTP client, and waits for the Vert.x to close if this client created it. */
  @Override
  public void close() {
    Future<Void> closed = closeAsync();
    if (ownVertx != null) {
      closed.toCompletionStage().toCompletableFuture().join();
    }
  }
}
