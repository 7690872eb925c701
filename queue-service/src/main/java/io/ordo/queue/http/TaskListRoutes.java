package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.model.Caller;
import io.ordo.model.QueueKind;
import io.ordo.queue.QueueServices;
import io.ordo.queue.registration.RequestMeta;
import io.ordo.queue.statemachine.ExecutionStatus;
import io.ordo.queue.store.TaskFilter;
import io.ordo.queue.store.TaskStatus;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The lists across queues and state machines ({@code GET /tasks}, {@code GET /executions}) and the
 * re-run of a finished task ({@code POST /tasks/{messageId}/rerun}).
 */
final class TaskListRoutes {
  private static final int DEFAULT_LIMIT = 100;

  private final QueueServices services;
  private final Clock clock;
  private final PageTokens tokens;

  TaskListRoutes(QueueServices services, Clock clock, PageTokens tokens) {
    this.services = services;
    this.clock = clock;
    this.tokens = tokens;
  }

  void mount(RouterBuilder builder) {
    builder.getRoute("listTasks").addHandler(this::tasks);
    builder.getRoute("rerunTask").addHandler(this::rerun);
    builder.getRoute("listAllExecutions").addHandler(this::executions);
  }

  private void tasks(RoutingContext rc) {
    Caller caller = caller(rc);
    String queue = rc.queryParams().get("queue");
    Instant since = ListParams.time(rc, "since");
    Instant until = ListParams.time(rc, "until");
    ListParams.window(since, until);
    TaskFilter filter =
        new TaskFilter(
            ListParams.enums(rc, "status", TaskStatus.class),
            queue == null ? null : QueueKind.fromApiName(queue),
            rc.queryParams().get("queueId"),
            className(rc.queryParams().get("taskClassName")),
            rc.queryParams().get("jsPath"),
            ListParams.uuid(rc, "executionId"),
            since,
            until);
    Responses.reply(
        rc,
        200,
        services
            .taskList()
            .list(
                caller,
                filter,
                tokens.decode("tasks", caller.tenant(), rc.queryParams().get("nextPageToken")),
                Responses.intParam(rc, "limit", DEFAULT_LIMIT))
            .map(
                page ->
                    new JsonObject()
                        .put("tasks", new JsonArray(page.tasks()))
                        .put(
                            "nextPageToken",
                            tokens.encode("tasks", caller.tenant(), page.next()))));
  }

  /**
   * The class name a {@code taskClassName} filter names: an alias the runners published (as a
   * registration takes it) is the class it stands for; any other name is taken as it is, since a
   * class no runner knows now may still have tasks.
   */
  private String className(String name) {
    TaskTypeInfo type = name == null ? null : services.catalog().cached(name);
    return type == null || type.taskClassName() == null ? name : type.taskClassName();
  }

  private void rerun(RoutingContext rc) {
    Responses.task(
        rc,
        201,
        services
            .registrations()
            .rerun(
                caller(rc),
                rc.pathParam("messageId"),
                new RequestMeta(
                    clock.instant(),
                    rc.request().getHeader("traceparent"),
                    rc.request().getHeader("Accept-Language"),
                    rc.request().getHeader("Idempotency-Key"))));
  }

  private void executions(RoutingContext rc) {
    Caller caller = caller(rc);
    Instant since = ListParams.time(rc, "since");
    Instant until = ListParams.time(rc, "until");
    ListParams.window(since, until);
    Set<String> statuses =
        ListParams.enums(rc, "status", ExecutionStatus.class).stream()
            .map(Enum::name)
            .collect(Collectors.toSet());
    Responses.reply(
        rc,
        200,
        services
            .stateMachines()
            .executions()
            .listAll(
                caller,
                statuses,
                rc.queryParams().get("stateMachine"),
                since,
                until,
                tokens.decode("executions", caller.tenant(), rc.queryParams().get("nextPageToken")),
                Responses.intParam(rc, "limit", DEFAULT_LIMIT))
            .map(
                page ->
                    new JsonObject()
                        .put("executions", new JsonArray(page.executions()))
                        .put(
                            "nextPageToken",
                            tokens.encode("executions", caller.tenant(), page.next()))));
  }
}
