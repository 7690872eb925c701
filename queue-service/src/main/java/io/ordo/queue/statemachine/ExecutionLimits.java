package io.ordo.queue.statemachine;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.ordo.parameter.ParameterLimits;
import java.time.Instant;

/**
 * The bounds an execution runs within.
 *
 * @param execution its history, the transitions of one advance, the size of its data
 * @param parameter what a Task state may hand its task, as a message registered directly may carry
 */
record ExecutionLimits(StateMachineOptions execution, ParameterLimits parameter) {

  /** Starts the events of one advance, numbered on from {@code lastEventId}. */
  ExecutionEvents events(String tenant, String executionId, long lastEventId, Instant now) {
    return new ExecutionEvents(tenant, executionId, lastEventId, now, execution);
  }

  /**
   * Refuses an execution's input that its first event could not hold.
   *
   * @throws TaskControlException 400 invalid_request if it nests too deep, 413 payload_too_large if
   *     it is too large
   */
  void checkInput(Object input) {
    String what = "the execution's input";
    String deep = DataBounds.tooDeep(what, input);
    if (deep != null) {
      throw new TaskControlException(ErrorCode.INVALID_REQUEST, deep);
    }
    DataBounds data = new DataBounds(execution.maxDataBytes());
    long bytes = DataBounds.bytes(input);
    if (bytes > data.maxBytes()) {
      throw new TaskControlException(ErrorCode.PAYLOAD_TOO_LARGE, data.tooLarge(what, bytes));
    }
  }
}
