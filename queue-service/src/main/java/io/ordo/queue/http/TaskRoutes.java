package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.model.QueueKind;
import io.ordo.queue.QueueServices;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;

/** The task routes of SPEC 8: task info, removal, the status snapshot and the task types. */
final class TaskRoutes {
  private static final int DEFAULT_LIMIT = 100;

  private final QueueServices services;

  TaskRoutes(QueueServices services) {
    this.services = services;
  }

  void mount(RouterBuilder builder) {
    builder.getRoute("getTask").addHandler(this::task);
    builder.getRoute("removeTask").addHandler(this::remove);
    builder.getRoute("getStatus").addHandler(this::status);
    builder.getRoute("listTaskTypes").addHandler(this::taskTypes);
    builder.getRoute("releaseTask").addHandler(rc -> end(rc, false));
    builder.getRoute("stopTask").addHandler(rc -> end(rc, true));
    builder.getRoute("getTaskHistory").addHandler(this::history);
  }

  private void task(RoutingContext rc) {
    Responses.task(rc, 200, services.reader().task(caller(rc), rc.pathParam("messageId")));
  }

  private void remove(RoutingContext rc) {
    String queue = rc.queryParams().get("queue");
    Responses.noContent(
        rc,
        services
            .tasks()
            .remove(
                caller(rc),
                rc.pathParam("messageId"),
                queue == null ? null : QueueKind.fromApiName(queue)));
  }

  private void end(RoutingContext rc, boolean forced) {
    JsonObject body = RequestGuard.jsonObject(rc);
    String queue = rc.queryParams().get("queue");
    Responses.task(
        rc,
        200,
        services
            .control()
            .end(
                caller(rc),
                rc.pathParam("messageId"),
                queue == null ? null : QueueKind.fromApiName(queue),
                forced,
                body.getBoolean("reentry", false),
                body.getBoolean("stop", false)));
  }

  private void history(RoutingContext rc) {
    Responses.reply(
        rc,
        200,
        services
            .history()
            .taskHistory(
                caller(rc),
                rc.pathParam("messageId"),
                Responses.boolParam(rc, "reverseOrder", false),
                Responses.intParam(rc, "maximumPageSize", 100),
                rc.queryParams().get("nextPageToken")));
  }

  private void status(RoutingContext rc) {
    Responses.reply(
        rc,
        200,
        services.reader().status(caller(rc), Responses.intParam(rc, "limit", DEFAULT_LIMIT)));
  }

  private void taskTypes(RoutingContext rc) {
    Responses.reply(
        rc, 200, services.catalog().refresh().compose(v -> services.catalog().describe()));
  }
}
