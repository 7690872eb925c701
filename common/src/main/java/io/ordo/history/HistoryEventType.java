package io.ordo.history;

/**
 * The types of history events (SPEC 5). Task events first; state-machine events use Step Functions'
 * names.
 */
public enum HistoryEventType {
  // Task messages
  TaskScheduled,
  TaskAccepted,
  TaskRejected,
  TaskStarted,
  TaskCompleted,
  TaskFailed,
  /** A run failed (or timed out) and its retry policy runs it again later; not terminal. */
  TaskRetryScheduled,
  TaskReleaseRequested,
  TaskStopRequested,
  TaskReleased,
  TaskStopped,
  TaskReentered,
  TaskRemoved,
  TaskTimedOut,
  TaskLeaseExpired,
  QueueDeactivated,
  /** A finished message was re-run: {@code newMessageId} names the new message. */
  TaskRerun,
  // State-machine executions
  ExecutionStarted,
  ExecutionSucceeded,
  ExecutionFailed,
  ExecutionTimedOut,
  ExecutionAborted,
  TaskStateEntered,
  TaskStateExited,
  TaskStateAborted,
  TaskSucceeded,
  ParallelStateEntered,
  ParallelStateStarted,
  ParallelStateSucceeded,
  ParallelStateFailed,
  ParallelStateAborted,
  ParallelStateExited,
  MapStateEntered,
  MapStateStarted,
  MapStateSucceeded,
  MapStateFailed,
  MapStateExited,
  MapStateAborted,
  MapIterationStarted,
  MapIterationSucceeded,
  MapIterationFailed,
  MapIterationAborted,
  PassStateEntered,
  PassStateExited,
  ChoiceStateEntered,
  ChoiceStateExited,
  WaitStateEntered,
  WaitStateExited,
  WaitStateAborted,
  SucceedStateEntered,
  SucceedStateExited,
  FailStateEntered;

  /** The name of the attributes member, e.g. {@code taskStartedEventAttributes}. */
  public String attributesKey() {
    String name = name();
    return Character.toLowerCase(name.charAt(0)) + name.substring(1) + "EventAttributes";
  }
}
