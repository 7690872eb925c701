package io.ordo.queue.http;

import io.ordo.config.OrdoConfig.HttpOptions;
import io.ordo.db.Hmac;
import io.ordo.db.TokenSigner;
import io.ordo.queue.QueueServices;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.openapi.router.OpenAPIRoute;
import io.vertx.ext.web.openapi.router.RequestExtractor;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import io.vertx.openapi.contract.OpenAPIContract;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Builds the HTTP API (SPEC 8) from its OpenAPI document: every request is authenticated, size
 * limited and validated against the document before a route sees it; every failure becomes a
 * problem response.
 */
public final class ApiRouter {
  private static final String DOCUMENTED_SERVER = "http://127.0.0.1:8080";
  private static final String API_BASE = "/api/v1";
  private static final String API_DOCUMENT = API_BASE + "/openapi.yaml";

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

  /** The options of a node's HTTP server, the API's or a runner or history JVM's. */
  public static HttpServerOptions serverOptions(HttpOptions http) {
    return new HttpServerOptions()
        .setHost(http.host())
        .setPort(http.port())
        .setCompressionSupported(true)
        // HTTP/1 only: the pipeline is then set up before the first byte is read, so that
        // ConnectionGuard sees every request's head, the first one too.
        .setHttp2ClearTextEnabled(false)
        .setIdleTimeout((int) http.idleTimeout().toMillis())
        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
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
    router.route(API_DOCUMENT).handler(rc -> UnroutedRequests.noRoute(rc, allowed));
    UnroutedRequests.guard(router);
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
    UnroutedRequests.answer(router, allowed);
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
}
