package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A snapshot of all of the tenant's queues (the seed's {@code RegisteredInfo}): the parallel queue
 * and every serial queue by id.
 */
public final class RegisteredInfo {
  private final RegisteredParallelizedTaskQueueInfo parallel;
  private final Map<String, RegisteredSerializedTaskQueueInfo> serial;

  RegisteredInfo(JsonNode json) {
    Json.object(json, "the status");
    this.parallel = new RegisteredParallelizedTaskQueueInfo(json.path("parallelizedTasksInfo"));
    Map<String, RegisteredSerializedTaskQueueInfo> queues = new LinkedHashMap<>();
    json.path("serializedTasksInfo")
        .fields()
        .forEachRemaining(
            queue ->
                queues.put(
                    queue.getKey(), new RegisteredSerializedTaskQueueInfo(queue.getValue())));
    this.serial = Collections.unmodifiableMap(queues);
  }

  /** The tenant's parallel queue. */
  public RegisteredParallelizedTaskQueueInfo getParallelizedTaskQueueInfo() {
    return parallel;
  }

  /** Every serial queue, by its id (unmodifiable). */
  public Map<String, RegisteredSerializedTaskQueueInfo> getSerializedTaskQueuesInfo() {
    return serial;
  }

  @Override
  public String toString() {
    return "RegisteredInfo{parallel=" + parallel + ", serial=" + serial.values() + "}";
  }
}
