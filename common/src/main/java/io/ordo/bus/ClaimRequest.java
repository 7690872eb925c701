package io.ordo.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;

/**
 * A runner asks for work ({@link Addresses#QUEUE_CLAIM}): the queue service claims and accepts up
 * to {@code capacity} runnable messages for it, among them at most {@code serialCapacity}
 * serial-queue heads (a serial head goes only to a runner with a free thread, so that it never
 * waits behind another task while its queue waits for it).
 *
 * @param ownerId the lock owner the runner holds its lease as
 * @param node the runner's node name
 * @param capacity the most messages it takes: free threads plus its prefetch room
 * @param serialCapacity the most serial heads it takes: its free threads
 * @param taskTypes the task class names it can run
 * @param settlingFrom the serial queues whose task ended on this runner and whose outcome is on its
 *     way have next heads that are not runnable until it is applied, and nothing received after
 *     them is taken (they must not be overtaken for that moment): the oldest received time among
 *     those next heads the runner knows ({@link ClaimedTask#nextHeadReceivedAt}), or null
 * @param settling the settling queues whose next heads the runner does not know: the claim looks
 *     them up
 */
public record ClaimRequest(
    String ownerId,
    String node,
    int capacity,
    int serialCapacity,
    List<String> taskTypes,
    Instant settlingFrom,
    List<SerialQueueRef> settling) {

  /** A serial queue of a tenant. */
  public record SerialQueueRef(String tenant, String queueId) {
    JsonObject toJson() {
      return new JsonObject().put("tenant", tenant).put("queueId", queueId);
    }

    static SerialQueueRef fromJson(JsonObject json) {
      return new SerialQueueRef(json.getString("tenant"), json.getString("queueId"));
    }
  }

  public JsonObject toJson() {
    JsonArray queues = new JsonArray();
    settling.forEach(queue -> queues.add(queue.toJson()));
    return new JsonObject()
        .put("ownerId", ownerId)
        .put("node", node)
        .put("capacity", capacity)
        .put("serialCapacity", serialCapacity)
        .put("taskTypes", new JsonArray(List.copyOf(taskTypes)))
        .put("settlingFrom", settlingFrom)
        .put("settling", queues);
  }

  public static ClaimRequest fromJson(JsonObject json) {
    int capacity = json.getInteger("capacity");
    JsonArray settling = json.getJsonArray("settling", new JsonArray());
    return new ClaimRequest(
        json.getString("ownerId"),
        json.getString("node"),
        capacity,
        json.getInteger("serialCapacity", capacity),
        json.getJsonArray("taskTypes").stream().map(String.class::cast).toList(),
        json.getInstant("settlingFrom"),
        settling.stream().map(q -> SerialQueueRef.fromJson((JsonObject) q)).toList());
  }
}
