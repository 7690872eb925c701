package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;

/** A message of a serial queue (the seed's {@code SerializedTaskMessage}). */
public final class SerializedTaskMessage extends TaskMessage {
  SerializedTaskMessage(JsonNode json) {
    super(new RegisteredSerializedTaskInfo(json));
  }

  /** The id of the serial queue the message belongs to. */
  public String getQueueId() {
    return getInfo().getQueueId();
  }

  /** The message's info, with the getters of the status snapshot. */
  @Override
  public RegisteredSerializedTaskInfo getInfo() {
    return (RegisteredSerializedTaskInfo) super.getInfo();
  }
}
