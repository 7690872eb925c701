package io.ordo.client.report;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The tenant's parallel queue in a status snapshot: its state, its waiting messages in queue order
 * and its tasks in progress.
 */
public final class RegisteredParallelizedTaskQueueInfo {
  private final boolean active;
  private final List<RegisteredParallelizedTaskInfo> waiting;
  private final Set<RegisteredParallelizedTaskInfo> running;
  private final int waitingCount;
  private final int runningCount;
  private final String blockedReason;
  private final BlockedDetails blockedDetails;
  private final List<String> taskClassNamesWithoutRunner;

  private RegisteredParallelizedTaskQueueInfo(
      boolean active,
      List<RegisteredParallelizedTaskInfo> waiting,
      Set<RegisteredParallelizedTaskInfo> running,
      int waitingCount,
      int runningCount,
      String blockedReason,
      BlockedDetails blockedDetails,
      List<String> taskClassNamesWithoutRunner) {
    this.active = active;
    this.waiting = waiting;
    this.running = running;
    this.waitingCount = waitingCount;
    this.runningCount = runningCount;
    this.blockedReason = blockedReason;
    this.blockedDetails = blockedDetails;
    this.taskClassNamesWithoutRunner = taskClassNamesWithoutRunner;
  }

  /** Reads the API's parallel queue object ({@code GET /parallel-queue}). */
  public static RegisteredParallelizedTaskQueueInfo fromJson(JsonObject json) {
    List<RegisteredParallelizedTaskInfo> waiting =
        TaskInfoLists.read(json.getJsonArray("waitingTasks"), RegisteredParallelizedTaskInfo.class);
    Set<RegisteredParallelizedTaskInfo> running =
        new LinkedHashSet<>(
            TaskInfoLists.read(
                json.getJsonArray("runningTasks", new JsonArray()),
                RegisteredParallelizedTaskInfo.class));
    return new RegisteredParallelizedTaskQueueInfo(
        json.getBoolean("isActive", false),
        waiting,
        Collections.unmodifiableSet(running),
        json.getInteger("waitingCount", waiting.size()),
        json.getInteger("runningCount", running.size()),
        json.getString("blockedReason"),
        BlockedDetails.of(json),
        TaskInfoLists.strings(json.getJsonArray("taskClassNamesWithoutRunner")));
  }

  /** Whether messages are selected from the queue (active) or not (inactive). */
  public boolean isActive() {
    return active;
  }

  /** The waiting messages, head first (at most the snapshot's list limit). */
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
   * none. Named whether or not the rest of the queue runs: their messages wait for a runner of
   * their type.
   */
  public List<String> getTaskClassNamesWithoutRunner() {
    return taskClassNamesWithoutRunner;
  }

  @Override
  public String toString() {
    return "RegisteredParallelizedTaskQueueInfo{active="
        + active
        + ", waiting="
        + waiting
        + ", running="
        + running
        + "}";
  }
}
