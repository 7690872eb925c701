package io.ordo.client;

import io.ordo.client.report.RegisteredSerializedTaskInfo;
import io.ordo.client.report.RegisteredTaskInfo;
import io.vertx.core.json.JsonObject;

/** A message of a serial queue (the seed's {@code SerializedTaskMessage}). */
public final class SerializedTaskMessage extends TaskMessage {
  private final RegisteredSerializedTaskInfo info;

  private SerializedTaskMessage(RegisteredSerializedTaskInfo info) {
    super(info);
    this.info = info;
  }

  /**
   * Reads the API's task info.
   *
   * @throws IllegalStateException the task is not one of a serial queue
   */
  public static SerializedTaskMessage fromJson(JsonObject json) {
    if (RegisteredTaskInfo.fromJson(json) instanceof RegisteredSerializedTaskInfo serial) {
      return new SerializedTaskMessage(serial);
    }
    throw new IllegalStateException(
        "task " + json.getString("messageId") + " is not in a serial queue");
  }

  /** The id of the serial queue the message belongs to. */
  public String getQueueId() {
    return info.getQueueId();
  }

  /** The message's info, with the getters of the status snapshot. */
  public RegisteredSerializedTaskInfo getInfo() {
    return info;
  }
}
