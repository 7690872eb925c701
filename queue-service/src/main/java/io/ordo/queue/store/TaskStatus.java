package io.ordo.queue.store;

/**
 * A task's status in the task list: where a live message stands, or how a finished one ended.
 * RUNNING covers every state in which a runner holds the message (INITIAL to RUNNING);
 * LEASE_EXPIRED is a failure because its runners' leases expired too often.
 */
public enum TaskStatus {
  WAITING,
  RUNNING,
  COMPLETED,
  FAILED,
  TIMED_OUT,
  RELEASED,
  STOPPED,
  REMOVED,
  LEASE_EXPIRED;

  /** Whether a message in this status has ended (its history is closed). */
  public boolean finished() {
    return this != WAITING && this != RUNNING;
  }
}
