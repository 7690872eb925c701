package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One serial queue (the seed's {@code RegisteredSerializedTaskQueueInfo}): its id and state, its
 * waiting messages in queue order and the task in progress, if any.
 */
public final class RegisteredSerializedTaskQueueInfo {
  private final String queueId;
  private final boolean active;
  private final List<RegisteredSerializedTaskInfo> waiting;
  private final RegisteredSerializedTaskInfo running;
  private final int waitingCount;
  private final String blockedReason;
  private final BlockedDetails blockedDetails;
  private final String waitingNextPageToken;

  RegisteredSerializedTaskQueueInfo(JsonNode json) {
    Json.object(json, "a serial queue");
    this.queueId = Json.requiredText(json, "queueId");
    this.active = Json.bool(json, "isActive");
    List<RegisteredSerializedTaskInfo> tasks = new ArrayList<>();
    JsonNode array = json.get("waitingTasks");
    if (array != null) {
      array.forEach(task -> tasks.add(new RegisteredSerializedTaskInfo(task)));
    }
    this.waiting = Collections.unmodifiableList(tasks);
    JsonNode runningTask = json.get("runningTask");
    this.running =
        runningTask == null || runningTask.isNull()
            ? null
            : new RegisteredSerializedTaskInfo(runningTask);
    this.waitingCount = Json.integer(json, "waitingCount", waiting.size());
    this.blockedReason = Json.text(json, "blockedReason");
    this.blockedDetails = BlockedDetails.of(json);
    this.waitingNextPageToken = Json.text(json, "waitingNextPageToken");
  }

  /** The queue's id. */
  public String getQueueId() {
    return queueId;
  }

  /**
   * The token of the waiting list's next page, for the paged {@code get...QueueInfo(..., limit,
   * waitingPageToken)}; null on the last page, and where the answer has none (a list of queues).
   */
  public String getWaitingNextPageToken() {
    return waitingNextPageToken;
  }

  /** Whether messages are selected from the queue (active) or not (inactive). */
  public boolean isActive() {
    return active;
  }

  /** The waiting messages, head first (at most the list limit of the call; empty in lists). */
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
        + waitingCount
        + ", running="
        + running
        + "}";
  }
}
