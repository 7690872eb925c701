package io.ordo.client.report;

import io.ordo.model.TaskInfo;

/** A message of the tenant's parallel queue, as the status snapshot shows it. */
public final class RegisteredParallelizedTaskInfo extends RegisteredTaskInfo {
  RegisteredParallelizedTaskInfo(TaskInfo info) {
    super(info);
  }
}
