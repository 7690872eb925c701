package io.ordo.task;

/** The lifecycle callbacks' events. */
public enum TaskEventType {
  TASK_ACCEPTED,
  TASK_STARTED,
  TASK_COMPLETED,
  TASK_REJECTED
}
