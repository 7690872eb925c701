package io.ordo.client.report;

import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * One serial queue in a status snapshot: its id and state, its waiting messages in queue order and
 * the task in progress, if any.
 */
public final class RegisteredSerializedTaskQueueInfo {
  private final String queueId;
  private final boolean active;
  private final List<RegisteredSerializedTaskInfo> waiting;
  private final RegisteredSerializedTaskInfo running;
  private final int waitingCount;
  private final String blockedReason;
  private final BlockedDetails blockedDetails;

  private RegisteredSerializedTaskQueueInfo(
      String queueId,
      boolean active,
      List<RegisteredSerializedTaskInfo> waiting,
      RegisteredSerializedTaskInfo running,
      int waitingCount,
      String blockedReason,
      BlockedDetails blockedDetails) {
    this.queueId = queueId;
    this.active = active;
    this.waiting = waiting;
    this.running = running;
    this.waitingCount = waitingCount;
    this.blockedReason = blockedReason;
    this.blockedDetails = blockedDetails;
  }

  /** Reads the API's serial queue object ({@code GET /serial-queues/{queueId}}). */
  public static RegisteredSerializedTaskQueueInfo fromJson(JsonObject json) {
    List<RegisteredSerializedTaskInfo> waiting =
        TaskInfoLists.read(json.getJsonArray("waitingTasks"), RegisteredSerializedTaskInfo.class);
    JsonObject running = json.getJsonObject("runningTask");
    return new RegisteredSerializedTaskQueueInfo(
        json.getString("queueId"),
        json.getBoolean("isActive", false),
        waiting,
        running == null
            ? null
            : TaskInfoLists.as(
                RegisteredTaskInfo.fromJson(running), RegisteredSerializedTaskInfo.class),
        json.getInteger("waitingCount", waiting.size()),
        json.getString("blockedReason"),
        BlockedDetails.of(json));
  }

  public String getQueueId() {
    return queueId;
  }

  /** Whether messages are selected from the queue (active) or not (inactive). */
  public boolean isActive() {
    return active;
  }

  /** The waiting messages, head first (at most the snapshot's list limit). */
  public List<RegisteredSerializedTaskInfo> getWaitingTasksInfo() {
    return waiting;
  }

  /** The task a runner holds (selected up to running); null if none. */
  public RegisteredSerializedTaskInfo getRunningTaskInfo() {
    return running;
  }

  /** How many messages wait, also those past the list limit. */
  public int getWaitingCount() {
    return waitingCount;
  }

  /**
   * Why nothing runs although messages wait ({@code INACTIVE}, {@code STOPPED_ON_ERROR}, {@code
   * HEAD_IN_PROGRESS}, ...); null when nothing is blocked.
   */
  public String getBlockedReason() {
    return blockedReason;
  }

  /**
   * What {@link #getBlockedReason()} is about: the message that stopped the queue, the head in
   * progress (its state, node and heartbeat age), the delayed head and its time, or the head whose
   * type no live runner runs; null when nothing is blocked.
   */
  public BlockedDetails getBlockedDetails() {
    return blockedDetails;
  }

  @Override
  public String toString() {
    return "RegisteredSerializedTaskQueueInfo{queueId="
        + queueId
        + ", active="
        + active
        + ", waiting="
        + waiting
        + ", running="
        + running
        + "}";
  }
}
