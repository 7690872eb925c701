package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/**
 * One event of a task's or an execution's history (SWF's envelope): {@code eventId} (1, 2, 3, ...
 * without gaps), {@code eventTimestamp}, {@code eventType} and one attributes object named after
 * the type.
 *
 * @param eventId the event's number in its history
 * @param eventTimestamp when it happened
 * @param eventType e.g. {@code TaskStarted} or {@code ExecutionSucceeded}
 * @param attributes the type's attributes object (e.g. {@code taskStartedEventAttributes}), as
 *     plain Java; empty if it has none
 */
public record HistoryEvent(
    long eventId, Instant eventTimestamp, String eventType, Map<String, Object> attributes) {

  static HistoryEvent read(JsonNode json) {
    Json.object(json, "a history event");
    BigDecimal seconds = json.path("eventTimestamp").decimalValue();
    Instant timestamp =
        Instant.ofEpochSecond(
            seconds.longValue(), seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue());
    String type = Json.text(json, "eventType");
    Map<String, Object> attributes = Map.of();
    var names = json.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (name.endsWith("EventAttributes")) {
        attributes = Json.map(json, name);
      }
    }
    return new HistoryEvent(json.path("eventId").asLong(), timestamp, type, attributes);
  }
}
