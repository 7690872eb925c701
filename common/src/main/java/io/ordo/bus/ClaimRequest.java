package io.ordo.bus;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
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
 */
public record ClaimRequest(
    String ownerId, String node, int capacity, int serialCapacity, List<String> taskTypes) {

  public JsonObject toJson() {
    return new JsonObject()
        .put("ownerId", ownerId)
        .put("node", node)
        .put("capacity", capacity)
        .put("serialCapacity", serialCapacity)
        .put("taskTypes", new JsonArray(List.copyOf(taskTypes)));
  }

  public static ClaimRequest fromJson(JsonObject json) {
    int capacity = json.getInteger("capacity");
    return new ClaimRequest(
        json.getString("ownerId"),
        json.getString("node"),
        capacity,
        json.getInteger("serialCapacity", capacity),
        json.getJsonArray("taskTypes").stream().map(String.class::cast).toList());
  }
}
