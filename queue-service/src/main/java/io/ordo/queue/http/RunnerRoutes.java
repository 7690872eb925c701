package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.queue.QueueServices;
import io.ordo.queue.management.RunnerList;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;

/** The farm's runners: {@code GET /runners}. */
final class RunnerRoutes {
  private final RunnerList runners;

  RunnerRoutes(QueueServices services) {
    this.runners = services.runners();
  }

  void mount(RouterBuilder builder) {
    builder.getRoute("listRunners").addHandler(this::list);
  }

  private void list(RoutingContext rc) {
    Responses.reply(rc, 200, runners.list(caller(rc)));
  }
}
