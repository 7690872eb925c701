package io.ordo.ops;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.micrometer.PrometheusScrapingHandler;

/**
 * The routes every node serves without a token: {@code /health/live}, {@code /health/ready} and
 * {@code /metrics} (Prometheus text).
 */
public final class OpsRoutes {
  private OpsRoutes() {}

  public static void mount(Router router, HealthChecks health, PrometheusMeterRegistry registry) {
    router
        .get("/health/live")
        .handler(
            rc ->
                rc.response()
                    .putHeader("content-type", "application/json")
                    .end(new JsonObject().put("status", "UP").encode()));
    router
        .get("/health/ready")
        .handler(
            rc ->
                health
                    .run()
                    .onComplete(
                        report ->
                            rc.response()
                                .setStatusCode(report.result().up() ? 200 : 503)
                                .putHeader("content-type", "application/json")
                                .end(report.result().toJson().encode())));
    if (registry != null) {
      router.get("/metrics").handler(PrometheusScrapingHandler.create(registry));
    }
  }
}
