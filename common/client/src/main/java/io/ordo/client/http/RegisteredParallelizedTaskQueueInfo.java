package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The tenant's parallel queue (the seed's {@code RegisteredParallelizedTaskQueueInfo}): its state,
 * its waiting messages in queue order and its tasks in progress.
 */
public final class RegisteredParallelizedTaskQueueInfo {
  private final boolean active;
  private final List<RegisteredParallelizedTaskInfo> waiting;
  private final Set<RegisteredParallelizedTaskInfo> running;
  private final int waitingCount;
  private final int runningCount;
  private final String blockedReason;
  private final BlockedDetails blockedDetails;
  private final String waitingNextPageToken;
  private final List<String> taskClassNamesWithoutRunner;

  RegisteredParallelizedTaskQueueInfo(JsonNode json) {
    Json.object(json, "the parallel queue");
    this.active = Json.bool(json, "isActive");
    this.waiting = tasks(json.get("waitingTasks"));
    this.running =
        Collections.unmodifiableSet(new LinkedHashSet<>(tasks(json.get("runningTasks"))));
    this.waitingCount = Json.integer(json, "waitingCount", waiting.size());
    this.runningCount = Json.integer(json, "runningCount", running.size());
    this.blockedReason = Json.text(json, "blockedReason");
    this.blockedDetails = BlockedDetails.of(json);
    this.taskClassNamesWithoutRunner = Json.strings(json, "taskClassNamesWithoutRunner");
    this.waitingNextPageToken = Json.text(json, "waitingNextPageToken");
  }

  private static List<RegisteredParallelizedTaskInfo> tasks(JsonNode array) {
    List<RegisteredParallelizedTaskInfo> tasks = new ArrayList<>();
    if (array != null) {
      array.forEach(task -> tasks.add(new RegisteredParallelizedTaskInfo(task)));
    }
    return Collections.unmodifiableList(tasks);
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

  /** The waiting messages, head first (at most the list limit of the call). */
  public List<RegisteredParallelizedTaskInfo> getWaitingTasksInfo() {
    return waiting;
  }

  /** The tasks a runner holds (selected up to running), in no particular order. */
  public Set<RegisteredParallelizedTaskInfo> getRunningTasksInfo() {
    return running;
  }

  /** How many messages wait, also those past the list limit. */
  public int getWaitingCount() {
    return waitingCount;
  }

  /** How many tasks are in progress, also those past the list limit. */
  public int getRunningCount() {
    return runningCount;
  }

  /**
   * Why nothing runs although messages wait ({@code INACTIVE}, {@code NO_CAPACITY}, {@code
   * NO_RUNNER}, ...); null when nothing is blocked.
   */
  public String getBlockedReason() {
    return blockedReason;
  }

  /**
   * What {@link #getBlockedReason()} is about ({@code NO_RUNNER}: the waiting types when no live
   * runner runs any of them); null when nothing is blocked.
   */
  public BlockedDetails getBlockedDetails() {
    return blockedDetails;
  }

  /**
   * The task types (class names) of waiting messages that no live runner runs, sorted; empty when
   * none (or from a node of an Ordo before the list). Named whether or not the rest of the queue
   * runs: their messages wait for a runner of their type.
   */
  public List<String> getTaskClassNamesWithoutRunner() {
    return taskClassNamesWithoutRunner;
  }

  @Override
  public String toString() {
    return "RegisteredParallelizedTaskQueueInfo{active="
        + active
        + ", waiting="
        + waitingCount
        + ", running="
        + runningCount
        + "}";
  }
}
