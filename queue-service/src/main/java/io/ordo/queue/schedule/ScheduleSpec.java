package io.ordo.queue.schedule;

import static io.ordo.queue.schedule.TaskTemplate.invalid;

import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.function.BiFunction;

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
 * @param fireTimes the slots of {@code cron} in {@code zone}, or of {@code intervalSeconds} (the
 *     cron expression parsed once, when the spec is read)
 */
record ScheduleSpec(
    String cron,
    Integer intervalSeconds,
    ZoneId zone,
    TaskTemplate task,
    OverlapPolicy overlap,
    Duration catchupWindow,
    FireTimes fireTimes) {

  /** A slot fires if it is due by at most this long, unless the schedule says otherwise. */
  static final Duration DEFAULT_CATCHUP_WINDOW = Duration.ofMinutes(5);

  static final OverlapPolicy DEFAULT_OVERLAP = OverlapPolicy.SKIP;

  /** Reads a {@code PUT /schedules/{id}} body (already checked against the OpenAPI schema). */
  static ScheduleSpec parse(JsonObject body) {
    if (body.containsKey("intervalSeconds") && body.containsKey("timeZone")) {
      throw invalid(
          "timeZone applies to a cron expression only: intervals are aligned on the Unix epoch"
              + " (UTC), whatever the zone");
    }
    return read(body, CronFireTimes::parse);
  }

  /**
   * Reads a stored schedule ({@link #toJson()}): its cron expression as {@link
   * CronFireTimes#stored} reads it, not judged again by refusals added since it was put.
   */
  static ScheduleSpec stored(JsonObject spec) {
    return read(spec, CronFireTimes::stored);
  }

  private static ScheduleSpec read(
      JsonObject json, BiFunction<String, ZoneId, CronFireTimes> cronTimes) {
    String cron = json.getString("cron");
    Integer interval = json.getInteger("intervalSeconds");
    if ((cron == null) == (interval == null)) {
      throw invalid("give exactly one of cron and intervalSeconds");
    }
    ZoneId zone = zone(json.getString("timeZone", "UTC"));
    JsonObject task = json.getJsonObject("task");
    if (task == null) {
      throw invalid("task is required");
    }
    OverlapPolicy overlap =
        OverlapPolicy.valueOf(json.getString("overlapPolicy", DEFAULT_OVERLAP.name()));
    Integer catchup = json.getInteger("catchupWindowSeconds");
    TaskTemplate template = TaskTemplate.parse(task);
    String trimmed = cron == null ? null : cron.trim();
    return new ScheduleSpec(
        trimmed,
        interval,
        zone,
        template,
        overlap,
        catchup == null ? DEFAULT_CATCHUP_WINDOW : Duration.ofSeconds(catchup),
        trimmed == null ? new IntervalFireTimes(interval) : cronTimes(trimmed, zone, cronTimes));
  }

  private static FireTimes cronTimes(
      String cron, ZoneId zone, BiFunction<String, ZoneId, CronFireTimes> cronTimes) {
    try {
      return cronTimes.apply(cron, zone);
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
