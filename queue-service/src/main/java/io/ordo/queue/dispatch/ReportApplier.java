package io.ordo.queue.dispatch;

import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.queue.QueueMetrics;
import io.ordo.queue.management.Summaries;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.Hold;
import io.ordo.queue.store.TaskStore.Moved;
import io.ordo.queue.store.TaskStore.Stepped;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a batch of runner reports in one transaction (SPEC 3.3): each transition only if the
 * runner still holds the message (lock version and live lease), each with its history events, so a
 * state change and its events commit together or not at all.
 */
final class ReportApplier {
  static final String APPLIED = "APPLIED";
  static final String LOST = "LOST";

  private static final String[] RUNNING = {"RUNNING"};
  private static final String[] NOT_STARTED = {"INITIAL", "ACCEPT_WAIT", "READY"};

  private final TaskStore tasks;
  private final QueueStore queues;
  private final HistoryStore history;
  private final QueueMetrics metrics;

  ReportApplier(TaskStore tasks, QueueStore queues, HistoryStore history, QueueMetrics metrics) {
    this.tasks = tasks;
    this.queues = queues;
    this.history = history;
    this.metrics = metrics;
  }

  /** What a batch did: per report APPLIED or LOST, and what to announce after commit. */
  static final class Outcome {
    final String[] results;
    final List<HistoryEvent> events = new ArrayList<>();
    final List<HistoryStore.Closing> closings = new ArrayList<>();
    final List<Runnable> afterCommit = new ArrayList<>();
    boolean freedCapacity;

    Outcome(int size) {
      results = new String[size];
      java.util.Arrays.fill(results, LOST);
    }
  }

  Future<Outcome> apply(SqlConnection tx, String ownerId, String node, List<TaskReport> reports) {
    Outcome outcome = new Outcome(reports.size());
    Map<ReportType, List<Integer>> byType = new LinkedHashMap<>();
    for (ReportType type : ReportType.values()) {
      byType.put(type, new ArrayList<>());
    }
    for (int i = 0; i < reports.size(); i++) {
      byType.get(reports.get(i).type()).add(i);
    }
    Ctx ctx = new Ctx(tx, ownerId, node, reports, outcome);
    return accept(ctx, byType.get(ReportType.ACCEPTED))
        .compose(v -> start(ctx, byType.get(ReportType.STARTED)))
        .compose(v -> heartbeat(ctx, byType.get(ReportType.HEARTBEAT)))
        .compose(
            v ->
                finish(
                    ctx, concat(byType.get(ReportType.COMPLETED), byType.get(ReportType.FAILED))))
        .compose(v -> reject(ctx, byType.get(ReportType.REJECTED)))
        .compose(v -> release(ctx, byType.get(ReportType.RELEASED)))
        .compose(v -> history.append(tx, outcome.events))
        .compose(v -> history.close(tx, outcome.closings))
        .map(outcome);
  }

  private record Ctx(
      SqlConnection tx, String ownerId, String node, List<TaskReport> reports, Outcome outcome) {
    Hold hold(int index) {
      TaskReport r = reports.get(index);
      return new Hold(r.tenant(), r.messageId(), ownerId, r.version());
    }

    void event(
        int index, long eventId, HistoryEventType type, Instant time, JsonObject attributes) {
      TaskReport r = reports.get(index);
      outcome.events.add(
          new HistoryEvent(r.tenant(), r.messageId(), eventId, type, time, attributes));
    }
  }

  private Future<Void> accept(Ctx ctx, List<Integer> indexes) {
    return tasks
        .accept(ctx.tx(), holds(ctx, indexes), times(ctx, indexes))
        .map(
            results -> {
              for (int i = 0; i < indexes.size(); i++) {
                int index = indexes.get(i);
                Optional<Stepped> result = results.get(i);
                if (result.isPresent() && !result.get().fresh()) {
                  ctx.outcome().results[index] = APPLIED; // a repeat of an applied report
                } else if (result.isPresent()) {
                  Stepped step = result.get();
                  ctx.event(
                      index,
                      step.eventId(),
                      HistoryEventType.TaskAccepted,
                      step.time(),
                      new JsonObject().put("node", ctx.node()).put("scheduledEventId", 1));
                  applied(ctx, index, "accepted");
                }
              }
              return null;
            });
  }

  private Future<Void> start(Ctx ctx, List<Integer> indexes) {
    return tasks
        .start(ctx.tx(), holds(ctx, indexes), times(ctx, indexes))
        .map(
            results -> {
              for (int i = 0; i < indexes.size(); i++) {
                int index = indexes.get(i);
                Optional<Stepped> result = results.get(i);
                if (result.isPresent() && !result.get().fresh()) {
                  ctx.outcome().results[index] = APPLIED; // a repeat of an applied report
                } else if (result.isPresent()) {
                  Stepped step = result.get();
                  ctx.event(
                      index,
                      step.eventId(),
                      HistoryEventType.TaskStarted,
                      step.time(),
                      new JsonObject()
                          .put("node", ctx.node())
                          .put("attempt", step.attempt())
                          .put("scheduledEventId", 1));
                  applied(ctx, index, "started");
                  QueueKind kind = ctx.reports().get(index).kind();
                  ctx.outcome()
                      .afterCommit
                      .add(
                          () ->
                              metrics.waited(
                                  kind, Duration.between(step.receivedAt(), step.time())));
                }
              }
              return null;
            });
  }

  private Future<Void> heartbeat(Ctx ctx, List<Integer> indexes) {
    List<Object> details = new ArrayList<>();
    for (int index : indexes) {
      details.add(ctx.reports().get(index).data().getValue("details"));
    }
    return tasks
        .heartbeat(ctx.tx(), holds(ctx, indexes), details, times(ctx, indexes))
        .map(
            results -> {
              for (int i = 0; i < indexes.size(); i++) {
                if (results.get(i)) {
                  ctx.outcome().results[indexes.get(i)] = APPLIED;
                }
              }
              return null;
            });
  }

  /** COMPLETED and FAILED: the message is disposed with TaskCompleted or TaskFailed. */
  private Future<Void> finish(Ctx ctx, List<Integer> indexes) {
    List<String[]> states = indexes.stream().map(i -> RUNNING).toList();
    return tasks
        .finish(ctx.tx(), holds(ctx, indexes), states)
        .compose(
            results -> {
              List<Future<Void>> deactivations = new ArrayList<>();
              for (int i = 0; i < indexes.size(); i++) {
                if (results.get(i).isEmpty()) {
                  continue;
                }
                int index = indexes.get(i);
                TaskReport report = ctx.reports().get(index);
                Moved moved = results.get(i).get();
                TaskInfo info = moved.info();
                Instant time = notBefore(report.time(), info.startTime());
                long eventId = moved.lastEventId() + 1;
                boolean failed = report.type() == ReportType.FAILED;
                JsonObject attributes = endedAttributes(moved, report, failed);
                ctx.event(
                    index,
                    eventId,
                    failed ? HistoryEventType.TaskFailed : HistoryEventType.TaskCompleted,
                    time,
                    attributes);
                if (failed && Boolean.TRUE.equals(info.stopProgressOnError())) {
                  eventId++;
                  ctx.event(
                      index,
                      eventId,
                      HistoryEventType.QueueDeactivated,
                      time,
                      new JsonObject()
                          .put("queue", info.queue().apiName())
                          .put("queueId", info.queueId())
                          .put("reason", "stopProgressOnError"));
                  deactivations.add(
                      queues.deactivateBy(
                          ctx.tx(),
                          report.tenant(),
                          report.kind(),
                          report.queueId(),
                          report.messageId()));
                }
                JsonObject outcome = Summaries.outcome(failed ? "FAILED" : "COMPLETED");
                if (failed) {
                  outcome
                      .put("error", attributes.getString("error"))
                      .put("cause", attributes.getString("cause"));
                } else {
                  outcome.put("result", attributes.getValue("result"));
                }
                close(ctx, report, time, eventId, Summaries.disposed(info, outcome));
                applied(ctx, index, failed ? "failed" : "completed");
                if (info.startTime() != null) {
                  QueueKind kind = report.kind();
                  Duration ran = Duration.between(info.startTime(), time);
                  ctx.outcome().afterCommit.add(() -> metrics.ran(kind, ran));
                }
              }
              return Future.all(deactivations).<Void>mapEmpty();
            });
  }

  private static JsonObject endedAttributes(Moved moved, TaskReport report, boolean failed) {
    JsonObject attributes =
        new JsonObject().put("scheduledEventId", 1).put("startedEventId", moved.startedEventId());
    if (failed) {
      attributes
          .put("error", report.data().getString("error"))
          .put("cause", report.data().getString("cause"))
          .put("details", report.data().getValue("details"));
    } else {
      attributes.put("result", report.data().getValue("result"));
    }
    return attributes;
  }

  /** REJECTED: taskRejected was called; back to the head of the queue in WAITING. */
  private Future<Void> reject(Ctx ctx, List<Integer> indexes) {
    return requeue(ctx, indexes, NOT_STARTED, index -> 1)
        .map(
            results -> {
              for (int i = 0; i < indexes.size(); i++) {
                if (results.get(i).isEmpty()) {
                  continue;
                }
                int index = indexes.get(i);
                TaskReport report = ctx.reports().get(index);
                ctx.event(
                    index,
                    results.get(i).get().lastEventId(),
                    HistoryEventType.TaskRejected,
                    report.time(),
                    new JsonObject()
                        .put("node", ctx.node())
                        .put("reason", report.data().getString("reason")));
                applied(ctx, index, "rejected");
              }
              return null;
            });
  }

  /**
   * RELEASED: an end notification or a forced stop reached the task. Records the request, the
   * release (or stop), then re-entry at the head or disposal, and the queue's stop if asked.
   */
  private Future<Void> release(Ctx ctx, List<Integer> indexes) {
    List<Integer> reentering = new ArrayList<>();
    List<Integer> disposing = new ArrayList<>();
    for (int index : indexes) {
      (ctx.reports().get(index).data().getBoolean("reentry", false) ? reentering : disposing)
          .add(index);
    }
    Future<Void> reentered =
        requeue(ctx, reentering, RUNNING, index -> releaseEvents(ctx.reports().get(index)))
            .compose(results -> released(ctx, reentering, results, true));
    return reentered.compose(
        v ->
            tasks
                .finish(
                    ctx.tx(), holds(ctx, disposing), disposing.stream().map(i -> RUNNING).toList())
                .compose(results -> released(ctx, disposing, results, false)));
  }

  private Future<Void> released(
      Ctx ctx, List<Integer> indexes, List<Optional<Moved>> results, boolean reentry) {
    List<Future<Void>> deactivations = new ArrayList<>();
    for (int i = 0; i < indexes.size(); i++) {
      if (results.get(i).isEmpty()) {
        continue;
      }
      int index = indexes.get(i);
      TaskReport report = ctx.reports().get(index);
      Moved moved = results.get(i).get();
      JsonObject data = report.data();
      boolean forced = data.getBoolean("forced", false);
      boolean stop = data.getBoolean("stop", false);
      int count = releaseEvents(report);
      // A requeued row answers its new last event id; a deleted one its last before these events.
      long eventId = reentry ? moved.lastEventId() - count + 1 : moved.lastEventId() + 1;
      Instant requested =
          data.getString("requestedAt") == null
              ? report.time()
              : Instant.parse(data.getString("requestedAt"));
      ctx.event(
          index,
          eventId++,
          forced ? HistoryEventType.TaskStopRequested : HistoryEventType.TaskReleaseRequested,
          requested,
          new JsonObject()
              .put("reentry", reentry)
              .put("stop", stop)
              .put("identity", data.getString("identity")));
      ctx.event(
          index,
          eventId++,
          forced ? HistoryEventType.TaskStopped : HistoryEventType.TaskReleased,
          report.time(),
          new JsonObject()
              .put("node", ctx.node())
              .put("startedEventId", moved.startedEventId())
              .put("method", data.getString("method")));
      if (reentry) {
        ctx.event(
            index,
            eventId++,
            HistoryEventType.TaskReentered,
            report.time(),
            new JsonObject().put("position", "head"));
      }
      if (stop) {
        ctx.event(
            index,
            eventId++,
            HistoryEventType.QueueDeactivated,
            report.time(),
            new JsonObject()
                .put("queue", report.kind().apiName())
                .put("queueId", moved.info().queueId())
                .put("reason", forced ? "stop" : "release"));
        deactivations.add(
            queues.deactivateBy(ctx.tx(), report.tenant(), report.kind(), report.queueId(), null));
      }
      if (!reentry) {
        close(
            ctx,
            report,
            report.time(),
            eventId - 1,
            Summaries.disposed(moved.info(), Summaries.outcome(forced ? "STOPPED" : "RELEASED")));
      }
      applied(ctx, index, forced ? "stopped" : "released");
    }
    return Future.all(deactivations).mapEmpty();
  }

  private static int releaseEvents(TaskReport report) {
    JsonObject data = report.data();
    return 2
        + (data.getBoolean("reentry", false) ? 1 : 0)
        + (data.getBoolean("stop", false) ? 1 : 0);
  }

  /** Puts held messages back at the head of their queues, reserving event ids for each. */
  private Future<List<Optional<Moved>>> requeue(
      Ctx ctx, List<Integer> indexes, String[] states, java.util.function.IntUnaryOperator events) {
    if (indexes.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    Map<TailRequest, List<Integer>> byQueue = new LinkedHashMap<>();
    for (int index : indexes) {
      TaskReport r = ctx.reports().get(index);
      byQueue
          .computeIfAbsent(
              new TailRequest(r.tenant(), r.kind(), r.queueId(), 0), k -> new ArrayList<>())
          .add(index);
    }
    List<TailRequest> requests = new ArrayList<>();
    byQueue.forEach(
        (key, members) ->
            requests.add(new TailRequest(key.tenant(), key.kind(), key.queueId(), members.size())));
    return queues
        .reserveHead(ctx.tx(), requests)
        .compose(
            heads -> {
              Map<Integer, Long> positions = new java.util.HashMap<>();
              int q = 0;
              for (List<Integer> members : byQueue.values()) {
                Long head = heads.get(q++);
                for (int m = 0; m < members.size(); m++) {
                  positions.put(members.get(m), head == null ? 0L : head + m);
                }
              }
              List<Long> ordered = indexes.stream().map(positions::get).toList();
              List<Integer> counts = indexes.stream().map(events::applyAsInt).toList();
              return tasks.requeue(
                  ctx.tx(),
                  holds(ctx, indexes),
                  indexes.stream().map(i -> states).toList(),
                  ordered,
                  counts);
            });
  }

  private static void close(
      Ctx ctx, TaskReport report, Instant time, long lastEventId, JsonObject summary) {
    ctx.outcome()
        .closings
        .add(
            new HistoryStore.Closing(
                report.tenant(), report.messageId(), time, lastEventId, summary));
    ctx.outcome().freedCapacity = true;
  }

  private void applied(Ctx ctx, int index, String transition) {
    ctx.outcome().results[index] = APPLIED;
    TaskReport report = ctx.reports().get(index);
    if (!transition.equals("accepted") && !transition.equals("started")) {
      ctx.outcome().freedCapacity = true;
    }
    ctx.outcome()
        .afterCommit
        .add(() -> metrics.transition(report.tenant(), report.kind(), transition));
  }

  private static List<Hold> holds(Ctx ctx, List<Integer> indexes) {
    return indexes.stream().map(ctx::hold).toList();
  }

  private static List<Instant> times(Ctx ctx, List<Integer> indexes) {
    return indexes.stream().map(i -> ctx.reports().get(i).time()).toList();
  }

  private static Instant notBefore(Instant time, Instant floor) {
    return floor != null && time.isBefore(floor) ? floor : time;
  }

  private static List<Integer> concat(List<Integer> a, List<Integer> b) {
    List<Integer> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
