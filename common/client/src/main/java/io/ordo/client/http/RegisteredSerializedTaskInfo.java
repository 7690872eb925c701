package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;

/** A message of a serial queue (the seed's {@code RegisteredSerializedTaskInfo}). */
public final class RegisteredSerializedTaskInfo extends RegisteredTaskInfo {
  private final String queueId;
  private final boolean stopProgressOnError;

  RegisteredSerializedTaskInfo(JsonNode json) {
    super(json);
    this.queueId = Json.text(json, "queueId");
    this.stopProgressOnError = Json.bool(json, "stopProgressOnError");
  }

  /** The id of the serial queue the message belongs to. */
  public String getQueueId() {
    return queueId;
  }

  /**
   * Whether an exception in the task deactivates its serial queue (true), or leaves the queue's
   * state as it is (false).
   */
  public boolean isStoppingProgressOnError() {
    return stopProgressOnError;
  }
}
