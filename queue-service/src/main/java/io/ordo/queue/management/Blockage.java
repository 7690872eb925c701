package io.ordo.queue.management;

import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.TaskStore.Counts;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

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

  /**
   * The farm's live runners at one moment, each with its room.
   *
   * @param runners one room for each live runner
   */
  public record Capacity(List<RunnerRoom> runners) {

    /**
     * One live runner's room.
     *
     * @param freeSlots the messages it would take beyond those it holds: its threads plus its
     *     prefetch room, as it reported them, less what it holds (never below zero)
     * @param freeThreads its threads that hold no message (never below zero): only these take a
     *     serial head, which must not wait behind another task
     * @param taskTypes the task class names it runs
     * @param everyType whether it never said which types it runs (a runner of an Ordo before
     *     runners reported their status): then it might run any
     */
    public record RunnerRoom(
        int freeSlots, int freeThreads, Set<String> taskTypes, boolean everyType) {

      /** Whether it runs the task class (null: a script, which every runner runs). */
      boolean runs(String taskClassName) {
        return taskClassName == null || everyType || taskTypes.contains(taskClassName);
      }
    }

    int liveRunners() {
      return runners.size();
    }

    /** Whether a live runner runs the task class (null: a script, which every runner runs). */
    boolean runs(String taskClassName) {
      return runners.stream().anyMatch(runner -> runner.runs(taskClassName));
    }

    /** Whether a live runner has room for one more message of the parallel queue. */
    boolean freeSlot() {
      return runners.stream().anyMatch(runner -> runner.freeSlots() > 0);
    }

    /** Whether a live runner that runs the task class has a thread free for a serial head. */
    boolean freeThreadFor(String taskClassName) {
      return runners.stream()
          .anyMatch(runner -> runner.freeThreads() > 0 && runner.runs(taskClassName));
    }
  }

  /**
   * @param waitingHead a serial queue's first waiting message (null: unknown, or a parallel queue)
   * @param waitingTypes the task types of a parallel queue's waiting messages (class names, null
   *     for scripts); empty for a serial queue
   */
  public static Blockage of(
      QueueRow queue,
      Counts counts,
      List<TaskInfo> inProgress,
      TaskInfo waitingHead,
      Set<String> waitingTypes,
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
    if (queue.kind() == QueueKind.SERIAL
        && waitingHead != null
        && !capacity.runs(waitingHead.taskClassName())) {
      return new Blockage(
          "NO_RUNNER",
          new JsonObject()
              .put("messageId", waitingHead.messageId())
              .put("taskClassName", waitingHead.taskClassName()));
    }
    // a parallel queue: no message waiting in it can run anywhere (the list names them all, since
    // none is a script's)
    if (!waitingTypes.isEmpty() && waitingTypes.stream().noneMatch(capacity::runs)) {
      return new Blockage(
          "NO_RUNNER",
          new JsonObject()
              .put("taskClassNames", new JsonArray(waitingTypes.stream().sorted().toList())));
    }
    // a serial head takes a free thread only (it must not wait behind another task), a parallel
    // message a slot of a thread or of the prefetch room
    boolean room =
        queue.kind() == QueueKind.SERIAL
            ? capacity.freeThreadFor(waitingHead == null ? null : waitingHead.taskClassName())
            : capacity.freeSlot();
    return room ? null : new Blockage("NO_CAPACITY", new JsonObject());
  }

  /**
   * The task types of a parallel queue's waiting messages that no live runner runs, sorted (scripts
   * run on every runner and are never among them). Messages of such a type wait until a runner of
   * it joins, whether or not the rest of the queue runs: {@code blockedReason} says NO_RUNNER only
   * when nothing waiting can run, this names them either way.
   */
  public static List<String> withoutRunner(Set<String> waitingTypes, Capacity capacity) {
    return waitingTypes.stream()
        .filter(type -> type != null && !capacity.runs(type))
        .sorted()
        .toList();
  }

  /** Adds {@code blockedReason} (and {@code blockedDetails}) to a queue's JSON. */
  public static JsonObject render(JsonObject queueJson, Blockage blockage) {
    queueJson.put("blockedReason", blockage == null ? null : blockage.reason());
    queueJson.put("blockedDetails", blockage == null ? null : blockage.details());
    return queueJson;
  }
}
