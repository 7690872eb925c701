package io.ordo.client;

import io.ordo.client.report.RegisteredTaskInfo;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;

/**
 * A task message as an operation left it: registered (WAITING), or after a release or forced stop
 * (WAITING again after re-entry, else DISPOSED). Immutable.
 */
public abstract sealed class TaskMessage permits ParallelizedTaskMessage, SerializedTaskMessage {
  private final RegisteredTaskInfo info;

  TaskMessage(RegisteredTaskInfo info) {
    this.info = info;
  }

  /** The id Ordo gave the message: the handle for removing, releasing and stopping it. */
  public String getMessageId() {
    return info.getMessageId();
  }

  /** The message's state when the operation answered. */
  public TaskState getState() {
    return info.getState();
  }

  /** The full task info of the API (attempt, timeouts, outcome once disposed). */
  public TaskInfo getTaskInfo() {
    return info.toTaskInfo();
  }

  @Override
  public boolean equals(Object other) {
    return other != null
        && other.getClass() == getClass()
        && ((TaskMessage) other).info.equals(info);
  }

  @Override
  public int hashCode() {
    return info.hashCode();
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "{" + getMessageId() + ", " + getState() + "}";
  }
}
