package io.ordo.client.report;

import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A snapshot of a tenant's queues (the seed's {@code RegisteredInfo}, {@code GET /api/v1/status}):
 * the parallel queue and every serial queue by its id.
 */
public final class RegisteredInfo {
  private final RegisteredParallelizedTaskQueueInfo parallel;
  private final Map<String, RegisteredSerializedTaskQueueInfo> serial;

  private RegisteredInfo(
      RegisteredParallelizedTaskQueueInfo parallel,
      Map<String, RegisteredSerializedTaskQueueInfo> serial) {
    this.parallel = parallel;
    this.serial = serial;
  }

  /** Reads the API's status object. */
  public static RegisteredInfo fromJson(JsonObject json) {
    Map<String, RegisteredSerializedTaskQueueInfo> serial = new LinkedHashMap<>();
    JsonObject queues = json.getJsonObject("serializedTasksInfo", new JsonObject());
    for (String queueId : queues.fieldNames()) {
      serial.put(
          queueId, RegisteredSerializedTaskQueueInfo.fromJson(queues.getJsonObject(queueId)));
    }
    return new RegisteredInfo(
        RegisteredParallelizedTaskQueueInfo.fromJson(
            json.getJsonObject("parallelizedTasksInfo", new JsonObject())),
        Collections.unmodifiableMap(serial));
  }

  /** The tenant's parallel queue. */
  public RegisteredParallelizedTaskQueueInfo getParallelizedTaskQueueInfo() {
    return parallel;
  }

  /** Every serial queue of the tenant, by queue id. */
  public Map<String, RegisteredSerializedTaskQueueInfo> getSerializedTaskQueuesInfo() {
    return serial;
  }

  @Override
  public String toString() {
    return "RegisteredInfo{parallel=" + parallel + ", serial=" + serial + "}";
  }
}
