package io.ordo.queue.management;

import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.TaskStore.Counts;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Why nothing runs although something waits (SPEC 8, queue info's {@code blockedReason}): the first
 * that applies of INACTIVE / STOPPED_ON_ERROR, HEAD_IN_PROGRESS (serial), DELAYED (serial: its head
 * waits for its time, a delay or a retry's back-off, and holds the messages behind it), NO_RUNNER,
 * NO_CAPACITY; null when nothing waits or nothing blocks.
 *
 * @param reason the reason's name
 * @param details what the reason is about (the stopping message, the head's node, …)
 */
public record Blockage(String reason, JsonObject details) {

  /** The farm's runner capacity at one moment. */
  public record Capacity(int liveRunners, int freeSlots) {}

  /**
   * @param waitingHead a serial queue's first waiting message (null: unknown, or a parallel queue)
   */
  public static Blockage of(
      QueueRow queue,
      Counts counts,
      List<TaskInfo> inProgress,
      TaskInfo waitingHead,
      Capacity capacity,
      Instant now) {
    if (counts.waiting() == 0) {
      return null;
    }
    if (!queue.active()) {
      return queue.stoppedByMessageId() != null
          ? new Blockage(
              "STOPPED_ON_ERROR", new JsonObject().put("messageId", queue.stoppedByMessageId()))
          : new Blockage("INACTIVE", new JsonObject());
    }
    if (queue.kind() == QueueKind.SERIAL && counts.inProgress() > 0) {
      JsonObject details = new JsonObject();
      if (!inProgress.isEmpty()) {
        TaskInfo head = inProgress.get(0);
        Instant beat =
            head.lastHeartbeatTime() != null ? head.lastHeartbeatTime() : head.startTime();
        details
            .put("messageId", head.messageId())
            .put("state", head.state().name())
            .put("node", head.node())
            .put(
                "heartbeatAgeSeconds",
                beat == null ? null : Duration.between(beat, now).toMillis() / 1000.0);
      }
      return new Blockage("HEAD_IN_PROGRESS", details);
    }
    if (queue.kind() == QueueKind.SERIAL
        && waitingHead != null
        && waitingHead.notBefore() != null
        && waitingHead.notBefore().isAfter(now)) {
      return new Blockage(
          "DELAYED",
          new JsonObject()
              .put("messageId", waitingHead.messageId())
              .put("notBefore", waitingHead.notBefore().toString()));
    }
    if (capacity.liveRunners() == 0) {
      return new Blockage("NO_RUNNER", new JsonObject());
    }
    if (capacity.freeSlots() <= 0) {
      return new Blockage("NO_CAPACITY", new JsonObject());
    }
    return null;
  }

  /** Adds {@code blockedReason} (and {@code blockedDetails}) to a queue's JSON. */
  public static JsonObject render(JsonObject queueJson, Blockage blockage) {
    queueJson.put("blockedReason", blockage == null ? null : blockage.reason());
    queueJson.put("blockedDetails", blockage == null ? null : blockage.details());
    return queueJson;
  }
}
