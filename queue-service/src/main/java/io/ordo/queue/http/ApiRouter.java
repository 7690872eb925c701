package io.ordo.queue.http;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Hmac;
import io.ordo.db.TokenSigner;
import io.ordo.queue.QueueServices;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.openapi.router.OpenAPIRoute;
import io.vertx.ext.web.openapi.router.RequestExtractor;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import io.vertx.openapi.contract.OpenAPIContract;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Builds the HTTP API (SPEC 8) from its OpenAPI document: every request is authenticated, size
 * limited and validated against the document before a route sees it; every failure becomes a
 * problem response.
 */
public final class ApiRouter {
  private static final String DOCUMENTED_SERVER = "http://127.0.0.1:8080";
  private static final String API_BASE = "/api/v1";
  private static final String API_DOCUMENT = API_BASE + "/openapi.yaml";

  /** The routing context data key that marks a {@code HEAD} request routed as a {@code GET}. */
  private static final String HEAD_REQUEST = "ordo.headRequest";

  private ApiRouter() {}

  /**
   * Mounts the API, and the admin web UI at {@code /ui/} ({@link UiRoutes}), on {@code router}.
   *
   * @param principals keys the ids naming principals (BearerAuthHandler)
   * @param pageTokens signs the lists' page tokens
   * @param bodyLimit the largest request body in bytes (413 past it)
   */
  public static Future<Void> mount(
      Vertx vertx,
      Router router,
      QueueServices services,
      TokenRegistry tokens,
      Hmac principals,
      TokenSigner pageTokens,
      long bodyLimit,
      Clock clock) {
    return ApiContract.load(vertx)
        .map(
            openApi ->
                build(
                    vertx,
                    router,
                    openApi,
                    services,
                    tokens,
                    principals,
                    pageTokens,
                    bodyLimit,
                    clock));
  }

  /**
   * Starts the HTTP server on {@code router}, every connection guarded by a {@link ConnectionGuard}
   * (framing, header-read timeout, versions) and every request Netty could not decode answered by
   * {@link InvalidRequests}.
   */
  public static Future<HttpServer> listen(
      Vertx vertx, HttpServerOptions options, Duration headerReadTimeout, Router router) {
    ConnectionGuard guard = new ConnectionGuard(headerReadTimeout);
    return vertx
        .createHttpServer(options)
        .connectionHandler(guard::install)
        .invalidRequestHandler(new InvalidRequests(options))
        .requestHandler(router)
        .listen();
  }

  private static Void build(
      Vertx vertx,
      Router router,
      ApiContract openApi,
      QueueServices services,
      TokenRegistry tokens,
      Hmac principals,
      TokenSigner pageTokens,
      long bodyLimit,
      Clock clock) {
    OpenAPIContract cached = new CachedValidatorsContract(openApi.contract());
    RequestExtractor extractor = new ParameterExtractor();
    RouterBuilder builder = RouterBuilder.create(vertx, cached, extractor);
    InlineRequestValidation validation = new InlineRequestValidation(vertx, cached, extractor);
    for (OpenAPIRoute route : builder.getRoutes()) {
      route.setDoSecurity(false); // bearer tokens are checked before validation, for every route
      // validated on the event loop, before the route's own handlers (mounted below)
      route.setDoValidation(false).addHandler(validation.handler(route.getOperation()));
    }
    new QueueRoutes(services, clock).mount(builder);
    new TaskRoutes(services).mount(builder);
    new TaskListRoutes(services, clock, new PageTokens(pageTokens)).mount(builder);
    new StateMachineRoutes(services).mount(builder);
    new ScheduleRoutes(services).mount(builder);
    new RunnerRoutes(services).mount(builder);
    HistoryStream.mount(vertx, services, builder);
    Router api = builder.createRouter();
    api.route().failureHandler(Problems::handle);

    AllowedMethods allowed = new AllowedMethods(cached, API_BASE, router);
    router.get(API_DOCUMENT).handler(rc -> document(rc, openApi));
    // its other methods before the token check too: the document is public
    router.route(API_DOCUMENT).handler(rc -> noRoute(rc, allowed));
    // Before every other route (a path-less route never decodes the path, so a malformed one
    // reaches it): framing, headers, path and query of every request.
    router.route().order(-1).handler(RequestGuard::framing);
    router.route().order(-1).handler(ApiRouter::headAsGet);
    // Separate routes: Vert.x Web orders handler kinds within one route (body before user
    // handlers), and the token is checked before a body is read.
    router
        .route("/api/v1/*")
        .handler(new BearerAuthHandler(tokens, principals, services.queues()::tenantExists));
    BodyHandler bodies = BodyHandler.create(false).setBodyLimit(bodyLimit);
    router.route("/api/v1/*").handler(rc -> RequestGuard.readBody(rc, bodies));
    router.route("/api/v1/*").handler(RequestGuard::body);
    router.route("/api/v1/*").subRouter(api);
    UiRoutes.mount(router);
    // every request no route answered, in the API or not (the UI, the operations routes)
    router.route().handler(rc -> noRoute(rc, allowed));
    // and every failure, also of a request target that is no path, such as "*"
    router.route().failureHandler(Problems::handle);
    return null;
  }

  /** The API's OpenAPI document, naming this node as its server. */
  private static void document(RoutingContext rc, ApiContract openApi) {
    rc.response()
        .putHeader("content-type", "application/yaml")
        .end(
            openApi
                .document()
                .replace(
                    DOCUMENTED_SERVER, rc.request().scheme() + "://" + rc.request().authority()));
  }

  /**
   * HEAD is a GET without its body (RFC 9110, 9.3.2), on every path that answers GET: routed again
   * as a GET, whose body Vert.x leaves out of a HEAD's response (status and headers stay). A route
   * of every method, that passes the others on: a route of HEAD alone matched every path, so Vert.x
   * answered a path no route took 405 "Allow: HEAD".
   */
  private static void headAsGet(RoutingContext rc) {
    if (rc.request().method() == HttpMethod.HEAD) {
      rc.put(HEAD_REQUEST, true);
      rc.reroute(HttpMethod.GET, rc.request().uri());
    } else {
      rc.next();
    }
  }

  /**
   * Whether the client sent {@code HEAD}: such a request is routed as a {@code GET}, whose method
   * it then shows; a handler that would hold the response open (a live tail) ends it instead.
   */
  static boolean isHead(RoutingContext rc) {
    return rc.get(HEAD_REQUEST) != null;
  }

  /**
   * A request no route took: OPTIONS of a path the node has is answered with its methods, another
   * method of it 405, anything else (also a method the path has, such as GET of a UI file that is
   * not there) 404.
   */
  private static void noRoute(RoutingContext rc, AllowedMethods allowed) {
    HttpMethod method = rc.request().method();
    String path = rc.request().path();
    // as routes match it (RequestGuard refused dot segments; "//" is one "/")
    Set<String> methods = allowed.on(rc.normalizedPath());
    if (methods.isEmpty() || methods.contains(method.name())) {
      String what = path.startsWith(API_BASE) ? "no API route " : "no route ";
      Problems.send(rc, new TaskControlException(ErrorCode.NOT_FOUND, what + method + " " + path));
      return;
    }
    String allow = String.join(", ", methods) + ", OPTIONS";
    rc.response().putHeader("Allow", allow);
    if (method == HttpMethod.OPTIONS) {
      rc.response().setStatusCode(204).end();
      return;
    }
    Problems.send(
        rc,
        new TaskControlException(
            ErrorCode.METHOD_NOT_ALLOWED,
            method + " is not a method of " + path + "; it has " + allow,
            new JsonObject().put("allowedMethods", new JsonArray(List.copyOf(methods)))));
  }
}
