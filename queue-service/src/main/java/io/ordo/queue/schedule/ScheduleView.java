package io.ordo.queue.schedule;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/** A schedule as the API shows it. */
final class ScheduleView {
  private ScheduleView() {}

  /**
   * The schedule's spec, {@code paused}, {@code nextFireTimes[]} (empty while paused), {@code
   * recentFires[]} ({@code ScheduleFired}: fire time and message or execution id, newest first),
   * {@code recentSkips[]} ({@code ScheduleSkipped} with the reason) and {@code lastResult} (the
   * newest entry of either kind).
   */
  static JsonObject of(ScheduleRow row, List<ScheduleEvent> recent) {
    JsonArray fires = new JsonArray();
    JsonArray skips = new JsonArray();
    for (ScheduleEvent event : recent) {
      (ScheduleEvent.FIRED.equals(event.eventType()) ? fires : skips).add(event.toJson());
    }
    JsonArray next = new JsonArray();
    Schedules.nextFireTimes(row).forEach(t -> next.add(t.toString()));
    return new JsonObject()
        .put("scheduleId", row.scheduleId())
        .mergeIn(row.spec())
        .put("paused", row.paused())
        .put("nextFireTimes", next)
        .put(
            "bufferedFireTime",
            row.bufferedFireAt() == null ? null : row.bufferedFireAt().toString())
        .put("recentFires", fires)
        .put("recentSkips", skips)
        .put("lastResult", recent.isEmpty() ? null : recent.get(0).toJson())
        .put("createdAt", row.createdAt().toString())
        .put("updatedAt", row.updatedAt().toString());
  }
}
