package io.ordo.deploy.load;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The few calls of Ordo's HTTP API (SPEC 8) that the load runs make, asynchronous, with a bearer
 * token. An answer with another status than the expected one fails the future with the status and
 * the problem body, so a run can count refusals instead of stopping.
 */
final class OrdoHttp {
  private static final long TIMEOUT_MILLIS = 60_000;

  private final WebClient client;
  private final String root;
  private final String token;

  OrdoHttp(WebClient client, URI url, String token) {
    this.client = client;
    String base = url.toString();
    this.root = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    this.token = token;
  }

  /** Registers a message in the tenant's parallel queue; its sent time is taken here. */
  Future<Registration> registerParallel(JsonObject message) {
    return register("/api/v1/parallel-queue/tasks", message);
  }

  /** Registers a message in a serial queue. */
  Future<Registration> registerSerial(String queueId, JsonObject message) {
    return register("/api/v1/serial-queues/" + encode(queueId) + "/tasks", message);
  }

  private Future<Registration> register(String path, JsonObject message) {
    long sentEpochMillis = System.currentTimeMillis();
    long sentNanos = System.nanoTime();
    return send(HttpMethod.POST, path, message, 201)
        .map(
            response ->
                new Registration(
                    response.bodyAsJsonObject().getString("messageId"),
                    sentEpochMillis,
                    System.nanoTime() - sentNanos));
  }

  Future<Void> setParallelActive(boolean active) {
    return send(HttpMethod.PUT, "/api/v1/parallel-queue/active", activeBody(active), 200)
        .mapEmpty();
  }

  Future<Void> addSerialQueue(String queueId, boolean active) {
    JsonObject body = new JsonObject().put("queueId", queueId).put("active", active);
    return send(HttpMethod.POST, "/api/v1/serial-queues", body, 201).mapEmpty();
  }

  Future<Void> setSerialActive(String queueId, boolean active) {
    String path = "/api/v1/serial-queues/" + encode(queueId) + "/active";
    return send(HttpMethod.PUT, path, activeBody(active), 200).mapEmpty();
  }

  Future<Void> removeSerialQueue(String queueId) {
    return send(HttpMethod.DELETE, "/api/v1/serial-queues/" + encode(queueId), null, 204)
        .mapEmpty();
  }

  /** The parallel queue's info with its counts (lists cut to one entry). */
  Future<JsonObject> parallelQueue() {
    return send(HttpMethod.GET, "/api/v1/parallel-queue?limit=1", null, 200)
        .map(HttpResponse::bodyAsJsonObject);
  }

  /** Every serial queue with its counts. */
  Future<JsonArray> serialQueues() {
    return send(HttpMethod.GET, "/api/v1/serial-queues", null, 200)
        .map(HttpResponse::bodyAsJsonArray);
  }

  /** A message's history, oldest first (a short history fits in one page of 1000). */
  Future<JsonArray> history(String messageId) {
    String path = "/api/v1/tasks/" + encode(messageId) + "/history?maximumPageSize=1000";
    return send(HttpMethod.GET, path, null, 200)
        .map(response -> response.bodyAsJsonObject().getJsonArray("events"));
  }

  /** The node's Prometheus text. */
  Future<String> metrics() {
    return send(HttpMethod.GET, "/metrics", null, 200).map(HttpResponse::bodyAsString);
  }

  private Future<HttpResponse<Buffer>> send(
      HttpMethod method, String path, JsonObject body, int expected) {
    HttpRequest<Buffer> request =
        client
            .requestAbs(method, root + path)
            .timeout(TIMEOUT_MILLIS)
            .bearerTokenAuthentication(token);
    Future<HttpResponse<Buffer>> sent =
        body == null ? request.send() : request.sendJsonObject(body);
    return sent.compose(
        response ->
            response.statusCode() == expected
                ? Future.succeededFuture(response)
                : Future.failedFuture(
                    new IllegalStateException(
                        method
                            + " "
                            + path
                            + " answered "
                            + response.statusCode()
                            + ": "
                            + response.bodyAsString())));
  }

  private static JsonObject activeBody(boolean active) {
    return new JsonObject().put("active", active);
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * One accepted registration, as the client saw it.
   *
   * @param messageId the id Ordo gave the message
   * @param sentEpochMillis the client's wall clock when the request was sent
   * @param roundTripNanos request sent → 201 received
   */
  record Registration(String messageId, long sentEpochMillis, long roundTripNanos) {}
}
