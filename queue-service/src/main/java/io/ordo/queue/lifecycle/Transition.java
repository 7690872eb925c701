package io.ordo.queue.lifecycle;

import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.TaskSummaries;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.queue.store.ExecutionInboxStore;
import io.ordo.queue.store.ExecutionKey;
import io.ordo.queue.store.QueueStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one transaction of lifecycle changes writes besides the task rows: history events, closed
 * histories, queues stopped by a task's outcome, and what to announce once it commits. Used by
 * everything that moves messages (runner reports, timeouts, crash recovery), so that each state
 * change and its events are written together.
 */
public final class Transition {
  private static final ExecutionInboxStore INBOX = new ExecutionInboxStore();

  private final List<HistoryEvent> events = new ArrayList<>();
  // every event of the transition, those a statement wrote itself too: what live tails are told
  private final List<HistoryEvent> announced = new ArrayList<>();
  private final List<HistoryStore.TaskClosing> closings = new ArrayList<>();
  private final List<QueueStop> stops = new ArrayList<>();
  private final List<ExecutionInboxStore.Entry> executionOutcomes = new ArrayList<>();
  private final List<ExecutionKey> pending = new ArrayList<>();
  private final List<Runnable> afterCommit = new ArrayList<>();
  private final List<Instant> dueTimes = new ArrayList<>();
  private boolean freedWork;

  private record QueueStop(String tenant, QueueKind kind, String queueId, String messageId) {}

  public void event(
      String tenant,
      String messageId,
      long eventId,
      HistoryEventType type,
      Instant time,
      JsonObject attributes) {
    HistoryEvent event = new HistoryEvent(tenant, messageId, eventId, type, time, attributes);
    events.add(event);
    announced.add(event);
  }

  /** An event a lifecycle statement wrote itself: only announced after commit. */
  public void written(HistoryEvent event) {
    announced.add(event);
  }

  /**
   * Closes a disposed message's history with its final task info and outcome. A serial message's
   * end frees its queue for the next head, which is announced to the runners; a parallel message's
   * end frees nothing another runner could claim (its own runner claims again as the slot frees),
   * so it is not announced: every runner of a farm claimed on each such announcement, and took
   * nothing.
   */
  public void dispose(
      String tenant, TaskInfo info, Instant time, long lastEventId, JsonObject outcome) {
    closings.add(
        new HistoryStore.TaskClosing(
            new HistoryStore.Closing(
                tenant, info.messageId(), time, lastEventId, TaskSummaries.closed(info, outcome)),
            info.receivedTime()));
    if (info.executionId() != null) {
      executionOutcomes.add(
          new ExecutionInboxStore.Entry(tenant, info.executionId(), info.messageId(), outcome));
    }
    if (info.queue() == QueueKind.SERIAL) {
      freedWork = true;
    }
  }

  /**
   * Records that a statement of this transition wrote into an execution's inbox (a task's start):
   * its decider is told after commit.
   */
  public void executionPending(String tenant, String executionId) {
    pending.add(new ExecutionKey(tenant, executionId));
  }

  /**
   * Records that a message's outcome stopped its queue ({@code QueueDeactivated} as event {@code
   * eventId}) and deactivates the queue in the same transaction.
   *
   * @param onError whether an error stopped it (blockedReason STOPPED_ON_ERROR names the message)
   */
  public void stopQueue(
      String tenant, TaskInfo info, long eventId, Instant time, String reason, boolean onError) {
    String queueId =
        info.queue() == QueueKind.SERIAL ? info.queueId() : QueueStore.PARALLEL_QUEUE_ID;
    event(
        tenant,
        info.messageId(),
        eventId,
        HistoryEventType.QueueDeactivated,
        time,
        new JsonObject()
            .put("queue", info.queue().apiName())
            .put("queueId", info.queueId())
            .put("reason", reason));
    stops.add(new QueueStop(tenant, info.queue(), queueId, onError ? info.messageId() : null));
  }

  /**
   * Marks that messages may have become runnable: a serial queue freed, or a message back in its
   * queue (rejected, re-entered, recovered from a lost holder).
   */
  public void freedWork() {
    freedWork = true;
  }

  /** Marks that a message becomes runnable at {@code time} (a retry's back-off). */
  public void dueAt(Instant time) {
    dueTimes.add(time);
  }

  /** The times at which messages of this transition become runnable. */
  public List<Instant> dueTimes() {
    return dueTimes;
  }

  public void afterCommit(Runnable action) {
    afterCommit.add(action);
  }

  /**
   * Writes the events, closings, executions' inboxes and queue stops into the transaction. The
   * statements touch different rows and do not depend on each other's answers: they go out together
   * (pipelined on the connection) and are answered together, one round trip instead of four.
   */
  public Future<Void> write(SqlClient tx, HistoryStore history, QueueStore queues) {
    List<Future<Void>> writes = new ArrayList<>();
    for (QueueStop stop : stops) {
      writes.add(
          queues.deactivateBy(tx, stop.tenant(), stop.kind(), stop.queueId(), stop.messageId()));
    }
    writes.add(INBOX.append(tx, executionOutcomes));
    writes.add(history.append(tx, events));
    writes.add(history.closeTasks(tx, closings));
    return Future.all(writes).mapEmpty();
  }

  /** The executions with something new in their inbox, for their decider. */
  public Set<ExecutionKey> pendingExecutions() {
    Set<ExecutionKey> all = new LinkedHashSet<>(pending);
    executionOutcomes.forEach(e -> all.add(new ExecutionKey(e.tenant(), e.executionId())));
    return all;
  }

  /** Every event of the transition, written here or by its statements, for live tails. */
  public List<HistoryEvent> announced() {
    return announced;
  }

  public boolean hasFreedWork() {
    return freedWork;
  }

  /** Runs the after-commit actions (metrics, notifications). */
  public void committed() {
    afterCommit.forEach(Runnable::run);
  }
}
