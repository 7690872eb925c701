package io.ordo.queue.statemachine;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.statemachine.language.StatesError;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The events one advance of an execution adds to its history, numbered on from the execution's last
 * event id; they are written in the same transaction as the execution's new state.
 *
 * <p>Every event passes the execution's bounds here, the one place all of them go through: the
 * history holds at most {@code maxHistoryEvents} events (then only the events that close it are
 * added), each value in an event is bounded by {@link DataBounds}, and one advance writes at most
 * {@code maxStepBytes} of them. Past a bound, {@link #add} throws {@link ExecutionLimitExceeded}.
 */
final class ExecutionEvents {
  private final String tenant;
  private final String executionId;
  private final Instant now;
  private final StateMachineOptions limits;
  private final DataBounds data;
  private final List<HistoryEvent> events = new ArrayList<>();
  private long lastEventId;
  private long bytes;
  private boolean closing;

  ExecutionEvents(
      String tenant,
      String executionId,
      long lastEventId,
      Instant now,
      StateMachineOptions limits) {
    this.tenant = tenant;
    this.executionId = executionId;
    this.lastEventId = lastEventId;
    this.now = now;
    this.limits = limits;
    this.data = new DataBounds(limits.maxDataBytes());
  }

  /**
   * Adds an event.
   *
   * @return its attributes, which the caller may still complete (e.g. with how a failure was
   *     handled) until the events are written
   * @throws ExecutionLimitExceeded if the event goes past one of the execution's bounds (it is not
   *     added)
   */
  JsonObject add(HistoryEventType type, JsonObject attributes) {
    if (!closing) {
      check(type, attributes);
    }
    events.add(new HistoryEvent(tenant, executionId, ++lastEventId, type, now, attributes));
    return attributes;
  }

  private void check(HistoryEventType type, JsonObject attributes) {
    if (lastEventId >= limits.maxHistoryEvents()) {
      throw new ExecutionLimitExceeded(
          StatesError.RUNTIME,
          "the execution's history reached its limit of "
              + limits.maxHistoryEvents()
              + " events (state-machines.max-history-events)");
    }
    long size = 0;
    for (Map.Entry<String, Object> attribute : attributes) {
      size += data.measure("the " + attribute.getKey() + " of " + type, attribute.getValue());
    }
    if (bytes + size > limits.maxStepBytes()) {
      throw new ExecutionLimitExceeded(
          StatesError.RUNTIME,
          "one step of the execution wrote more than "
              + limits.maxStepBytes()
              + " bytes of state data to its history (state-machines.max-step-bytes)");
    }
    bytes += size;
  }

  /**
   * From now on, events are added unchecked: those that close the execution (the aborts of what
   * still runs, how it ended) are always written. Their data has passed the bounds already, in the
   * events that led there.
   */
  void closing() {
    closing = true;
  }

  long lastEventId() {
    return lastEventId;
  }

  List<HistoryEvent> events() {
    return events;
  }
}
