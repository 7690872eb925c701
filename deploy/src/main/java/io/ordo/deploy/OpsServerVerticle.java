package io.ordo.deploy;

import io.ordo.config.NodeContext;
import io.ordo.config.OrdoConfig.HttpOptions;
import io.ordo.ops.OpsRoutes;
import io.ordo.queue.http.ApiRouter;
import io.ordo.queue.http.UnroutedRequests;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;

/**
 * The HTTP server of a JVM that serves no API (a runner or history JVM of a farm): just {@code
 * /health/live}, {@code /health/ready} and {@code /metrics}. Its connections and requests are
 * guarded, and what no route takes is answered, as on the API's server: requests its HTTP codec
 * refuses and paths it does not have get problem documents, {@code HEAD} is a {@code GET} without
 * its body.
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
    UnroutedRequests.mountOn(router);
    HttpOptions http = node.config().http();
    return ApiRouter.listen(vertx, ApiRouter.serverOptions(http), http.headerReadTimeout(), router)
        .onSuccess(s -> server = s);
  }
}
