package io.ordo.queue.schedule;

import static io.ordo.db.SqlTimes.instant;

import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.time.Instant;
import java.util.UUID;

/**
 * An entry of a schedule's own history: {@code ScheduleFired} with the message or execution it
 * created, or {@code ScheduleSkipped} with why.
 *
 * @param fireTime the slot (or, for a trigger, the time of the trigger)
 * @param cause {@code schedule} for a slot, {@code trigger} for {@code POST .../trigger}
 * @param reason why a slot was skipped ({@link SkipReason}), or null
 * @param detail more about a skip (a refusal's text, how many slots were missed), or null
 */
record ScheduleEvent(
    String tenant,
    String scheduleId,
    String eventType,
    Instant fireTime,
    Instant recordedAt,
    String cause,
    UUID messageId,
    UUID executionId,
    String reason,
    String detail) {

  static final String FIRED = "ScheduleFired";
  static final String SKIPPED = "ScheduleSkipped";
  static final String BY_SCHEDULE = "schedule";
  static final String BY_TRIGGER = "trigger";

  static final String COLUMNS =
      "tenant, schedule_id, event_type, fire_time, recorded_at, cause, message_id, execution_id,"
          + " reason, detail";

  static ScheduleEvent fired(ScheduleRow s, Instant slot, Instant now, String cause, Run run) {
    return new ScheduleEvent(
        s.tenant(),
        s.scheduleId(),
        FIRED,
        slot,
        now,
        cause,
        run.isExecution() ? null : run.id(),
        run.isExecution() ? run.id() : null,
        null,
        null);
  }

  static ScheduleEvent skipped(
      ScheduleRow s, Instant slot, Instant now, String cause, SkipReason reason, String detail) {
    return new ScheduleEvent(
        s.tenant(), s.scheduleId(), SKIPPED, slot, now, cause, null, null, reason.name(), detail);
  }

  static ScheduleEvent of(Row row) {
    return new ScheduleEvent(
        row.getString("tenant"),
        row.getString("schedule_id"),
        row.getString("event_type"),
        instant(row.getOffsetDateTime("fire_time")),
        instant(row.getOffsetDateTime("recorded_at")),
        row.getString("cause"),
        row.getUUID("message_id"),
        row.getUUID("execution_id"),
        row.getString("reason"),
        row.getString("detail"));
  }

  JsonObject toJson() {
    JsonObject json =
        new JsonObject()
            .put("eventType", eventType)
            .put("fireTime", fireTime.toString())
            .put("recordedAt", recordedAt.toString())
            .put("cause", cause);
    if (messageId != null) {
      json.put("messageId", messageId.toString());
    }
    if (executionId != null) {
      json.put("executionId", executionId.toString());
    }
    if (reason != null) {
      json.put("reason", reason);
    }
    if (detail != null) {
      json.put("detail", detail);
    }
    return json;
  }
}
