package io.ordo.queue.statemachine;

import java.time.Instant;

/**
 * What one step of the interpreter decided, and the execution row as that decision leaves it: both
 * computed where the step ran ({@link StepThreads}), so that only the save is left to the event
 * loop.
 */
record Decided(Decision decision, ExecutionRow after) {

  /**
   * @param before the execution row the step started from
   * @param now the step's time (an execution that ends now stops now)
   */
  static Decided of(ExecutionRow before, Decision decision, Instant now) {
    return new Decided(decision, after(before, decision, now));
  }

  /** The row as the decision leaves it (an execution that had ended keeps how it ended). */
  private static ExecutionRow after(ExecutionRow before, Decision decision, Instant now) {
    boolean keep = before.status().isFinal();
    return new ExecutionRow(
        before.tenant(),
        before.executionId(),
        before.stateMachine(),
        before.name(),
        before.definition(),
        before.revision(),
        keep ? before.status() : decision.status(),
        before.input(),
        keep ? before.output() : decision.output(),
        keep ? before.error() : decision.error(),
        keep ? before.cause() : decision.cause(),
        before.startDate(),
        keep ? before.stopDate() : decision.status().isFinal() ? now : null,
        decision.state().toJson(),
        decision.events().lastEventId(),
        before.timeoutAt(),
        before.lockVersion());
  }
}
