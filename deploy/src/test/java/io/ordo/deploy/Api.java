package io.ordo.deploy;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** A small blocking HTTP client for tests of Ordo's API, with a bearer token. */
public final class Api implements AutoCloseable {
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  private final Vertx vertx;
  private final WebClient client;
  private final int port;
  private final String token;
  private final long timeoutMs;

  public Api(int port, String token) {
    this(port, token, DEFAULT_TIMEOUT);
  }

  /**
   * @param timeout how long a request may wait for a byte of its answer before it fails: a test
   *     never hangs on a connection a server dropped on the floor
   */
  public Api(int port, String token, Duration timeout) {
    this.timeoutMs = timeout.toMillis();
    this.vertx = Vertx.vertx();
    // A pool large enough that concurrent requests from many test threads really are concurrent.
    this.client =
        WebClient.create(vertx, new WebClientOptions(), new PoolOptions().setHttp1MaxSize(256));
    this.port = port;
    this.token = token;
  }

  private Api(Api base, String token) {
    this.vertx = base.vertx;
    this.client = base.client;
    this.port = base.port;
    this.token = token;
    this.timeoutMs = base.timeoutMs;
  }

  /** The same client with another token (null: none). */
  public Api as(String otherToken) {
    return new Api(this, otherToken);
  }

  /** One HTTP exchange's answer. */
  public record Reply(int status, String contentType, Buffer body, io.vertx.core.MultiMap headers) {
    public JsonObject json() {
      return body.toJsonObject();
    }

    public JsonArray array() {
      return body.toJsonArray();
    }

    public String code() {
      return json().getString("code");
    }
  }

  public Reply get(String path) {
    return send(HttpMethod.GET, path, null);
  }

  public Reply delete(String path) {
    return send(HttpMethod.DELETE, path, null);
  }

  public Reply post(String path, Object body) {
    return send(HttpMethod.POST, path, body);
  }

  public Reply put(String path, Object body) {
    return send(HttpMethod.PUT, path, body);
  }

  /** Sends a request; {@code body} is JSON (object/array), a raw String, or a Buffer. */
  public Reply send(HttpMethod method, String path, Object body) {
    return send(method, path, body, null, null);
  }

  public Reply send(HttpMethod method, String path, Object body, String header, String value) {
    return send(method, path, body, header == null ? Map.of() : Map.of(header, value));
  }

  /** Sends a request with extra headers. */
  public Reply send(HttpMethod method, String path, Object body, Map<String, String> headers) {
    String uri =
        path.startsWith("/api/")
                || path.startsWith("/health")
                || path.startsWith("/metrics")
                || path.startsWith("/ui")
            ? path
            : "/api/v1" + path;
    HttpRequest<Buffer> request =
        client.request(method, port, "127.0.0.1", uri).idleTimeout(timeoutMs);
    if (token != null) {
      request.bearerTokenAuthentication(token);
    }
    headers.forEach(request::putHeader);
    HttpResponse<Buffer> response;
    if (body == null) {
      response = await(request.send());
    } else {
      request.putHeader("content-type", "application/json");
      Buffer buffer =
          body instanceof Buffer b
              ? b
              : body instanceof String s
                  ? Buffer.buffer(s)
                  : Buffer.buffer(io.vertx.core.json.Json.encode(body));
      response = await(request.sendBuffer(buffer));
    }
    return new Reply(
        response.statusCode(),
        response.getHeader("content-type"),
        response.body() == null ? Buffer.buffer() : response.body(),
        response.headers());
  }

  /**
   * Polls {@code GET path} until the answer satisfies the condition or the timeout passes. A
   * request that fails (e.g. a node that does not listen yet) counts as an answer that does not
   * satisfy it.
   */
  public Reply await(String path, Predicate<Reply> condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Reply last = null;
    RuntimeException lastError = null;
    while (System.nanoTime() < deadline) {
      try {
        last = get(path);
        lastError = null;
        if (condition.test(last)) {
          return last;
        }
      } catch (RuntimeException e) {
        lastError = e;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new AssertionError(
        "condition not met for "
            + path
            + " within "
            + timeout
            + "; last answer: "
            + (lastError != null
                ? lastError.toString()
                : last == null ? "none" : last.status() + " " + last.body())
            + "; the node then: "
            + claimsAndLeases());
  }

  /** Metrics whose prefixes say whether the node went on claiming, and under a lease. */
  private static final List<String> DIAGNOSTIC_METRICS =
      List.of(
          "ordo_runner_claim_seconds_count",
          "ordo_runner_claims_total",
          "ordo_work_announcements_total",
          "ordo_claim_batch_size_count",
          "ordo_lease_renewals_total",
          "ordo_runner_busy_threads");

  /**
   * The node's claims answered and served, claims by outcome, work announced by reason, lease
   * renewals by outcome and busy threads, as its metrics say now: for a condition that was not met,
   * whether work was announced, and whether the runner stopped claiming, claimed without taking
   * anything, or lost its lease.
   */
  private String claimsAndLeases() {
    try {
      Reply metrics = get("/metrics");
      if (metrics.status() != 200) {
        return "metrics answered " + metrics.status();
      }
      return metrics
          .body()
          .toString()
          .lines()
          .filter(line -> DIAGNOSTIC_METRICS.stream().anyMatch(line::startsWith))
          .collect(Collectors.joining("; "));
    } catch (RuntimeException e) {
      return "metrics unavailable (" + e + ")";
    }
  }

  /**
   * Every event of a history resource ({@code /tasks/{id}/history} or an execution's), all pages.
   */
  public List<JsonObject> history(String historyPath) {
    List<JsonObject> events = new ArrayList<>();
    String token = null;
    do {
      Reply page =
          get(
              historyPath
                  + "?maximumPageSize=1000"
                  + (token == null ? "" : "&nextPageToken=" + token));
      if (page.status() != 200) {
        throw new AssertionError("GET " + historyPath + ": " + page.status() + " " + page.body());
      }
      page.json().getJsonArray("events").forEach(e -> events.add((JsonObject) e));
      token = page.json().getString("nextPageToken");
    } while (token != null);
    return events;
  }

  private static <T> T await(io.vertx.core.Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }

  @Override
  public void close() {
    client.close();
    vertx.close();
  }
}
