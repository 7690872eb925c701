package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A recurring schedule as the server keeps it, with its next fire times and recent history.
 *
 * @param scheduleId its id
 * @param cron its cron expression; null for an interval schedule
 * @param intervalSeconds its interval; null for a cron schedule
 * @param timeZone the IANA time zone its cron expression is read in
 * @param task what each fire starts, as the API shows it ({@code queue}, {@code queueId}, {@code
 *     taskClassName} or {@code jsPath}, {@code parameter}, …, or {@code stateMachine} and {@code
 *     input})
 * @param overlapPolicy what a slot does while the previous run has not ended
 * @param catchupWindowSeconds how late a slot may still fire
 * @param paused whether it is paused
 * @param nextFireTimes its next 5 slots (empty while paused)
 * @param bufferedFireTime a slot kept by {@link OverlapPolicy#BUFFER_ONE}; else null
 * @param recentFires its recent fires, newest first
 * @param recentSkips its recent skipped slots, newest first
 * @param lastResult its newest history entry (fire or skip); null before the first
 * @param createdAt when it was created
 * @param updatedAt when it was last replaced, paused or resumed
 */
public record Schedule(
    String scheduleId,
    String cron,
    Long intervalSeconds,
    String timeZone,
    Map<String, Object> task,
    OverlapPolicy overlapPolicy,
    int catchupWindowSeconds,
    boolean paused,
    List<Instant> nextFireTimes,
    Instant bufferedFireTime,
    List<ScheduleEvent> recentFires,
    List<ScheduleEvent> recentSkips,
    ScheduleEvent lastResult,
    Instant createdAt,
    Instant updatedAt) {

  static Schedule read(JsonNode json) {
    Json.object(json, "a schedule");
    JsonNode interval = json.get("intervalSeconds");
    String overlap = Json.text(json, "overlapPolicy");
    JsonNode last = json.get("lastResult");
    return new Schedule(
        Json.requiredText(json, "scheduleId"),
        Json.text(json, "cron"),
        interval == null || !interval.isNumber() ? null : interval.asLong(),
        Json.text(json, "timeZone"),
        Json.map(json, "task"),
        overlap == null ? OverlapPolicy.SKIP : OverlapPolicy.valueOf(overlap),
        Json.integer(json, "catchupWindowSeconds", 0),
        Json.bool(json, "paused"),
        Json.strings(json, "nextFireTimes").stream().map(Instant::parse).toList(),
        Json.instant(json, "bufferedFireTime"),
        events(json.get("recentFires")),
        events(json.get("recentSkips")),
        last == null || !last.isObject() ? null : ScheduleEvent.read(last),
        Json.instant(json, "createdAt"),
        Json.instant(json, "updatedAt"));
  }

  private static List<ScheduleEvent> events(JsonNode array) {
    return array == null ? List.of() : HttpTaskManager.list(ScheduleEvent::read).apply(array);
  }
}
