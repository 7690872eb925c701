package io.ordo.client.http;

import static io.ordo.client.http.HttpTaskManager.list;
import static io.ordo.client.http.HttpTaskManager.required;

import io.ordo.client.http.exception.NotFoundException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** {@link ScheduleManager} over the HTTP API. */
final class HttpScheduleManager implements ScheduleManager {
  private final Exchange exchange;

  HttpScheduleManager(Exchange exchange) {
    this.exchange = exchange;
  }

  // ---- the calls (PUT and GET are retried by default; trigger, a POST, is not)

  private static Call<Schedule> put(String scheduleId, ScheduleSpec spec) {
    return Call.put(schedule(scheduleId), required(spec, "spec").toBody(), Schedule::read);
  }

  private static Call<Schedule> get(String scheduleId) {
    return Call.get(schedule(scheduleId), Schedule::read);
  }

  private static Call<List<Schedule>> listAll() {
    return Call.get("/schedules", list(Schedule::read));
  }

  private static Call<Schedule> paused(String scheduleId, boolean paused) {
    return Call.put(schedule(scheduleId) + "/paused", Map.of("paused", paused), Schedule::read);
  }

  private static Call<ScheduleEvent> trigger(String scheduleId) {
    return Call.post(schedule(scheduleId) + "/trigger", null, ScheduleEvent::read);
  }

  /** A repeated delete answers false, as for an unknown schedule: safe to retry. */
  private static Call<Boolean> delete(String scheduleId) {
    return Call.delete(schedule(scheduleId), HttpTaskManager::removed)
        .answering(NotFoundException.CODE, false)
        .retryable();
  }

  private static String schedule(String scheduleId) {
    return "/schedules/" + Call.segment(required(scheduleId, "scheduleId"));
  }

  // ---- the methods

  @Override
  public Schedule putSchedule(String scheduleId, ScheduleSpec spec) {
    return exchange.call(put(scheduleId, spec));
  }

  @Override
  public CompletableFuture<Schedule> putScheduleAsync(String scheduleId, ScheduleSpec spec) {
    return exchange.callAsync(() -> put(scheduleId, spec));
  }

  @Override
  public Schedule getSchedule(String scheduleId) {
    return exchange.call(get(scheduleId));
  }

  @Override
  public CompletableFuture<Schedule> getScheduleAsync(String scheduleId) {
    return exchange.callAsync(() -> get(scheduleId));
  }

  @Override
  public List<Schedule> listSchedules() {
    return exchange.call(listAll());
  }

  @Override
  public CompletableFuture<List<Schedule>> listSchedulesAsync() {
    return exchange.callAsync(HttpScheduleManager::listAll);
  }

  @Override
  public Schedule pauseSchedule(String scheduleId) {
    return exchange.call(paused(scheduleId, true));
  }

  @Override
  public CompletableFuture<Schedule> pauseScheduleAsync(String scheduleId) {
    return exchange.callAsync(() -> paused(scheduleId, true));
  }

  @Override
  public Schedule resumeSchedule(String scheduleId) {
    return exchange.call(paused(scheduleId, false));
  }

  @Override
  public CompletableFuture<Schedule> resumeScheduleAsync(String scheduleId) {
    return exchange.callAsync(() -> paused(scheduleId, false));
  }

  @Override
  public ScheduleEvent triggerSchedule(String scheduleId) {
    return exchange.call(trigger(scheduleId));
  }

  @Override
  public CompletableFuture<ScheduleEvent> triggerScheduleAsync(String scheduleId) {
    return exchange.callAsync(() -> trigger(scheduleId));
  }

  @Override
  public boolean deleteSchedule(String scheduleId) {
    return exchange.call(delete(scheduleId));
  }

  @Override
  public CompletableFuture<Boolean> deleteScheduleAsync(String scheduleId) {
    return exchange.callAsync(() -> delete(scheduleId));
  }
}
