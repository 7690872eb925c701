package io.ordo.queue.lifecycle;

import io.ordo.history.HistoryEventType;
import io.ordo.model.RetryPolicy;
import io.ordo.model.RetryState;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.TaskStore.Moved;
import io.ordo.queue.store.TaskStore.Retryable;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Ends a message that left the task table with an outcome: completed, failed, timed out, or failed
 * after its runners' leases expired too often; or, for a failed run that its retry policy retries,
 * decides that it does not end yet ({@link #nextAttempt}) and records the retry ({@link #retry}).
 * Writes its terminal events, numbered on from its last event; stops its serial queue when a
 * failure ends a message registered with {@code stopProgressOnError}; closes its history with the
 * outcome; counts each transition once the transaction commits. Every way a message ends goes
 * through here, so the rules live in one place.
 */
public final class MessageEnd {

  /** One terminal event: its type and attributes. */
  public record Event(HistoryEventType type, JsonObject attributes) {}

  private final QueueMetrics metrics;

  public MessageEnd(QueueMetrics metrics) {
    this.metrics = metrics;
  }

  /**
   * @param lastEventId the message's last event id before these events
   * @param failure why its queue stops if this outcome is a failure and the message asked for it
   *     ({@code QueueDeactivated}'s reason); null for a success
   * @param outcome the outcome its history closes with
   * @param counted the transitions to count, in order (e.g. {@code lease_expired}, {@code failed})
   * @return the id of the last event written
   */
  public long end(
      Transition transition,
      String tenant,
      TaskInfo info,
      long lastEventId,
      Instant time,
      List<Event> events,
      String failure,
      JsonObject outcome,
      String... counted) {
    long eventId = lastEventId;
    for (Event event : events) {
      transition.event(tenant, info.messageId(), ++eventId, event.type(), time, event.attributes());
    }
    if (failure != null && Boolean.TRUE.equals(info.stopProgressOnError())) {
      transition.stopQueue(tenant, info, ++eventId, time, failure, true);
    }
    transition.dispose(tenant, info, time, eventId, outcome);
    for (String name : counted) {
      transition.afterCommit(() -> metrics.transition(tenant, info.queue(), name));
    }
    if (counted.length > 0) {
      String ended = counted[counted.length - 1]; // after lease_expired comes failed
      transition.afterCommit(() -> metrics.ended(info.queue(), taskType(info), ended));
    }
    return eventId;
  }

  /** A message's task type as a metric label: its class name, or {@code js:<path>} for a script. */
  static String taskType(TaskInfo info) {
    return info.jsPath() != null ? "js:" + info.jsPath() : String.valueOf(info.taskClassName());
  }

  /**
   * When a failed run (an error, or a START_TO_CLOSE or HEARTBEAT timeout, as {@code error}) of a
   * message with a retry policy runs again; empty if the failure ends the message: its policy's
   * attempts are used up, the error is not retryable, or the next attempt would start at or after
   * its SCHEDULE_TO_CLOSE deadline (the limit of the message's whole life, retries included).
   * {@code stopProgressOnError} thus applies only when the last attempt fails.
   */
  public Optional<Instant> nextAttempt(Retryable message, String error, Instant failedAt) {
    RetryPolicy policy = RetryPolicy.fromJson("retry", message.retry());
    return policy
        .delayAfter(message.failures() + 1, error)
        .map(failedAt::plus)
        .filter(at -> message.scheduleToClose() == null || at.isBefore(message.scheduleToClose()));
  }

  /**
   * Why a failed run ends its message rather than being retried ({@link #nextAttempt} found none):
   * no retry policy ({@code message} null: a message without one is not locked as retryable), the
   * policy's rules, or else its SCHEDULE_TO_CLOSE deadline.
   */
  public RetryState whyEnded(Retryable message, String error) {
    if (message == null) {
      return RetryState.RETRY_POLICY_NOT_SET;
    }
    return RetryPolicy.fromJson("retry", message.retry())
        .endsAfter(message.failures() + 1, error)
        .orElse(RetryState.TIMEOUT);
  }

  /**
   * Records a failed run that will be retried: the message went back to waiting (not selected
   * before {@code nextAttempt}); its history gets {@code TaskRetryScheduled} (numbered by the retry
   * statement, the run's failure in its attributes); it is counted as {@code retry_scheduled}.
   */
  public void retry(
      Transition transition,
      String tenant,
      Moved moved,
      Instant time,
      Instant nextAttempt,
      JsonObject failure) {
    TaskInfo info = moved.info();
    transition.event(
        tenant,
        info.messageId(),
        moved.lastEventId(),
        HistoryEventType.TaskRetryScheduled,
        time,
        failure
            .copy()
            .put("scheduledEventId", 1)
            .put("startedEventId", moved.startedEventId())
            .put("attempt", info.attempt())
            .put("nextAttemptTime", nextAttempt.toString()));
    // its runner slot (and, for a serial queue, nothing else: its head waits) is free again
    transition.freedWork();
    transition.dueAt(nextAttempt);
    transition.afterCommit(() -> metrics.transition(tenant, info.queue(), "retry_scheduled"));
  }
}
