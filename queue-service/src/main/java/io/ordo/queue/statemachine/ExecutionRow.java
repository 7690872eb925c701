package io.ordo.queue.statemachine;

import io.ordo.statemachine.language.JsonValues;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * An execution as stored in {@code ordo_execution}.
 *
 * @param definition the definition it runs (the one its state machine had when it started)
 * @param deciderState the decider's state ({@link DeciderState} as JSON)
 * @param lastEventId the last event id of its history
 * @param timeoutAt when its TimeoutSeconds passes, or null
 * @param lockVersion the fencing version of the lock that read it
 */
record ExecutionRow(
    String tenant,
    String executionId,
    String stateMachine,
    String name,
    JsonObject definition,
    int revision,
    ExecutionStatus status,
    Object input,
    Object output,
    String error,
    String cause,
    Instant startDate,
    Instant stopDate,
    JsonObject deciderState,
    long lastEventId,
    Instant timeoutAt,
    long lockVersion) {

  ExecutionFacts facts() {
    return new ExecutionFacts(tenant, executionId, name, stateMachine, input, startDate);
  }

  /** The execution as the API shows it ({@code GET /executions/{id}}). */
  JsonObject view() {
    return new JsonObject()
        .put("executionId", executionId)
        .put("stateMachine", stateMachine)
        .put("name", name)
        .put("revision", revision)
        .put("status", status.name())
        .put("input", JsonValues.copy(input))
        .put("output", JsonValues.copy(output))
        .put("error", error)
        .put("cause", cause)
        .put("startDate", startDate.toString())
        .put("stopDate", stopDate == null ? null : stopDate.toString());
  }
}
