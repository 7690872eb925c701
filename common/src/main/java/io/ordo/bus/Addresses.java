package io.ordo.bus;

/**
 * The event-bus addresses of Ordo's services. Requests carry {@code JsonObject} payloads; failures
 * come back as {@link io.vertx.core.eventbus.ReplyException} with an {@link io.ordo.ErrorCode}'s
 * bus failure code (see {@link BusErrors}).
 */
public final class Addresses {
  private Addresses() {}

  /** Queue management: the operations of the HTTP API; header {@code action} names one. */
  public static final String QUEUE_API = "ordo.queue.api";

  /** A runner claims a batch of runnable messages: {ownerId, node, capacity} → {tasks}. */
  public static final String QUEUE_CLAIM = "ordo.queue.claim";

  /** A runner reports lifecycle transitions: {ownerId, reports[]} → {results[]}. */
  public static final String QUEUE_REPORT = "ordo.queue.report";

  /**
   * Answered (with an empty object) by every queue service: a node without one of its own asks, to
   * know whether it is in a cluster with one ({@link QueueServiceContact}).
   */
  public static final String QUEUE_PRESENCE = "ordo.queue.presence";

  /** Published when messages may have become runnable; runners claim on it. */
  public static final String WORK_AVAILABLE = "ordo.work.available";

  /** Published when a runner starts or stops, so queue services refresh what they know. */
  public static final String RUNNERS_CHANGED = "ordo.runners.changed";

  /** History reads: {tenant, executionId, reverseOrder, maximumPageSize, nextPageToken}. */
  public static final String HISTORY_READ = "ordo.history.read";

  /** Published after commit with {tenant, executionId, lastEventId}: the live tail's trigger. */
  public static final String HISTORY_APPENDED = "ordo.history.appended";

  /**
   * Sent after a task of a state-machine execution ended, with {tenant, executionId}: a decider
   * advances the execution (the inbox in PostgreSQL holds the outcome either way).
   */
  public static final String EXECUTION_PENDING = "ordo.execution.pending";

  /** Control requests (release, forced stop) for the runner holding lock owner {@code ownerId}. */
  public static String runnerControl(String ownerId) {
    return "ordo.runner." + ownerId + ".control";
  }
}
