package io.ordo.queue.dispatch;

import io.ordo.bus.ReportBatch.Result;
import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.TaskSummaries;
import io.ordo.model.QueueKind;
import io.ordo.model.RetryState;
import io.ordo.model.TaskInfo;
import io.ordo.queue.lifecycle.HeadPositions;
import io.ordo.queue.lifecycle.MessageEnd;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.Transition;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.QueueStore.SerialKey;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.Hold;
import io.ordo.queue.store.TaskStore.Moved;
import io.ordo.queue.store.TaskStore.Retryable;
import io.ordo.queue.store.TaskStore.Stepped;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Applies a batch of runner reports in one transaction (SPEC 3.3): each transition only if the
 * runner still holds the message (lock version and live lease), each with its history events, so a
 * state change and its events commit together or not at all.
 */
final class ReportApplier {
  private static final Result APPLIED = Result.APPLIED;

  private static final Set<ReportType> ENDING =
      EnumSet.of(ReportType.COMPLETED, ReportType.FAILED, ReportType.REJECTED, ReportType.RELEASED);

  private static final String[] RUNNING = {"RUNNING"};
  private static final String[] NOT_STARTED = {"INITIAL", "ACCEPT_WAIT", "READY"};

  private final TaskStore tasks;
  private final QueueStore queues;
  private final HistoryStore history;
  private final HeadPositions heads;
  private final QueueMetrics metrics;
  private final MessageEnd ends;

  ReportApplier(TaskStore tasks, QueueStore queues, HistoryStore history, QueueMetrics metrics) {
    this.tasks = tasks;
    this.queues = queues;
    this.history = history;
    this.heads = new HeadPositions(queues);
    this.metrics = metrics;
    this.ends = new MessageEnd(metrics);
  }

  /** What a batch did: per report APPLIED or LOST, and the transition it wrote. */
  record Outcome(Result[] results, Transition transition) {}

  /** The batch being applied. */
  private record Batch(SqlClient tx, String node, List<TaskReport> reports, Outcome outcome) {
    TaskReport report(int index) {
      return reports.get(index);
    }

    Hold hold(int index) {
      TaskReport r = reports.get(index);
      return new Hold(r.tenant(), r.messageId(), r.ownerId(), r.version());
    }

    List<Hold> holds(List<Integer> indexes) {
      return indexes.stream().map(this::hold).toList();
    }

    List<Instant> times(List<Integer> indexes) {
      return indexes.stream().map(i -> reports.get(i).time()).toList();
    }

    void event(
        int index, long eventId, HistoryEventType type, Instant time, JsonObject attributes) {
      TaskReport r = reports.get(index);
      outcome.transition().event(r.tenant(), r.messageId(), eventId, type, time, attributes);
    }
  }

  /**
   * A batch of STARTED reports alone: the start statement writes everything (the rows, their
   * events, executions' inboxes), so it runs on its own, committed as it completes.
   */
  Future<Outcome> applyStarts(SqlClient client, String node, List<TaskReport> reports) {
    Batch batch = batch(client, node, reports);
    List<Integer> all = java.util.stream.IntStream.range(0, reports.size()).boxed().toList();
    return start(batch, all).map(batch.outcome());
  }

  private static Batch batch(SqlClient client, String node, List<TaskReport> reports) {
    Result[] results = new Result[reports.size()];
    java.util.Arrays.fill(results, Result.LOST);
    return new Batch(client, node, reports, new Outcome(results, new Transition()));
  }

  Future<Outcome> apply(SqlConnection tx, String node, List<TaskReport> reports) {
    Batch batch = batch(tx, node, reports);
    Map<ReportType, List<Integer>> byType = new EnumMap<>(ReportType.class);
    for (ReportType type : ReportType.values()) {
      byType.put(type, new ArrayList<>());
    }
    for (int i = 0; i < reports.size(); i++) {
      byType.get(reports.get(i).type()).add(i);
    }
    List<Integer> starts = byType.get(ReportType.STARTED);
    List<Integer> completions = byType.get(ReportType.COMPLETED);
    return queues
        .lockSerial(tx, endingSerialQueues(reports))
        .compose(locked -> startAndFinish(batch, pairs(batch, starts, completions)))
        .compose(
            written -> {
              // the rest the usual way: a start, then the outcomes
              List<Integer> finished = new ArrayList<>(without(completions, written));
              finished.addAll(byType.get(ReportType.FAILED));
              return start(batch, without(starts, written))
                  .compose(v -> heartbeat(batch, byType.get(ReportType.HEARTBEAT)))
                  .compose(v -> finish(batch, finished));
            })
        .compose(v -> reject(batch, byType.get(ReportType.REJECTED)))
        .compose(v -> release(batch, byType.get(ReportType.RELEASED)))
        .compose(v -> batch.outcome().transition().write(tx, history, queues))
        .map(batch.outcome());
  }

  /**
   * The serial queues whose rows the batch's outcomes may change (a message leaving or going back
   * to waiting moves its queue's runnable head): locked first, in key order, so that this
   * transaction, a registration and the sweeps never lock two of them in opposite orders. (Removing
   * a waiting message locks it first and its queue after; racing this batch's outcome for that same
   * prefetched message, it can still deadlock with it. PostgreSQL breaks that after {@code
   * deadlock_timeout} and the loser is retried: rare, and slow only then.)
   */
  private static List<SerialKey> endingSerialQueues(List<TaskReport> reports) {
    List<SerialKey> keys = new ArrayList<>();
    for (TaskReport report : reports) {
      if (report.kind() == QueueKind.SERIAL && ENDING.contains(report.type())) {
        keys.add(new SerialKey(report.tenant(), report.queueId()));
      }
    }
    return keys;
  }

  /** A start and the successful outcome of the same hold, in one batch: written as one. */
  private record Pair(int start, int completion) {}

  private static List<Pair> pairs(Batch batch, List<Integer> starts, List<Integer> completions) {
    Map<Hold, Integer> started = new HashMap<>();
    for (int index : starts) {
      started.putIfAbsent(batch.hold(index), index);
    }
    List<Pair> pairs = new ArrayList<>();
    for (int index : completions) {
      Integer start = started.remove(batch.hold(index));
      if (start != null) {
        pairs.add(new Pair(start, index));
      }
    }
    return pairs;
  }

  private static List<Integer> without(List<Integer> indexes, Set<Integer> written) {
    return indexes.stream().filter(index -> !written.contains(index)).toList();
  }

  /**
   * Writes each pair as one (READY → deleted, {@code TaskStarted} and {@code TaskCompleted});
   * answers the indexes of the reports it wrote. A pair whose message was not READY under the hold
   * (a repeat, or a lost hold) is left to the usual statements, which answer it as they always do.
   */
  private Future<Set<Integer>> startAndFinish(Batch batch, List<Pair> pairs) {
    if (pairs.isEmpty()) {
      return Future.succeededFuture(Set.of());
    }
    List<Integer> starts = pairs.stream().map(Pair::start).toList();
    return tasks
        .startAndFinish(batch.tx(), batch.holds(starts), batch.times(starts))
        .map(
            results -> {
              Set<Integer> written = new HashSet<>();
              eachWritten(
                  pairs,
                  results,
                  (pair, both) -> {
                    started(batch, pair.start(), Optional.of(both.start()));
                    finished(batch, pair.completion(), both.end(), null);
                    written.add(pair.start());
                    written.add(pair.completion());
                  });
              return written;
            });
  }

  private Future<Void> start(Batch batch, List<Integer> indexes) {
    return tasks
        .start(batch.tx(), batch.holds(indexes), batch.times(indexes))
        .map(
            results -> {
              for (int i = 0; i < indexes.size(); i++) {
                started(batch, indexes.get(i), results.get(i));
              }
              return null;
            });
  }

  /**
   * Records what a start statement did: the report applied, its metrics and the live tails told of
   * the {@code TaskStarted} it wrote (a repeat of an applied report wrote nothing).
   */
  private void started(Batch batch, int index, Optional<Stepped> result) {
    if (result.isEmpty()) {
      return;
    }
    Stepped step = result.get();
    batch.outcome().results()[index] = APPLIED;
    if (!step.fresh()) {
      return;
    }
    TaskReport report = batch.report(index);
    Duration waited = Duration.between(step.receivedAt(), step.time());
    Transition transition = batch.outcome().transition();
    transition.afterCommit(() -> metrics.waited(step.kind(), waited));
    transition.written(
        new HistoryEvent(
            report.tenant(),
            report.messageId(),
            step.eventId(),
            HistoryEventType.TaskStarted,
            step.time(),
            step.attributes()));
    if (step.executionId() != null) {
      transition.executionPending(report.tenant(), step.executionId());
    }
    counted(batch, index, "started");
  }

  private Future<Void> heartbeat(Batch batch, List<Integer> indexes) {
    List<Object> details = new ArrayList<>();
    for (int index : indexes) {
      details.add(batch.report(index).data().getValue("details"));
    }
    return tasks
        .heartbeat(batch.tx(), batch.holds(indexes), details, batch.times(indexes))
        .map(
            results -> {
              for (int i = 0; i < indexes.size(); i++) {
                if (results.get(i)) {
                  batch.outcome().results()[indexes.get(i)] = APPLIED;
                }
              }
              return null;
            });
  }

  /**
   * COMPLETED and FAILED: the message is disposed with TaskCompleted or TaskFailed, unless its
   * retry policy retries the failed run.
   */
  private Future<Void> finish(Batch batch, List<Integer> indexes) {
    List<Integer> failed =
        indexes.stream().filter(i -> batch.report(i).type() == ReportType.FAILED).toList();
    return retryFailed(batch, failed)
        .compose(
            whyEnded -> {
              List<Integer> ending =
                  indexes.stream()
                      .filter(
                          i ->
                              batch.report(i).type() != ReportType.FAILED
                                  || whyEnded.containsKey(i))
                      .toList();
              return tasks
                  .finish(batch.tx(), batch.holds(ending), RUNNING)
                  .map(
                      results -> {
                        eachWritten(
                            ending,
                            results,
                            (index, moved) -> finished(batch, index, moved, whyEnded.get(index)));
                        return null;
                      });
            });
  }

  /**
   * The failed runs their messages' retry policies retry: back to waiting with their next attempt's
   * time and {@code TaskRetryScheduled}. Answers the others' indexes, each with why its run ends
   * the message.
   */
  private Future<Map<Integer, RetryState>> retryFailed(Batch batch, List<Integer> failed) {
    if (failed.isEmpty()) {
      return Future.succeededFuture(Map.of());
    }
    return tasks
        .lockRetryable(batch.tx(), batch.holds(failed), RUNNING)
        .compose(
            locked -> {
              List<Integer> retrying = new ArrayList<>();
              List<TaskStore.RetryAt> retries = new ArrayList<>();
              Map<Integer, RetryState> whyEnded = new HashMap<>();
              for (int i = 0; i < failed.size(); i++) {
                int index = failed.get(i);
                TaskReport report = batch.report(index);
                String error = report.data().getString("error");
                Retryable row = locked.get(i).orElse(null);
                Optional<Instant> next =
                    row == null ? Optional.empty() : ends.nextAttempt(row, error, report.time());
                if (next.isPresent()) {
                  retrying.add(index);
                  retries.add(
                      new TaskStore.RetryAt(report.tenant(), report.messageId(), next.get()));
                } else {
                  whyEnded.put(index, ends.whyEnded(row, error));
                }
              }
              return tasks
                  .retry(batch.tx(), retries)
                  .map(
                      moved -> {
                        for (int k = 0; k < retrying.size(); k++) {
                          retried(batch, retrying.get(k), moved.get(k), retries.get(k));
                        }
                        return whyEnded;
                      });
            });
  }

  private void retried(Batch batch, int index, Moved moved, TaskStore.RetryAt retry) {
    TaskReport report = batch.report(index);
    JsonObject failure =
        new JsonObject()
            .put("node", batch.node())
            .put("fencingToken", report.version())
            .put("error", report.data().getString("error"))
            .put("cause", report.data().getString("cause"))
            .put("details", report.data().getValue("details"));
    Transition transition = batch.outcome().transition();
    ends.retry(transition, report.tenant(), moved, report.time(), retry.notBefore(), failure);
    batch.outcome().results()[index] = APPLIED;
  }

  /**
   * @param whyEnded why a failed run ended its message (null for a completion)
   */
  private void finished(Batch batch, int index, Moved moved, RetryState whyEnded) {
    TaskReport report = batch.report(index);
    TaskInfo info = moved.info();
    Instant time = notBefore(report.time(), info.startTime());
    boolean failed = report.type() == ReportType.FAILED;
    JsonObject attributes =
        new JsonObject()
            .put("node", batch.node())
            .put("scheduledEventId", 1)
            .put("startedEventId", moved.startedEventId())
            .put("fencingToken", report.version());
    JsonObject outcome = TaskSummaries.outcome(failed ? "FAILED" : "COMPLETED");
    if (failed) {
      attributes
          .put("error", report.data().getString("error"))
          .put("cause", report.data().getString("cause"))
          .put("details", report.data().getValue("details"))
          .put("retryState", whyEnded.name());
      outcome
          .put("error", attributes.getString("error"))
          .put("cause", attributes.getString("cause"))
          .put("retryState", whyEnded.name());
    } else {
      attributes.put("result", report.data().getValue("result"));
      outcome.put("result", attributes.getValue("result"));
    }
    Transition transition = batch.outcome().transition();
    ends.end(
        transition,
        report.tenant(),
        info,
        moved.lastEventId(),
        time,
        List.of(
            new MessageEnd.Event(
                failed ? HistoryEventType.TaskFailed : HistoryEventType.TaskCompleted, attributes)),
        failed ? "stopProgressOnError" : null,
        outcome,
        failed ? "failed" : "completed");
    batch.outcome().results()[index] = APPLIED;
    if (info.startTime() != null) {
      Duration ran = Duration.between(info.startTime(), time);
      transition.afterCommit(() -> metrics.ran(report.kind(), ran));
    }
  }

  /** REJECTED: taskRejected was called; back to the head of the queue in WAITING. */
  private Future<Void> reject(Batch batch, List<Integer> indexes) {
    return requeue(batch, indexes, NOT_STARTED, index -> 1, true)
        .map(
            results -> {
              eachWritten(
                  indexes,
                  results,
                  (index, moved) -> {
                    TaskReport report = batch.report(index);
                    batch.event(
                        index,
                        moved.lastEventId(),
                        HistoryEventType.TaskRejected,
                        report.time(),
                        new JsonObject()
                            .put("node", batch.node())
                            .put("reason", report.data().getString("reason")));
                    batch.outcome().results()[index] = APPLIED;
                    batch.outcome().transition().freedWork();
                    counted(batch, index, "rejected");
                  });
              return null;
            });
  }

  /**
   * RELEASED: an end notification or a forced stop reached the task. Records the request, the
   * release (or stop), then re-entry at the head or disposal, and the queue's stop if asked.
   */
  private Future<Void> release(Batch batch, List<Integer> indexes) {
    List<Integer> reentering = new ArrayList<>();
    List<Integer> disposing = new ArrayList<>();
    for (int index : indexes) {
      (batch.report(index).data().getBoolean("reentry", false) ? reentering : disposing).add(index);
    }
    return requeue(batch, reentering, RUNNING, index -> releaseEvents(batch.report(index)), false)
        .map(results -> released(batch, reentering, results, true))
        .compose(v -> tasks.finish(batch.tx(), batch.holds(disposing), RUNNING))
        .map(results -> released(batch, disposing, results, false));
  }

  private Void released(
      Batch batch, List<Integer> indexes, List<Optional<Moved>> results, boolean reentry) {
    eachWritten(indexes, results, (index, moved) -> released(batch, index, moved, reentry));
    return null;
  }

  /** Records one applied release or stop: its events, the queue's stop, re-entry or disposal. */
  private void released(Batch batch, int index, Moved moved, boolean reentry) {
    TaskReport report = batch.report(index);
    JsonObject data = report.data();
    boolean forced = data.getBoolean("forced", false);
    boolean stop = data.getBoolean("stop", false);
    // A requeued row answers its new last event id; a deleted one its last before these events.
    long eventId =
        reentry ? moved.lastEventId() - releaseEvents(report) + 1 : moved.lastEventId() + 1;
    String requestedAt = data.getString("requestedAt");
    batch.event(
        index,
        eventId++,
        forced ? HistoryEventType.TaskStopRequested : HistoryEventType.TaskReleaseRequested,
        requestedAt == null ? report.time() : Instant.parse(requestedAt),
        new JsonObject()
            .put("reentry", reentry)
            .put("stop", stop)
            .put("identity", data.getString("identity")));
    batch.event(
        index,
        eventId++,
        forced ? HistoryEventType.TaskStopped : HistoryEventType.TaskReleased,
        report.time(),
        new JsonObject()
            .put("node", batch.node())
            .put("startedEventId", moved.startedEventId())
            .put("method", data.getString("method")));
    if (reentry) {
      batch.event(
          index,
          eventId++,
          HistoryEventType.TaskReentered,
          report.time(),
          new JsonObject().put("position", "head"));
    }
    Transition transition = batch.outcome().transition();
    if (stop) {
      transition.stopQueue(
          report.tenant(),
          moved.info(),
          eventId++,
          report.time(),
          forced ? "stop" : "release",
          false);
    }
    if (reentry) {
      transition.freedWork();
    } else {
      transition.dispose(
          report.tenant(),
          moved.info(),
          report.time(),
          eventId - 1,
          TaskSummaries.outcome(forced ? "STOPPED" : "RELEASED"));
    }
    batch.outcome().results()[index] = APPLIED;
    counted(batch, index, forced ? "stopped" : "released");
  }

  /**
   * Calls {@code action} for each item a set-based statement wrote, with what it answered: {@code
   * answers} holds one entry per item of {@code asked}, in order, empty where nothing was written
   * (a lost hold, a repeat).
   */
  private static <K, T> void eachWritten(
      List<K> asked, List<Optional<T>> answers, BiConsumer<K, T> action) {
    for (int i = 0; i < asked.size(); i++) {
      K item = asked.get(i);
      answers.get(i).ifPresent(answer -> action.accept(item, answer));
    }
  }

  private static int releaseEvents(TaskReport report) {
    JsonObject data = report.data();
    return 2
        + (data.getBoolean("reentry", false) ? 1 : 0)
        + (data.getBoolean("stop", false) ? 1 : 0);
  }

  /** Puts held messages back at the head of their queues, reserving event ids for each. */
  private Future<List<Optional<Moved>>> requeue(
      Batch batch,
      List<Integer> indexes,
      String[] states,
      java.util.function.IntUnaryOperator events,
      boolean rejected) {
    if (indexes.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<TaskReport> reports = indexes.stream().map(batch::report).toList();
    return heads
        .reserve(
            batch.tx(),
            reports.stream()
                .map(r -> new HeadPositions.Key(r.tenant(), r.kind(), r.queueId()))
                .toList())
        .compose(
            positions ->
                tasks.requeue(
                    batch.tx(),
                    batch.holds(indexes),
                    states,
                    positions,
                    indexes.stream().map(events::applyAsInt).toList(),
                    indexes.stream()
                        .map(i -> rejected && batch.report(i).data().getBoolean("backoff", true))
                        .toList()));
  }

  private void counted(Batch batch, int index, String transition) {
    TaskReport report = batch.report(index);
    QueueKind kind = report.kind();
    batch
        .outcome()
        .transition()
        .afterCommit(() -> metrics.transition(report.tenant(), kind, transition));
  }

  private static Instant notBefore(Instant time, Instant floor) {
    return floor != null && time.isBefore(floor) ? floor : time;
  }
}
