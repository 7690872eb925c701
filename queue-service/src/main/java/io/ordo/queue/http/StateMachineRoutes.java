package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.lock.LockRetryPolicy;
import io.ordo.queue.QueueServices;
import io.ordo.queue.statemachine.Executions;
import io.ordo.queue.statemachine.StateMachines;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;

/**
 * The state-machine routes of SPEC 8: definitions, executions (start, describe, stop) and their
 * histories.
 */
final class StateMachineRoutes {
  private static final int DEFAULT_LIMIT = 100;

  private final StateMachines stateMachines;
  private final Executions executions;

  StateMachineRoutes(QueueServices services) {
    this.stateMachines = services.stateMachines().stateMachines();
    this.executions = services.stateMachines().executions();
  }

  void mount(RouterBuilder builder) {
    builder.getRoute("listStateMachines").addHandler(this::list);
    builder.getRoute("putStateMachine").addHandler(this::put);
    builder.getRoute("getStateMachine").addHandler(this::get);
    builder.getRoute("listExecutions").addHandler(this::executions);
    builder.getRoute("startExecution").addHandler(this::start);
    builder.getRoute("getExecution").addHandler(this::execution);
    builder.getRoute("stopExecution").addHandler(this::stop);
    builder.getRoute("getExecutionHistory").addHandler(this::history);
  }

  private void list(RoutingContext rc) {
    Responses.reply(
        rc, 200, stateMachines.list(caller(rc), Responses.intParam(rc, "limit", DEFAULT_LIMIT)));
  }

  private void executions(RoutingContext rc) {
    Responses.reply(
        rc,
        200,
        executions.list(
            caller(rc), rc.pathParam("name"), Responses.intParam(rc, "limit", DEFAULT_LIMIT)));
  }

  private void put(RoutingContext rc) {
    String name = rc.pathParam("name");
    Responses.saved(
        rc,
        "/api/v1/state-machines/" + name,
        stateMachines.put(caller(rc), name, RequestGuard.jsonObject(rc).getValue("definition")),
        saved -> saved.created(),
        saved -> saved.stateMachine());
  }

  private void get(RoutingContext rc) {
    Responses.reply(rc, 200, stateMachines.get(caller(rc), rc.pathParam("name")));
  }

  private void start(RoutingContext rc) {
    Future<Executions.Started> started =
        executions.start(caller(rc), rc.pathParam("name"), RequestGuard.jsonObjectOrEmpty(rc));
    started.onComplete(
        done -> {
          if (done.failed()) {
            rc.fail(done.cause());
            return;
          }
          JsonObject execution = done.result().execution();
          rc.response()
              .putHeader("Location", "/api/v1/executions/" + execution.getString("executionId"));
          Responses.json(rc, done.result().created() ? 201 : 200, execution);
        });
  }

  private void execution(RoutingContext rc) {
    Responses.reply(rc, 200, executions.describe(caller(rc), rc.pathParam("executionId")));
  }

  private void stop(RoutingContext rc) {
    JsonObject body = RequestGuard.jsonObjectOrEmpty(rc);
    String lockRetry = rc.queryParams().get("lockRetry");
    Responses.reply(
        rc,
        200,
        executions.stop(
            caller(rc),
            rc.pathParam("executionId"),
            body.getString("error"),
            body.getString("cause"),
            lockRetry == null ? null : LockRetryPolicy.named(lockRetry)));
  }

  private void history(RoutingContext rc) {
    Responses.reply(
        rc,
        200,
        executions.history(
            caller(rc),
            rc.pathParam("executionId"),
            Responses.boolParam(rc, "reverseOrder", false),
            Responses.intParam(rc, "maximumPageSize", 100),
            rc.queryParams().get("nextPageToken")));
  }
}
