package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * An entry of a schedule's own history: a fire ({@code ScheduleFired}) or a skipped slot ({@code
 * ScheduleSkipped}).
 *
 * @param eventType {@code ScheduleFired} or {@code ScheduleSkipped}
 * @param fireTime the slot (or, for a trigger, the time it was triggered)
 * @param recordedAt when the entry was written
 * @param cause {@code schedule} or {@code trigger}
 * @param messageId the task message a fire registered; else null
 * @param executionId the execution a fire started; else null
 * @param reason why a slot was skipped ({@code OVERLAP}, {@code BUFFER_FULL}, {@code MISSED},
 *     {@code CATCHUP_WINDOW_PASSED}, {@code REFUSED}); null for a fire
 * @param detail what refused a skipped slot; else null
 */
public record ScheduleEvent(
    String eventType,
    Instant fireTime,
    Instant recordedAt,
    String cause,
    String messageId,
    String executionId,
    String reason,
    String detail) {
  /** Whether this entry is a fire (not a skip). */
  public boolean isFired() {
    return "ScheduleFired".equals(eventType);
  }

  static ScheduleEvent read(JsonNode json) {
    Json.object(json, "a schedule event");
    return new ScheduleEvent(
        Json.requiredText(json, "eventType"),
        Json.instant(json, "fireTime"),
        Json.instant(json, "recordedAt"),
        Json.text(json, "cause"),
        Json.text(json, "messageId"),
        Json.text(json, "executionId"),
        Json.text(json, "reason"),
        Json.text(json, "detail"));
  }
}
