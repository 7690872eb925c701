package io.ordo.history;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * One history event in SWF's envelope: {@code eventId} (1, 2, 3… within its history), {@code
 * eventTimestamp} (epoch seconds with a millisecond fraction), {@code eventType} and one attributes
 * object named after the type.
 *
 * @param tenant the tenant owning the history
 * @param executionId the message id (or state-machine execution id) whose history this is
 * @param eventId the event's position in its history, from 1, without gaps
 * @param type the event type
 * @param time when it happened
 * @param attributes the type's data and the ids of related events
 */
public record HistoryEvent(
    String tenant,
    String executionId,
    long eventId,
    HistoryEventType type,
    Instant time,
    JsonObject attributes) {

  public JsonObject toJson() {
    return new JsonObject()
        .put("eventId", eventId)
        .put("eventTimestamp", epochSeconds(time))
        .put("eventType", type.name())
        .put(type.attributesKey(), attributes);
  }

  /** SWF's timestamp form: seconds since the epoch with a millisecond fraction (1326671603.102). */
  public static BigDecimal epochSeconds(Instant time) {
    return BigDecimal.valueOf(time.toEpochMilli(), 3);
  }
}
