package io.ordo.runner.execution;

import io.ordo.task.Task;
import io.ordo.task.TaskEvent;
import io.ordo.task.TaskEventType;
import io.ordo.task.TaskException;

/** The event a lifecycle callback receives. */
record SimpleTaskEvent(TaskEventType type, Task task, TaskException exception)
    implements TaskEvent {
  @Override
  public TaskException getException() {
    return exception;
  }

  @Override
  public TaskEventType getType() {
    return type;
  }

  @Override
  public Task getTask() {
    return task;
  }
}
