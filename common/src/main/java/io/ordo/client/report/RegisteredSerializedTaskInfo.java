package io.ordo.client.report;

import io.ordo.model.TaskInfo;

/** A message of a serial queue, as the status snapshot shows it. */
public final class RegisteredSerializedTaskInfo extends RegisteredTaskInfo {
  RegisteredSerializedTaskInfo(TaskInfo info) {
    super(info);
  }

  /** The id of the serial queue the message belongs to. */
  public String getQueueId() {
    return info().queueId();
  }

  /**
   * Whether an exception in the task deactivates its serial queue (true), or leaves the queue's
   * state as it is (false).
   */
  public boolean isStoppingProgressOnError() {
    return Boolean.TRUE.equals(info().stopProgressOnError());
  }
}
