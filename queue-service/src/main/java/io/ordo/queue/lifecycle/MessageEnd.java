package io.ordo.queue.lifecycle;

import io.ordo.history.HistoryEventType;
import io.ordo.model.TaskInfo;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;

/**
 * Ends a message that left the task table with an outcome: completed, failed, timed out, or failed
 * after its runners' leases expired too often. Writes its terminal events, numbered on from its
 * last event; stops its serial queue when a failure ends a message registered with {@code
 * stopProgressOnError}; closes its history with the outcome; counts each transition once the
 * transaction commits. Every way a message ends goes through here, so the rules live in one place.
 */
public final class MessageEnd {

  /** One terminal event: its type and attributes. */
  public record Event(HistoryEventType type, JsonObject attributes) {}

  private final QueueMetrics metrics;

  public MessageEnd(QueueMetrics metrics) {
    this.metrics = metrics;
  }

  /**
   * @param lastEventId the message's last event id before these events
   * @param failure why its queue stops if this outcome is a failure and the message asked for it
   *     ({@code QueueDeactivated}'s reason); null for a success
   * @param outcome the outcome its history closes with
   * @param counted the transitions to count, in order (e.g. {@code lease_expired}, {@code failed})
   * @return the id of the last event written
   */
  public long end(
      Transition transition,
      String tenant,
      TaskInfo info,
      long lastEventId,
      Instant time,
      List<Event> events,
      String failure,
      JsonObject outcome,
      String... counted) {
    long eventId = lastEventId;
    for (Event event : events) {
      transition.event(tenant, info.messageId(), ++eventId, event.type(), time, event.attributes());
    }
    if (failure != null && Boolean.TRUE.equals(info.stopProgressOnError())) {
      transition.stopQueue(tenant, info, ++eventId, time, failure, true);
    }
    transition.dispose(tenant, info, time, eventId, outcome);
    for (String name : counted) {
      transition.afterCommit(() -> metrics.transition(tenant, info.queue(), name));
    }
    return eventId;
  }
}
