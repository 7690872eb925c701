package io.ordo.deploy;

import io.ordo.config.NodeContext;
import io.ordo.ops.OpsRoutes;
import io.ordo.queue.http.InvalidRequests;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;

/**
 * The HTTP server of a JVM that serves no API (a runner or history JVM of a farm): just {@code
 * /health/live}, {@code /health/ready} and {@code /metrics}. Requests its HTTP codec refuses get
 * problem documents, as on the API's server.
 */
final class OpsServerVerticle extends VerticleBase {
  private final NodeContext node;
  private HttpServer server;

  OpsServerVerticle(NodeContext node) {
    this.node = node;
  }

  int port() {
    return server == null ? -1 : server.actualPort();
  }

  @Override
  public Future<?> start() {
    Router router = Router.router(vertx);
    OpsRoutes.mount(router, node.health(), node.liveness(), node.registry());
    HttpServerOptions options = new HttpServerOptions();
    return vertx
        .createHttpServer(options)
        .invalidRequestHandler(new InvalidRequests(options))
        .requestHandler(router)
        .listen(node.config().http().port(), node.config().http().host())
        .onSuccess(s -> server = s);
  }
}
