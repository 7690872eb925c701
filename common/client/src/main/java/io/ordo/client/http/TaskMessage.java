package io.ordo.client.http;

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

  /** The message's full info when the operation answered. */
  public RegisteredTaskInfo getInfo() {
    return info;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TaskMessage message
        && message.getClass() == getClass()
        && message.info.equals(info);
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
