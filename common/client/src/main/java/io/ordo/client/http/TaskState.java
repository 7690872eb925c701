package io.ordo.client.http;

/** A task message's lifecycle state, as the API names it (SPEC 3.3). */
public enum TaskState {
  /** In its queue, not yet selected. */
  WAITING,
  /** Selected by a runner; the task instance was created. */
  INITIAL,
  /** The parameter was set; waiting for the engine to accept it. */
  ACCEPT_WAIT,
  /** Accepted by a runner node. */
  READY,
  /** Its {@code run} is executing. */
  RUNNING,
  /** Released (end notification): no longer managed by Ordo. */
  RELEASED,
  /** In no queue any more (finished, removed, or released without re-entry). */
  DISPOSED
}
