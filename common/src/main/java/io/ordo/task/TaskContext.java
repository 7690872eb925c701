package io.ordo.task;

import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

/**
 * What a running task knows about its message (SPEC 9.1), valid inside {@link Task#run}: the
 * registration context, the message id, the attempt, the fencing token; and what it can tell Ordo:
 * heartbeats and its result.
 */
public interface TaskContext {

  /**
   * The context of the task running on this thread.
   *
   * @throws IllegalStateException outside a task's {@code run}
   */
  static TaskContext current() {
    return CurrentTask.get();
  }

  String messageId();

  String tenant();

  /** Who registered the message. */
  String principal();

  /** The caller's locale, or null if it gave none. */
  Locale locale();

  /** The caller's time zone, or null if it gave none. */
  ZoneId timeZone();

  /** The W3C trace id of the registering request, or null. */
  String traceId();

  /** The free attributes given at registration. */
  Map<String, Object> attributes();

  /** 1 for the first run of this message, 2 after one re-entry or lost lease, and so on. */
  int attempt();

  /**
   * The lock version of this run: it grows with every hold, so a task can pass it to its own
   * systems as an idempotency or fencing key.
   */
  long fencingToken();

  /**
   * Records that the task is alive, with optional details (JSON-able: String, number, Boolean,
   * List, Map, null) shown in the task info. Required if the message has a HEARTBEAT timeout.
   *
   * @throws TaskCancelledException if Ordo no longer manages the task (timed out, released, lock
   *     lost): stop work
   * @throws IllegalArgumentException if the details are no JSON, or serialize to more than {@code
   *     limits.result-bytes} (1 MiB by default)
   */
  void heartbeat(Object details);

  /**
   * The task's result (JSON-able), stored with its completion and given to state machines.
   *
   * @throws IllegalArgumentException if the value is no JSON, or serializes to more than {@code
   *     limits.result-bytes} (1 MiB by default); the result set before stays
   */
  void setResult(Object value);

  /** Whether the task was released (or lost): {@code run} should return soon. */
  boolean isReleased();
}
