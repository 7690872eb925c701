package io.ordo.model;

/** The lifecycle states of a task message (SPEC 3.3); the API names are the enum names. */
public enum TaskState {
  /** In its queue, not yet selected. */
  WAITING,
  /** Selected by a runner; the task instance is being created. */
  INITIAL,
  /** {@code setParameter} was called with the registered parameter. */
  ACCEPT_WAIT,
  /**
   * Accepted by the execution engine: node and accept time recorded, {@code taskAccepted} called.
   */
  READY,
  /** {@code taskStarted} was called and {@code run} is executing. */
  RUNNING,
  /** Released (end notification): no longer managed even if {@code run} goes on. */
  RELEASED,
  /** Not (or no longer) in any queue. */
  DISPOSED;

  /** States in which a runner holds the message: they block a serial queue. */
  public boolean inProgress() {
    return this == INITIAL || this == ACCEPT_WAIT || this == READY || this == RUNNING;
  }
}
