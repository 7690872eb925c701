package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;

/** A message of the tenant's parallel queue (the seed's {@code RegisteredParallelizedTaskInfo}). */
public final class RegisteredParallelizedTaskInfo extends RegisteredTaskInfo {
  RegisteredParallelizedTaskInfo(JsonNode json) {
    super(json);
  }
}
