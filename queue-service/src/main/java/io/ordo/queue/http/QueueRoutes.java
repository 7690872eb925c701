package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.QueueKind;
import io.ordo.queue.QueueServices;
import io.ordo.queue.registration.RequestMeta;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.QueueStore;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/** The queue routes of SPEC 8: registration into queues, queue state, queue info. */
final class QueueRoutes {
  private static final int DEFAULT_LIMIT = 100;
  private static final Duration DEFAULT_WINDOW = Duration.ofHours(1);
  private static final Duration MAX_WINDOW = Duration.ofDays(1);

  private final QueueServices services;
  private final Clock clock;

  QueueRoutes(QueueServices services, Clock clock) {
    this.services = services;
    this.clock = clock;
  }

  void mount(RouterBuilder builder) {
    builder.getRoute("registerParallelTask").addHandler(this::registerParallel);
    builder.getRoute("setParallelQueueActive").addHandler(this::setParallelActive);
    builder.getRoute("getParallelQueue").addHandler(this::parallelQueue);
    builder.getRoute("addSerialQueue").addHandler(this::addSerial);
    builder.getRoute("listSerialQueues").addHandler(this::serialQueues);
    builder.getRoute("getSerialQueue").addHandler(this::serialQueue);
    builder.getRoute("setSerialQueueActive").addHandler(this::setSerialActive);
    builder.getRoute("removeSerialQueue").addHandler(this::removeSerial);
    builder.getRoute("registerSerialTask").addHandler(this::registerSerial);
    builder.getRoute("getQueueStats").addHandler(this::queueStats);
  }

  private void queueStats(RoutingContext rc) {
    Responses.reply(rc, 200, services.reader().figures(caller(rc), window(rc)));
  }

  /** {@code ?window=}: an ISO-8601 duration from a minute to a day, an hour unless given. */
  private static Duration window(RoutingContext rc) {
    String value = rc.queryParams().get("window");
    if (value == null) {
      return DEFAULT_WINDOW;
    }
    try {
      Duration window = Duration.parse(value.trim());
      if (window.compareTo(Duration.ofMinutes(1)) >= 0 && window.compareTo(MAX_WINDOW) <= 0) {
        return window;
      }
    } catch (DateTimeParseException e) {
      // answered below
    }
    throw new TaskControlException(
        ErrorCode.INVALID_REQUEST,
        "query parameter window must be an ISO-8601 duration from PT1M to PT24H, such as PT1H");
  }

  private void registerParallel(RoutingContext rc) {
    Responses.task(
        rc,
        201,
        services
            .registrations()
            .register(
                caller(rc),
                QueueKind.PARALLEL,
                QueueStore.PARALLEL_QUEUE_ID,
                RequestGuard.jsonObject(rc),
                meta(rc)));
  }

  private void registerSerial(RoutingContext rc) {
    Responses.task(
        rc,
        201,
        services
            .registrations()
            .register(
                caller(rc),
                QueueKind.SERIAL,
                rc.pathParam("queueId"),
                RequestGuard.jsonObject(rc),
                meta(rc)));
  }

  private void setParallelActive(RoutingContext rc) {
    boolean active = RequestGuard.jsonObject(rc).getBoolean("active");
    Responses.reply(
        rc,
        200,
        services.queues().setParallelActive(caller(rc), active).map(QueueRoutes::activeState));
  }

  private void setSerialActive(RoutingContext rc) {
    boolean active = RequestGuard.jsonObject(rc).getBoolean("active");
    Responses.reply(
        rc,
        200,
        services
            .queues()
            .setSerialActive(caller(rc), rc.pathParam("queueId"), active)
            .map(QueueRoutes::activeState));
  }

  private void parallelQueue(RoutingContext rc) {
    Responses.reply(
        rc,
        200,
        services
            .reader()
            .parallelQueue(
                caller(rc),
                Responses.intParam(rc, "limit", DEFAULT_LIMIT),
                rc.queryParams().get("waitingPageToken")));
  }

  private void addSerial(RoutingContext rc) {
    JsonObject body = RequestGuard.jsonObject(rc);
    String queueId = body.getString("queueId");
    Responses.reply(
        rc,
        201,
        services
            .queues()
            .addSerial(caller(rc), queueId, body.getBoolean("active", true))
            .compose(added -> services.reader().addedSerialQueue(added, DEFAULT_LIMIT)));
  }

  private void serialQueues(RoutingContext rc) {
    Responses.reply(rc, 200, services.reader().serialQueues(caller(rc)));
  }

  private void serialQueue(RoutingContext rc) {
    Responses.reply(
        rc,
        200,
        services
            .reader()
            .serialQueue(
                caller(rc),
                rc.pathParam("queueId"),
                Responses.intParam(rc, "limit", DEFAULT_LIMIT),
                rc.queryParams().get("waitingPageToken")));
  }

  private void removeSerial(RoutingContext rc) {
    Responses.noContent(rc, services.queues().removeSerial(caller(rc), rc.pathParam("queueId")));
  }

  private RequestMeta meta(RoutingContext rc) {
    return new RequestMeta(
        clock.instant(),
        rc.request().getHeader("traceparent"),
        rc.request().getHeader("Accept-Language"),
        rc.request().getHeader("Idempotency-Key"));
  }

  private static JsonObject activeState(QueueRow queue) {
    return new JsonObject().put("isActive", queue.active());
  }
}
