package io.ordo.queue.management;

import io.ordo.InvalidTaskException;
import io.ordo.TaskIllegalStateException;
import io.ordo.db.Transactions;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.TaskSummaries;
import io.ordo.model.Caller;
import io.ordo.model.MessageIds;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.ordo.model.TaskInfo;
import io.ordo.queue.lifecycle.LostHolds;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.lifecycle.Transition;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.Removed;
import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Removes waiting messages (SPEC 3.3, transition 5), recording {@code TaskRemoved}. A message a
 * runner accepted but has not started (READY, prefetched) can be removed too; its runner is told,
 * so that it never runs it, or, if a thread of that runner took it in the moment before, releases
 * it as a task that lost its hold (its start report finds the message gone).
 */
public final class TaskAdministration {
  private final Pool pool;
  private final LostHolds lostHolds;
  private final TaskStore tasks;
  private final QueueStore queues;
  private final Consumer<Transition> announcer;
  private final HistoryStore history;
  private final QueueMetrics metrics;
  private final Clock clock;

  /**
   * @param announcer what runs after a removal committed (live tails, deciders, runners)
   */
  public TaskAdministration(
      Pool pool,
      EventBus eventBus,
      TaskStore tasks,
      QueueStore queues,
      HistoryStore history,
      QueueMetrics metrics,
      Clock clock,
      Consumer<Transition> announcer) {
    this.pool = pool;
    this.lostHolds = new LostHolds(eventBus);
    this.tasks = tasks;
    this.queues = queues;
    this.history = history;
    this.metrics = metrics;
    this.clock = clock;
    this.announcer = announcer;
  }

  /**
   * Removes a waiting message.
   *
   * @param kind the queue kind the caller names (the seed's remove{Parallelized,Serialized}Task),
   *     or null for any
   * @throws InvalidTaskException no such message in that queue kind
   * @throws TaskIllegalStateException the message has started
   */
  public Future<Void> remove(Caller caller, String messageId, QueueKind kind) {
    Access.require(caller, Role.SUBMITTER);
    UUID id = MessageIds.parseOrNull(messageId);
    if (id == null) {
      return Future.failedFuture(new InvalidTaskException(messageId));
    }
    // retried on a deadlock: the delete locks the message, then (a serial one) its queue's row,
    // which a report batch may hold while it waits for that message
    return Transactions.withRetry(
            pool,
            tx -> {
              Transition transition = new Transition();
              return removeWaiting(tx, caller, id, messageId, kind, transition)
                  .map(removedKind -> new Removal(removedKind, transition));
            })
        .map(
            removal -> {
              announcer.accept(removal.transition());
              metrics.removed(caller.tenant(), removal.kind());
              return null;
            });
  }

  /** What a removal did: the queue kind of the removed message and its transition. */
  private record Removal(QueueKind kind, Transition transition) {}

  private Future<QueueKind> removeWaiting(
      SqlConnection tx,
      Caller caller,
      UUID id,
      String messageId,
      QueueKind kind,
      Transition transition) {
    String tenant = caller.tenant();
    return tasks
        .find(tx, tenant, id)
        .compose(
            found -> {
              if (found.isEmpty() || (kind != null && found.get().queue() != kind)) {
                return Future.failedFuture(new InvalidTaskException(messageId));
              }
              TaskInfo info = found.get();
              return tasks
                  .deleteUnstarted(tx, tenant, id, info.queue())
                  .compose(
                      removed ->
                          removed.isPresent()
                              ? recordRemoval(tx, caller, removed.get(), transition)
                                  .map(info.queue())
                              : Future.failedFuture(
                                  new TaskIllegalStateException(
                                      messageId, info.state().name(), "remove it")));
            });
  }

  private Future<Void> recordRemoval(
      SqlConnection tx, Caller caller, Removed removed, Transition transition) {
    Instant now = clock.instant();
    TaskInfo info = removed.info();
    long eventId = removed.lastEventId() + 1;
    transition.event(
        caller.tenant(),
        info.messageId(),
        eventId,
        HistoryEventType.TaskRemoved,
        now,
        new JsonObject().put("identity", caller.principal()).put("scheduledEventId", 1));
    transition.dispose(caller.tenant(), info, now, eventId, TaskSummaries.outcome("REMOVED"));
    lostHolds.tellAfterCommit(
        transition, removed.ownerId(), info.messageId(), removed.version(), "removal");
    return transition.write(tx, history, queues);
  }
}
