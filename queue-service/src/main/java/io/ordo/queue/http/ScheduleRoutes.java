package io.ordo.queue.http;

import static io.ordo.queue.http.BearerAuthHandler.caller;

import io.ordo.queue.QueueServices;
import io.ordo.queue.schedule.Schedules;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.openapi.router.RouterBuilder;

/** The recurring-schedule routes: {@code /schedules} and {@code /schedules/{scheduleId}/...}. */
final class ScheduleRoutes {
  private final Schedules schedules;

  ScheduleRoutes(QueueServices services) {
    this.schedules = services.schedules().schedules();
  }

  void mount(RouterBuilder builder) {
    builder.getRoute("listSchedules").addHandler(this::list);
    builder.getRoute("putSchedule").addHandler(this::put);
    builder.getRoute("getSchedule").addHandler(this::get);
    builder.getRoute("deleteSchedule").addHandler(this::delete);
    builder.getRoute("setSchedulePaused").addHandler(this::paused);
    builder.getRoute("triggerSchedule").addHandler(this::trigger);
  }

  private void list(RoutingContext rc) {
    Responses.reply(rc, 200, schedules.list(caller(rc)));
  }

  private void put(RoutingContext rc) {
    String id = rc.pathParam("scheduleId");
    Responses.saved(
        rc,
        "/api/v1/schedules/" + id,
        schedules.put(caller(rc), id, RequestGuard.jsonObject(rc)),
        saved -> saved.created(),
        saved -> saved.schedule());
  }

  private void get(RoutingContext rc) {
    Responses.reply(rc, 200, schedules.get(caller(rc), rc.pathParam("scheduleId")));
  }

  private void delete(RoutingContext rc) {
    Responses.noContent(rc, schedules.delete(caller(rc), rc.pathParam("scheduleId")));
  }

  private void paused(RoutingContext rc) {
    boolean paused = RequestGuard.jsonObject(rc).getBoolean("paused");
    Responses.reply(rc, 200, schedules.setPaused(caller(rc), rc.pathParam("scheduleId"), paused));
  }

  private void trigger(RoutingContext rc) {
    Responses.reply(rc, 200, schedules.trigger(caller(rc), rc.pathParam("scheduleId")));
  }
}
