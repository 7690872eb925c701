package io.ordo.task;

/** What a lifecycle callback is told: which event, which task, and the exception, if any. */
public interface TaskEvent {
  /** The exception {@code run} threw (for TASK_COMPLETED) or the reason of a rejection; or null. */
  TaskException getException();

  TaskEventType getType();

  Task getTask();
}
