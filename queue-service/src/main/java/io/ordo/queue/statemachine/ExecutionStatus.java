package io.ordo.queue.statemachine;

/** How an execution stands: running, or how it ended (SPEC 7). */
public enum ExecutionStatus {
  RUNNING,
  SUCCEEDED,
  FAILED,
  TIMED_OUT,
  ABORTED;

  public boolean isFinal() {
    return this != RUNNING;
  }
}
