package io.ordo.queue.statemachine;

import java.util.List;

/**
 * What one advance of an execution decided, to be saved in one transaction.
 *
 * @param status the execution's status afterwards
 * @param output its output, once SUCCEEDED
 * @param error its error, once FAILED, TIMED_OUT or ABORTED
 * @param cause the cause of that error
 * @param requests task messages to register
 * @param state the decider state to keep
 * @param events the history events to append
 */
record Decision(
    ExecutionStatus status,
    Object output,
    String error,
    String cause,
    List<TaskRequest> requests,
    DeciderState state,
    ExecutionEvents events) {}
