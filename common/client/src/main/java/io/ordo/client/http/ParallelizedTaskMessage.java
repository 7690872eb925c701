package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;

/** A message of the tenant's parallel queue (the seed's {@code ParallelizedTaskMessage}). */
public final class ParallelizedTaskMessage extends TaskMessage {
  ParallelizedTaskMessage(JsonNode json) {
    super(new RegisteredParallelizedTaskInfo(json));
  }

  /** The message's info, with the getters of the status snapshot. */
  @Override
  public RegisteredParallelizedTaskInfo getInfo() {
    return (RegisteredParallelizedTaskInfo) super.getInfo();
  }
}
