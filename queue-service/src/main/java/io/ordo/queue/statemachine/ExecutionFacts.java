package io.ordo.queue.statemachine;

import io.ordo.statemachine.language.JsonValues;
import io.vertx.core.json.JsonObject;
import java.time.Instant;

/**
 * What never changes about an execution: what the decider needs besides its state, and what the
 * context object ({@code $$}) shows.
 *
 * @param tenant the tenant it belongs to
 * @param executionId its id (also its history's id)
 * @param name its name, unique per state machine
 * @param stateMachine the state machine's name
 * @param input the execution's input
 * @param startDate when it started
 */
record ExecutionFacts(
    String tenant,
    String executionId,
    String name,
    String stateMachine,
    Object input,
    Instant startDate) {

  /** The context object's Execution and StateMachine members; the decider adds State. */
  JsonObject context() {
    return new JsonObject()
        .put(
            "Execution",
            new JsonObject()
                .put("Id", executionId)
                .put("Name", name)
                .put("Input", JsonValues.copy(input))
                .put("StartTime", startDate.toString()))
        .put("StateMachine", new JsonObject().put("Id", stateMachine).put("Name", stateMachine));
  }
}
