package io.ordo.queue.maintenance;

import io.ordo.bus.Addresses;
import io.ordo.bus.RunnerControl;
import io.ordo.db.Transactions;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.model.TaskState;
import io.ordo.model.TimeoutType;
import io.ordo.queue.lifecycle.MessageEnd;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.Summaries;
import io.ordo.queue.lifecycle.Transition;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.TimedOut;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Enforces SWF's four timeouts (SPEC 4) from any live queue service, whichever node ran the task: a
 * message whose deadline passed is disposed with {@code TaskTimedOut} (SCHEDULE_TO_START and a
 * SCHEDULE_TO_CLOSE before the start: without running; START_TO_CLOSE, HEARTBEAT, a later
 * SCHEDULE_TO_CLOSE: the runner is told to release the task, and its later completion is refused).
 * A timeout counts as an error for {@code stopProgressOnError}.
 */
public final class TimeoutSweep {
  /** Messages one transaction takes at most. */
  static final int BATCH = 500;

  private final Pool pool;
  private final EventBus eventBus;
  private final MessageEnd ends;
  private final TaskStore tasks = new TaskStore();
  private final QueueStore queues = new QueueStore();
  private final HistoryStore history = new HistoryStore();

  public TimeoutSweep(Pool pool, EventBus eventBus, QueueMetrics metrics) {
    this.pool = pool;
    this.eventBus = eventBus;
    this.ends = new MessageEnd(metrics);
  }

  /** Times out what is due at {@code now}; answers the transition to announce. */
  public Future<Transition> sweep(Instant now) {
    return Transactions.withRetry(
        pool,
        tx ->
            tasks
                .deleteTimedOut(tx, now, BATCH)
                .compose(
                    rows -> {
                      Transition transition = new Transition();
                      rows.forEach(row -> timedOut(transition, row, now));
                      return transition.write(tx, history, queues).map(transition);
                    }));
  }

  private void timedOut(Transition transition, TimedOut row, Instant now) {
    String tenant = row.tenant();
    TimeoutType type = fired(row, now);
    boolean started = row.info().state() == TaskState.RUNNING;
    ends.end(
        transition,
        tenant,
        row.info(),
        row.lastEventId(),
        now,
        List.of(
            new MessageEnd.Event(
                HistoryEventType.TaskTimedOut,
                new JsonObject()
                    .put("timeoutType", type.name())
                    .put("scheduledEventId", 1)
                    .put(
                        "startedEventId",
                        started && row.startedEventId() != null ? row.startedEventId() : 0)
                    .put("deadline", deadline(row, type).toString()))),
        "timeout",
        Summaries.outcome("TIMED_OUT").put("timeoutType", type.name()),
        "timed_out");
    if (row.ownerId() != null) {
      // The runner, if alive, is told to release the task; its later reports find no hold.
      transition.afterCommit(
          () ->
              eventBus.send(
                  Addresses.runnerControl(row.ownerId()),
                  RunnerControl.lost(
                          row.info().messageId(), row.version(), type.name() + " timeout")
                      .toJson()));
    }
  }

  /** The timeout that fired: the earliest passed deadline that applies to the message's state. */
  static TimeoutType fired(TimedOut row, Instant now) {
    List<TimeoutType> candidates = new ArrayList<>();
    if (row.info().state() == TaskState.RUNNING) {
      candidates.addAll(
          List.of(
              TimeoutType.START_TO_CLOSE, TimeoutType.HEARTBEAT, TimeoutType.SCHEDULE_TO_CLOSE));
    } else {
      candidates.addAll(List.of(TimeoutType.SCHEDULE_TO_START, TimeoutType.SCHEDULE_TO_CLOSE));
    }
    TimeoutType fired = null;
    for (TimeoutType type : candidates) {
      Instant deadline = deadline(row, type);
      if (deadline != null
          && !deadline.isAfter(now)
          && (fired == null || deadline.isBefore(deadline(row, fired)))) {
        fired = type;
      }
    }
    return fired == null ? TimeoutType.SCHEDULE_TO_CLOSE : fired;
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
