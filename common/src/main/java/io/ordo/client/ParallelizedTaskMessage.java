package io.ordo.client;

import io.ordo.client.report.RegisteredParallelizedTaskInfo;
import io.ordo.client.report.RegisteredTaskInfo;
import io.vertx.core.json.JsonObject;

/** A message of the tenant's parallel queue (the seed's {@code ParallelizedTaskMessage}). */
public final class ParallelizedTaskMessage extends TaskMessage {
  private final RegisteredParallelizedTaskInfo info;

  private ParallelizedTaskMessage(RegisteredParallelizedTaskInfo info) {
    super(info);
    this.info = info;
  }

  /**
   * Reads the API's task info.
   *
   * @throws IllegalStateException the task is not one of the parallel queue
   */
  public static ParallelizedTaskMessage fromJson(JsonObject json) {
    if (RegisteredTaskInfo.fromJson(json) instanceof RegisteredParallelizedTaskInfo parallel) {
      return new ParallelizedTaskMessage(parallel);
    }
    throw new IllegalStateException(
        "task " + json.getString("messageId") + " is not in the parallel queue");
  }

  /** The message's info, with the getters of the status snapshot. */
  public RegisteredParallelizedTaskInfo getInfo() {
    return info;
  }
}
