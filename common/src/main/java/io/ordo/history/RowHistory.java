package io.ordo.history;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The history events a message's row keeps while it lives (migration V26): its {@code
 * TaskScheduled}, and its current hold's {@code TaskAccepted} and {@code TaskStarted}. A row that
 * an Ordo before V26 wrote keeps none of them (its events are rows of {@code ordo_history_event}).
 *
 * @param scheduled {@code TaskScheduled}'s attributes without the parameter; null if it is a row
 * @param receivedAt the message's received time ({@code TaskScheduled}'s time)
 * @param acceptedEventId the current hold's {@code TaskAccepted} id; null: none kept
 * @param acceptedAt its time
 * @param node the runner node holding the message
 * @param version the hold's fencing token (lock version)
 * @param startedEventId the current attempt's {@code TaskStarted} id (kept with the hold's {@code
 *     TaskAccepted}); null: not started
 * @param startedAt its time
 * @param attempt the attempt it started
 */
public record RowHistory(
    String tenant,
    String messageId,
    JsonObject scheduled,
    Instant receivedAt,
    Long acceptedEventId,
    Instant acceptedAt,
    String node,
    long version,
    Long startedEventId,
    Instant startedAt,
    int attempt) {

  /** Every event the row keeps, in the order of their ids. */
  public List<HistoryEvent> events() {
    List<HistoryEvent> events = new ArrayList<>(3);
    if (scheduled != null) {
      events.add(
          new HistoryEvent(
              tenant, messageId, 1, HistoryEventType.TaskScheduled, receivedAt, scheduled));
    }
    events.addAll(holdEvents());
    return events;
  }

  /**
   * The current hold's events ({@code TaskAccepted}, and {@code TaskStarted} once it started): what
   * a statement giving the hold up writes as rows before the row forgets them.
   */
  public List<HistoryEvent> holdEvents() {
    if (acceptedEventId == null) {
      return List.of();
    }
    JsonObject accepted =
        new JsonObject().put("node", node).put("scheduledEventId", 1).put("fencingToken", version);
    HistoryEvent acceptance =
        new HistoryEvent(
            tenant,
            messageId,
            acceptedEventId,
            HistoryEventType.TaskAccepted,
            acceptedAt,
            accepted);
    if (startedEventId == null) {
      return List.of(acceptance);
    }
    return List.of(
        acceptance,
        new HistoryEvent(
            tenant,
            messageId,
            startedEventId,
            HistoryEventType.TaskStarted,
            startedAt,
            accepted.copy().put("attempt", attempt)));
  }
}
