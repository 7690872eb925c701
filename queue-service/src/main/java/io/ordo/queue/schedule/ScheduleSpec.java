package io.ordo.queue.schedule;

import static io.ordo.queue.schedule.TaskTemplate.invalid;

import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;

/**
 * A schedule as its owner gave it, validated: when it fires (a cron expression in a time zone, or a
 * fixed interval), what each fire starts, and how it treats overlapping and missed runs.
 *
 * @param cron the cron expression (5 or 6 fields), or null for an interval
 * @param intervalSeconds the interval, or null for a cron expression
 * @param zone the time zone the cron expression is read in (UTC by default)
 * @param task what each fire starts
 * @param overlap what a slot does while the previous run has not ended
 * @param catchupWindow how late a slot may still fire (after downtime); later it is skipped
 */
record ScheduleSpec(
    String cron,
    Integer intervalSeconds,
    ZoneId zone,
    TaskTemplate task,
    OverlapPolicy overlap,
    Duration catchupWindow) {

  /** A slot fires if it is due by at most this long, unless the schedule says otherwise. */
  static final Duration DEFAULT_CATCHUP_WINDOW = Duration.ofMinutes(5);

  static final OverlapPolicy DEFAULT_OVERLAP = OverlapPolicy.SKIP;

  /** Reads a {@code PUT /schedules/{id}} body (already checked against the OpenAPI schema). */
  static ScheduleSpec parse(JsonObject body) {
    String cron = body.getString("cron");
    Integer interval = body.getInteger("intervalSeconds");
    if ((cron == null) == (interval == null)) {
      throw invalid("give exactly one of cron and intervalSeconds");
    }
    ZoneId zone = zone(body.getString("timeZone", "UTC"));
    JsonObject task = body.getJsonObject("task");
    if (task == null) {
      throw invalid("task is required");
    }
    OverlapPolicy overlap =
        OverlapPolicy.valueOf(body.getString("overlapPolicy", DEFAULT_OVERLAP.name()));
    Integer catchup = body.getInteger("catchupWindowSeconds");
    ScheduleSpec spec =
        new ScheduleSpec(
            cron == null ? null : cron.trim(),
            interval,
            zone,
            TaskTemplate.parse(task),
            overlap,
            catchup == null ? DEFAULT_CATCHUP_WINDOW : Duration.ofSeconds(catchup));
    spec.fireTimes(); // refuses a cron expression that does not parse
    return spec;
  }

  /** The slots of this schedule. */
  FireTimes fireTimes() {
    if (cron == null) {
      return new IntervalFireTimes(intervalSeconds);
    }
    try {
      return CronFireTimes.parse(cron, zone);
    } catch (IllegalArgumentException e) {
      throw invalid("cron '" + cron + "' is not a valid cron expression: " + e.getMessage());
    }
  }

  JsonObject toJson() {
    JsonObject json = new JsonObject();
    if (cron != null) {
      json.put("cron", cron);
    } else {
      json.put("intervalSeconds", intervalSeconds);
    }
    return json.put("timeZone", zone.getId())
        .put("task", task.toJson())
        .put("overlapPolicy", overlap.name())
        .put("catchupWindowSeconds", catchupWindow.toSeconds());
  }

  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw invalid("timeZone is not a time zone id (e.g. Europe/Berlin): " + id);
    }
  }
}
