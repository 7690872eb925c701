package io.ordo.ops;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.PrometheusScrapingHandler;

/**
 * The routes every node serves without a token: {@code /health/live}, {@code /health/ready} and
 * {@code /metrics} (Prometheus text).
 */
public final class OpsRoutes {
  private OpsRoutes() {}

  public static void mount(
      Router router,
      HealthChecks readiness,
      HealthChecks liveness,
      PrometheusMeterRegistry registry) {
    router.get("/health/live").handler(rc -> answer(rc, liveness));
    router.get("/health/ready").handler(rc -> answer(rc, readiness));
    if (registry != null) {
      router.get("/metrics").handler(PrometheusScrapingHandler.create(registry));
    }
  }

  /** Runs the checks; 200 if they pass, 503 if not, with each check's status and reason. */
  private static void answer(RoutingContext rc, HealthChecks checks) {
    checks
        .run()
        .onComplete(
            report ->
                rc.response()
                    .setStatusCode(report.result().up() ? 200 : 503)
                    .putHeader("content-type", "application/json")
                    .end(report.result().toJson().encode()));
  }
}
