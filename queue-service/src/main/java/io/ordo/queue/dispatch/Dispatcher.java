package io.ordo.queue.dispatch;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.bus.Addresses;
import io.ordo.bus.BusErrors;
import io.ordo.bus.ClaimRequest;
import io.ordo.bus.ClaimedTask;
import io.ordo.bus.ClaimedTasks;
import io.ordo.bus.ProtocolCodecs;
import io.ordo.bus.ReportBatch;
import io.ordo.db.Transactions;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.WorkNotifier;
import io.ordo.queue.store.ContextRow;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.ClaimedRow;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The queue service's side of the runner protocol: hands out batches of runnable messages ({@link
 * Addresses#QUEUE_CLAIM}) and applies the transitions runners report ({@link
 * Addresses#QUEUE_REPORT}).
 */
public final class Dispatcher {
  private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

  // claims: one statement each, planned once per connection (PlanProfile.CLAIM)
  private final Pool claimPool;
  // reports: statements planned once per connection (PlanProfile.HOT_PATH)
  private final ReportBatches reports;
  private final TaskStore tasks;
  private final WorkNotifier notifier;
  private final HistoryNotifier historyNotifier;
  private final EventBus eventBus;
  private final QueueMetrics metrics;
  private final Clock clock;

  /**
   * @param claims the pool the claims run on: one claim serves a batch, and its best plan depends
   *     on its parameters and on how many serial queues there are
   * @param reports the pool the reports run on
   */
  public Dispatcher(
      Pool claims,
      Pool reports,
      EventBus eventBus,
      WorkNotifier notifier,
      QueueMetrics metrics,
      Clock clock) {
    this.claimPool = claims;
    this.clock = clock;
    this.tasks = new TaskStore();
    this.reports =
        new ReportBatches(
            reports,
            new ReportApplier(tasks, new QueueStore(), new HistoryStore(), metrics),
            this::announce);
    this.notifier = notifier;
    this.historyNotifier = new HistoryNotifier(eventBus);
    this.eventBus = eventBus;
    this.metrics = metrics;
  }

  /** Takes the runners' reports on the caller's context. */
  public void registerReports(EventBus eventBus) {
    ProtocolCodecs.register(eventBus);
    eventBus.<ReportBatch>consumer(Addresses.QUEUE_REPORT, this::report);
  }

  /** Takes the runners' claims on the caller's context. */
  public void registerClaims(EventBus eventBus) {
    ProtocolCodecs.register(eventBus);
    eventBus.<ClaimRequest>consumer(Addresses.QUEUE_CLAIM, this::claim);
  }

  private void claim(Message<ClaimRequest> message) {
    ClaimRequest request = message.body();
    UUID owner = UUID.fromString(request.ownerId());
    // One statement claims, accepts and writes TaskAccepted, on its own (no transaction around it)
    tasks
        .claim(
            claimPool,
            owner,
            request.capacity(),
            request.serialCapacity(),
            request.taskTypes(),
            new TaskStore.Settling(
                request.settlingFrom(),
                request.settling().stream()
                    .map(q -> new TaskStore.SerialQueue(q.tenant(), q.queueId()))
                    .toList()),
            clock.instant())
        .recover(
            error -> {
              if (Transactions.isUniqueViolation(error)) {
                // The serial-queue index caught a race; nobody got a second task, and nothing this
                // claim would have taken was taken. Answered as a failed claim, which its runner
                // sends again a second later (ClaimLoop), not a poll later.
                LOG.warn("Claim for {} lost a serial-queue race: {}", owner, error.getMessage());
                return Future.failedFuture(
                    new TaskControlException(
                        ErrorCode.UNAVAILABLE,
                        "the claim lost a race for a serial queue's head; claim again"));
              }
              return Future.failedFuture(error);
            })
        .onSuccess(
            claimed -> {
              message.reply(
                  new ClaimedTasks(claimed.stream().map(row -> claimedTask(owner, row)).toList()));
              if (!claimed.isEmpty()) {
                accepted(claimed);
              }
            })
        .onFailure(error -> BusErrors.fail(message, error));
  }

  /** After a claim committed: metrics and live tails of the TaskAccepted events it wrote. */
  private void accepted(List<ClaimedRow> claimed) {
    metrics.claimed(claimed.size());
    List<HistoryEvent> events = new ArrayList<>(claimed.size());
    for (ClaimedRow row : claimed) {
      metrics.transition(row.tenant(), row.kind(), "accepted");
      events.add(
          new HistoryEvent(
              row.tenant(),
              row.messageId(),
              row.acceptedEventId(),
              HistoryEventType.TaskAccepted,
              row.acceptedAt(),
              new JsonObject()));
    }
    historyNotifier.appended(events);
  }

  private static ClaimedTask claimedTask(UUID owner, ClaimedRow r) {
    ContextRow context = r.context();
    return new ClaimedTask(
        r.tenant(),
        r.messageId(),
        r.kind(),
        r.queueId(),
        r.taskClassName(),
        r.jsPath(),
        r.parameter(),
        r.timeouts(),
        r.attempt() + 1,
        owner.toString(),
        r.version(),
        context == null ? new JsonObject() : context.toJson(r.tenant()),
        r.receivedAt(),
        r.nextHeadReceivedAt());
  }

  private void report(Message<ReportBatch> message) {
    ReportBatch batch = message.body();
    reports
        .apply(batch.node(), batch.reports())
        .onSuccess(results -> message.reply(new ReportBatch.Answer(results)))
        .onFailure(error -> BusErrors.fail(message, error));
  }

  /** After a lifecycle transaction committed: metrics, live tails, runners. */
  public void announce(io.ordo.queue.lifecycle.Transition transition) {
    transition.committed();
    historyNotifier.appended(transition.announced());
    for (var execution : transition.pendingExecutions()) {
      eventBus.send(
          Addresses.EXECUTION_PENDING,
          new JsonObject()
              .put("tenant", execution.tenant())
              .put("executionId", execution.executionId()));
    }
    if (transition.hasFreedWork()) {
      notifier.workAvailable("task ended");
    }
    transition.dueTimes().forEach(notifier::workDueAt);
  }

  /** Announces new history events after commit, for live tails. */
  static final class HistoryNotifier {
    private final EventBus eventBus;

    HistoryNotifier(EventBus eventBus) {
      this.eventBus = eventBus;
    }

    void appended(List<HistoryEvent> events) {
      if (events.isEmpty()) {
        return;
      }
      Map<String, Long> last = new java.util.LinkedHashMap<>();
      for (HistoryEvent event : events) {
        last.merge(event.tenant() + "/" + event.executionId(), event.eventId(), Math::max);
      }
      JsonArray appended = new JsonArray();
      last.forEach(
          (key, eventId) -> {
            int slash = key.indexOf('/');
            appended.add(
                new JsonObject()
                    .put("tenant", key.substring(0, slash))
                    .put("executionId", key.substring(slash + 1))
                    .put("lastEventId", eventId));
          });
      eventBus.publish(Addresses.HISTORY_APPENDED, new JsonObject().put("appended", appended));
    }
  }
}
