package io.ordo.queue.maintenance;

import io.ordo.db.Transactions;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.TaskSummaries;
import io.ordo.model.RetryPolicy;
import io.ordo.model.RetryState;
import io.ordo.model.TaskState;
import io.ordo.model.TimeoutType;
import io.ordo.queue.lifecycle.LostHolds;
import io.ordo.queue.lifecycle.MessageEnd;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.Transition;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.TimedOut;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Enforces SWF's four timeouts (SPEC 4) from any live queue service, whichever node ran the task: a
 * message whose deadline passed is disposed with {@code TaskTimedOut} (SCHEDULE_TO_START and a
 * SCHEDULE_TO_CLOSE before the start: without running; START_TO_CLOSE, HEARTBEAT, a later
 * SCHEDULE_TO_CLOSE: the runner is told to release the task, and its later completion is refused).
 * A timeout counts as an error for {@code stopProgressOnError}. A run's timeout (START_TO_CLOSE,
 * HEARTBEAT) counts as a failure for the message's retry policy: with attempts left, the message
 * waits for its next attempt instead.
 */
public final class TimeoutSweep implements Sweep {
  /** The deadlines of a running message, in the order that breaks a tie. */
  private static final List<TimeoutType> RUN_DEADLINES =
      List.of(TimeoutType.START_TO_CLOSE, TimeoutType.HEARTBEAT, TimeoutType.SCHEDULE_TO_CLOSE);

  /** The deadlines of a message that has not started. */
  private static final List<TimeoutType> WAIT_DEADLINES =
      List.of(TimeoutType.SCHEDULE_TO_START, TimeoutType.SCHEDULE_TO_CLOSE);

  /** Messages one transaction takes at most. */
  static final int BATCH = 500;

  private final Pool pool;
  private final int batch;
  private final LostHolds lostHolds;
  private final MessageEnd ends;
  private final TaskStore tasks = new TaskStore();
  private final QueueStore queues = new QueueStore();
  private final HistoryStore history = new HistoryStore();

  public TimeoutSweep(Pool pool, EventBus eventBus, QueueMetrics metrics) {
    this(pool, eventBus, metrics, BATCH);
  }

  /**
   * @param batch messages one transaction takes at most
   */
  TimeoutSweep(Pool pool, EventBus eventBus, QueueMetrics metrics, int batch) {
    this.pool = pool;
    this.lostHolds = new LostHolds(eventBus);
    this.ends = new MessageEnd(metrics);
    this.batch = batch;
  }

  /** Times out what is due at {@code now}; answers the transition to announce. */
  @Override
  public Future<Transition> sweep(Instant now) {
    return Transactions.withRetry(
        pool,
        tx -> {
          Transition transition = new Transition();
          // the serial queues first, in key order (see TaskStore.SERIAL_QUEUES_TIMED_OUT)
          return tasks
              .serialQueuesTimedOut(tx, now, batch)
              .compose(serial -> queues.lockSerial(tx, serial))
              .compose(v -> retryRuns(tx, transition, now))
              .compose(
                  whyEnded ->
                      tasks
                          .deleteTimedOut(tx, now, batch, whyEnded.keySet())
                          .compose(
                              rows -> {
                                rows.forEach(
                                    row ->
                                        timedOut(
                                            transition,
                                            row,
                                            now,
                                            whyEnded.get(row.info().messageId())));
                                return transition.write(tx, history, queues).map(transition);
                              }));
        });
  }

  /**
   * Runs that timed out (START_TO_CLOSE, HEARTBEAT) count as failures for their messages' retry
   * policies: those with attempts left go back to waiting with {@code TaskRetryScheduled} (the
   * runner is told to let go), before the rest are taken out below. Answers the rest, each with why
   * its policy ends it.
   */
  private Future<Map<String, RetryState>> retryRuns(
      SqlClient tx, Transition transition, Instant now) {
    return tasks
        .lockRetryableTimedOut(tx, now, batch)
        .compose(
            rows -> {
              List<TaskStore.Retryable> retrying = new ArrayList<>();
              List<TaskStore.RetryAt> retries = new ArrayList<>();
              List<TimeoutType> types = new ArrayList<>();
              Map<String, RetryState> whyEnded = new HashMap<>();
              for (TaskStore.Retryable row : rows) {
                TimeoutType type = firedRun(row, now);
                if (type == TimeoutType.SCHEDULE_TO_CLOSE) {
                  continue; // its whole life is up: taken out below, its retryState TIMEOUT
                }
                String error = RetryPolicy.timeoutError(type);
                Optional<Instant> next = ends.nextAttempt(row, error, now);
                if (next.isEmpty()) {
                  whyEnded.put(row.messageId(), ends.whyEnded(row, error));
                  continue;
                }
                retrying.add(row);
                types.add(type);
                retries.add(new TaskStore.RetryAt(row.tenant(), row.messageId(), next.get()));
              }
              return tasks
                  .retry(tx, retries)
                  .map(
                      moved -> {
                        for (int i = 0; i < moved.size(); i++) {
                          TaskStore.Retryable row = retrying.get(i);
                          TimeoutType type = types.get(i);
                          ends.retry(
                              transition,
                              row.tenant(),
                              moved.get(i),
                              now,
                              retries.get(i).notBefore(),
                              new JsonObject()
                                  .put("error", RetryPolicy.timeoutError(type))
                                  .put("timeoutType", type.name())
                                  .put("fencingToken", row.version()));
                          tellRunner(
                              transition, row.ownerId(), row.messageId(), row.version(), type);
                        }
                        return whyEnded;
                      });
            });
  }

  /** The earliest passed deadline of a running message. */
  private static TimeoutType firedRun(TaskStore.Retryable row, Instant now) {
    return earliestPassed(
        RUN_DEADLINES,
        type ->
            switch (type) {
              case HEARTBEAT -> row.heartbeat();
              case SCHEDULE_TO_CLOSE -> row.scheduleToClose();
              default -> row.startToClose();
            },
        now,
        TimeoutType.START_TO_CLOSE);
  }

  private void tellRunner(
      Transition transition, String ownerId, String messageId, long version, TimeoutType type) {
    lostHolds.tellAfterCommit(transition, ownerId, messageId, version, type.name() + " timeout");
  }

  /**
   * @param whyEnded why the message's retry policy ends it after this run (null: it has none, or
   *     the run did not time out)
   */
  private void timedOut(Transition transition, TimedOut row, Instant now, RetryState whyEnded) {
    String tenant = row.tenant();
    TimeoutType type = fired(row, now);
    boolean started = row.info().state() == TaskState.RUNNING;
    JsonObject outcome = TaskSummaries.outcome("TIMED_OUT").put("timeoutType", type.name());
    JsonObject attributes =
        new JsonObject()
            .put("timeoutType", type.name())
            .put("scheduledEventId", 1)
            .put(
                "startedEventId",
                started && row.startedEventId() != null ? row.startedEventId() : 0)
            .put("deadline", deadline(row, type).toString());
    if (started) {
      // a run that timed out is a failed run: say why it is not retried
      RetryState why =
          whyEnded != null
              ? whyEnded
              : type == TimeoutType.SCHEDULE_TO_CLOSE
                  ? RetryState.TIMEOUT
                  : RetryState.RETRY_POLICY_NOT_SET;
      attributes.put("retryState", why.name());
      outcome.put("retryState", why.name());
    }
    ends.end(
        transition,
        tenant,
        row.info(),
        row.lastEventId(),
        now,
        List.of(new MessageEnd.Event(HistoryEventType.TaskTimedOut, attributes)),
        "timeout",
        outcome,
        "timed_out");
    tellRunner(transition, row.ownerId(), row.info().messageId(), row.version(), type);
  }

  /** The timeout that fired: the earliest passed deadline that applies to the message's state. */
  static TimeoutType fired(TimedOut row, Instant now) {
    return earliestPassed(
        row.info().state() == TaskState.RUNNING ? RUN_DEADLINES : WAIT_DEADLINES,
        type -> deadline(row, type),
        now,
        TimeoutType.SCHEDULE_TO_CLOSE);
  }

  /**
   * Of the candidates, the one whose deadline passed first (the earlier candidate on a tie); {@code
   * otherwise} if none passed.
   */
  private static TimeoutType earliestPassed(
      List<TimeoutType> candidates,
      Function<TimeoutType, Instant> deadlines,
      Instant now,
      TimeoutType otherwise) {
    TimeoutType fired = otherwise;
    Instant earliest = null;
    for (TimeoutType type : candidates) {
      Instant deadline = deadlines.apply(type);
      if (deadline != null
          && !deadline.isAfter(now)
          && (earliest == null || deadline.isBefore(earliest))) {
        earliest = deadline;
        fired = type;
      }
    }
    return fired;
  }

  private static Instant deadline(TimedOut row, TimeoutType type) {
    return switch (type) {
      case SCHEDULE_TO_START -> row.scheduleToStart();
      case SCHEDULE_TO_CLOSE -> row.scheduleToClose();
      case START_TO_CLOSE -> row.startToClose();
      case HEARTBEAT -> row.heartbeat();
    };
  }
}
