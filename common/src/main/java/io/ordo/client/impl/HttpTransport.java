package io.ordo.client.impl;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.bus.QueueApi;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Sends API calls over HTTP (SPEC 8) with a bearer token: the event-bus form of a call is split
 * into path, query and body again, and problem responses become domain exceptions.
 */
public final class HttpTransport implements Transport {
  /** Members that travel in the query string, where an operation has them. */
  private static final List<String> QUERY = List.of("queue", "limit");

  private final WebClient client;
  private final String apiBase;
  private final String bearerToken;
  private final long timeoutMillis;

  /**
   * @param baseUrl the node or gateway, e.g. {@code http://127.0.0.1:8080}; {@code /api/v1} is
   *     appended unless the URL ends with it
   * @param timeout the timeout of each request
   */
  public HttpTransport(WebClient client, URI baseUrl, String bearerToken, Duration timeout) {
    this.client = client;
    this.apiBase = apiBase(baseUrl);
    this.bearerToken = bearerToken;
    this.timeoutMillis = timeout.toMillis();
  }

  static String apiBase(URI baseUrl) {
    String scheme = baseUrl.getScheme();
    if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
      throw new IllegalArgumentException("the base URL must be http or https, got " + baseUrl);
    }
    String base = baseUrl.toString();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return base.endsWith("/api/v1") ? base : base + "/api/v1";
  }

  @Override
  public Future<JsonObject> send(QueueApi.Action action, JsonObject request) {
    Route route;
    try {
      route = route(action, request);
    } catch (RuntimeException e) {
      return Future.failedFuture(e);
    }
    HttpRequest<Buffer> http =
        client.requestAbs(route.method(), apiBase + route.path()).timeout(timeoutMillis);
    http.putHeader("Accept", "application/json, application/problem+json");
    if (bearerToken != null) {
      http.bearerTokenAuthentication(bearerToken);
    }
    JsonObject body = new JsonObject();
    for (String name : request.fieldNames()) {
      if (route.query().contains(name)) {
        http.addQueryParam(name, String.valueOf(request.getValue(name)));
      } else if (!route.pathParams().contains(name)) {
        body.put(name, request.getValue(name));
      }
    }
    Future<HttpResponse<Buffer>> sent =
        route.method() == HttpMethod.GET || route.method() == HttpMethod.DELETE
            ? http.send()
            : http.sendJsonObject(body);
    return sent.recover(
            error ->
                Future.failedFuture(
                    new TaskControlException(
                        ErrorCode.UNAVAILABLE,
                        "cannot reach Ordo at " + apiBase + ": " + error.getMessage(),
                        error)))
        .compose(HttpTransport::answer);
  }

  private static Future<JsonObject> answer(HttpResponse<Buffer> response) {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      Buffer body = response.body();
      return Future.succeededFuture(
          body == null || body.length() == 0 ? new JsonObject() : body.toJsonObject());
    }
    return Future.failedFuture(HttpProblems.toException(response));
  }

  /** Where an operation lives in the HTTP API; only those the client calls are mapped. */
  private static Route route(QueueApi.Action action, JsonObject request) {
    return switch (action) {
      case REGISTER_PARALLEL_TASK -> Route.of(HttpMethod.POST, "/parallel-queue/tasks");
      case REGISTER_SERIAL_TASK ->
          Route.of(HttpMethod.POST, "/serial-queues/{queueId}/tasks", request, "queueId");
      case SET_PARALLEL_QUEUE_ACTIVE -> Route.of(HttpMethod.PUT, "/parallel-queue/active");
      case ADD_SERIAL_QUEUE -> Route.of(HttpMethod.POST, "/serial-queues");
      case SET_SERIAL_QUEUE_ACTIVE ->
          Route.of(HttpMethod.PUT, "/serial-queues/{queueId}/active", request, "queueId");
      case REMOVE_SERIAL_QUEUE ->
          Route.of(HttpMethod.DELETE, "/serial-queues/{queueId}", request, "queueId");
      case GET_TASK -> Route.of(HttpMethod.GET, "/tasks/{messageId}", request, "messageId");
      case REMOVE_TASK -> Route.of(HttpMethod.DELETE, "/tasks/{messageId}", request, "messageId");
      case RELEASE_TASK ->
          Route.of(HttpMethod.POST, "/tasks/{messageId}/release", request, "messageId");
      case STOP_TASK -> Route.of(HttpMethod.POST, "/tasks/{messageId}/stop", request, "messageId");
      case GET_STATUS -> Route.of(HttpMethod.GET, "/status");
      default ->
          throw new UnsupportedOperationException(
              "the HTTP client does not map " + action.wireName());
    };
  }

  private static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }

  @Override
  public Future<Void> close() {
    client.close();
    return Future.succeededFuture();
  }

  private record Route(HttpMethod method, String path, Set<String> pathParams, List<String> query) {
    static Route of(HttpMethod method, String path) {
      return new Route(method, path, Set.of(), QUERY);
    }

    static Route of(HttpMethod method, String template, JsonObject request, String param) {
      Object value = request.getValue(param);
      if (value == null) {
        throw new IllegalArgumentException(param + " must be given");
      }
      String path = template.replace("{" + param + "}", encode(String.valueOf(value)));
      return new Route(method, path, Set.of(param), QUERY);
    }
  }
}
