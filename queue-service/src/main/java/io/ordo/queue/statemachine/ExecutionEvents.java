package io.ordo.queue.statemachine;

import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The events one advance of an execution adds to its history, numbered on from the execution's last
 * event id; they are written in the same transaction as the execution's new state.
 */
final class ExecutionEvents {
  private final String tenant;
  private final String executionId;
  private final Instant now;
  private final List<HistoryEvent> events = new ArrayList<>();
  private long lastEventId;

  ExecutionEvents(String tenant, String executionId, long lastEventId, Instant now) {
    this.tenant = tenant;
    this.executionId = executionId;
    this.lastEventId = lastEventId;
    this.now = now;
  }

  /**
   * Adds an event.
   *
   * @return its attributes, which the caller may still complete (e.g. with how a failure was
   *     handled) until the events are written
   */
  JsonObject add(HistoryEventType type, JsonObject attributes) {
    events.add(new HistoryEvent(tenant, executionId, ++lastEventId, type, now, attributes));
    return attributes;
  }

  long lastEventId() {
    return lastEventId;
  }

  List<HistoryEvent> events() {
    return events;
  }
}
