package io.ordo.bus;

/** The lifecycle transitions a runner reports about a message it holds. */
public enum ReportType {
  /**
   * READY → RUNNING: the runner then calls taskStarted and run. (There is no report for INITIAL →
   * READY: the claim accepts what it hands out.)
   */
  STARTED,
  /** The task heartbeat: time and details; no event. */
  HEARTBEAT,
  /** run returned: TaskCompleted with the result; the message is disposed. */
  COMPLETED,
  /** run threw: TaskFailed; stopProgressOnError applies; the message is disposed. */
  FAILED,
  /** The runner could not accept it: TaskRejected; back to the head of its queue. */
  REJECTED,
  /** Released (end notification) or, with {@code forced}, stopped: re-entry and stop options. */
  RELEASED
}
