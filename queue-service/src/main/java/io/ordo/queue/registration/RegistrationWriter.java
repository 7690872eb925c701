package io.ordo.queue.registration;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.batch.Batcher.Pending;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.HistoryStore.Opening;
import io.ordo.model.MessageIds;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.ordo.model.TimeoutType;
import io.ordo.queue.store.ContextStore;
import io.ordo.queue.store.IdempotencyStore;
import io.ordo.queue.store.IdempotencyStore.Claim;
import io.ordo.queue.store.NewTask;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.ordo.queue.store.QueueStore.TailReservation;
import io.ordo.queue.store.TaskStore;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one batch of registrations in one transaction: idempotency keys, queue positions (under
 * the queues' row locks, so position order is commit order), the messages, their contexts and the
 * {@code TaskScheduled} event that opens each history.
 */
final class RegistrationWriter {

  private final QueueStore queues;
  private final TaskStore tasks;
  private final ContextStore contexts;
  private final IdempotencyStore idempotency;
  private final HistoryStore history;

  RegistrationWriter(
      QueueStore queues,
      TaskStore tasks,
      ContextStore contexts,
      IdempotencyStore idempotency,
      HistoryStore history) {
    this.queues = queues;
    this.tasks = tasks;
    this.contexts = contexts;
    this.idempotency = idempotency;
    this.history = history;
  }

  /** What the batch's transaction decided for each request, answered after it commits. */
  static final class Outcome {
    final Map<Pending<Registration, TaskInfo>, TaskInfo> created = new LinkedHashMap<>();
    final Map<Pending<Registration, TaskInfo>, String> replayed = new LinkedHashMap<>();
    final Map<Pending<Registration, TaskInfo>, RuntimeException> refused = new LinkedHashMap<>();

    /** Refusals by the message id the refused request would have had (for same-key duplicates). */
    final Map<String, RuntimeException> refusedIds = new HashMap<>();

    final List<TailReservation> activeQueuesFed = new ArrayList<>();
  }

  Future<Outcome> write(
      SqlConnection tx, List<Pending<Registration, TaskInfo>> batch, Instant now) {
    Outcome outcome = new Outcome();
    Map<Pending<Registration, TaskInfo>, String> ids = new HashMap<>();
    batch.forEach(p -> ids.put(p, MessageIds.next().toString()));

    // Several requests of one batch with the same key: the first one speaks for all.
    Map<String, Pending<Registration, TaskInfo>> firstByKey = new LinkedHashMap<>();
    List<Pending<Registration, TaskInfo>> fresh = new ArrayList<>();
    for (Pending<Registration, TaskInfo> p : batch) {
      String key = p.item().idempotencyKey();
      if (key == null) {
        fresh.add(p);
        continue;
      }
      Pending<Registration, TaskInfo> first = firstByKey.putIfAbsent(keyOf(p.item()), p);
      if (first == null) {
        fresh.add(p);
      } else {
        outcome.replayed.put(p, ids.get(first));
      }
    }
    List<Claim> claims =
        firstByKey.values().stream()
            .map(p -> new Claim(p.item().tenant(), p.item().idempotencyKey(), ids.get(p)))
            .sorted(Comparator.comparing(Claim::tenant).thenComparing(Claim::key))
            .toList();

    return idempotency
        .claim(tx, claims, now)
        .compose(
            taken -> {
              Map<String, String> takenByKey = new HashMap<>();
              taken.forEach(
                  (claim, id) -> takenByKey.put(claim.tenant() + "\u0000" + claim.key(), id));
              List<Pending<Registration, TaskInfo>> toInsert = new ArrayList<>();
              for (Pending<Registration, TaskInfo> p : fresh) {
                String existing =
                    p.item().idempotencyKey() == null ? null : takenByKey.get(keyOf(p.item()));
                if (existing != null) {
                  outcome.replayed.put(p, existing);
                } else {
                  toInsert.add(p);
                }
              }
              // Duplicates of a key that turned out to be taken answer with the existing message.
              outcome.replayed.replaceAll((p, id) -> takenByKey.getOrDefault(keyOf(p.item()), id));
              return insert(tx, toInsert, ids, now, outcome);
            })
        .map(outcome);
  }

  private Future<Void> insert(
      SqlConnection tx,
      List<Pending<Registration, TaskInfo>> toInsert,
      Map<Pending<Registration, TaskInfo>, String> ids,
      Instant now,
      Outcome outcome) {
    if (toInsert.isEmpty()) {
      return Future.succeededFuture();
    }
    Map<String, List<Pending<Registration, TaskInfo>>> byQueue = new LinkedHashMap<>();
    for (Pending<Registration, TaskInfo> p : toInsert) {
      byQueue.computeIfAbsent(queueOf(p.item()), k -> new ArrayList<>()).add(p);
    }
    List<TailRequest> requests = new ArrayList<>();
    byQueue.forEach(
        (key, items) -> {
          Registration r = items.get(0).item();
          requests.add(new TailRequest(r.tenant(), r.kind(), r.queueId(), items.size()));
        });
    return queues
        .reserveTail(tx, requests, now)
        .compose(
            reservations -> {
              Map<String, TailReservation> reserved = new HashMap<>();
              reservations.forEach(
                  r -> reserved.put(r.tenant() + "\u0000" + r.kind() + "\u0000" + r.queueId(), r));
              List<NewTask> newTasks = new ArrayList<>();
              List<ContextStore.Entry> newContexts = new ArrayList<>();
              List<Opening> openings = new ArrayList<>();
              List<HistoryEvent> events = new ArrayList<>();
              List<Claim> orphanedKeys = new ArrayList<>();
              byQueue.forEach(
                  (key, items) -> {
                    TailReservation reservation = reserved.get(key);
                    if (reservation == null) {
                      for (Pending<Registration, TaskInfo> p : items) {
                        RuntimeException refusal = queueMissing(p.item());
                        outcome.refused.put(p, refusal);
                        outcome.refusedIds.put(ids.get(p), refusal);
                        if (p.item().idempotencyKey() != null) {
                          orphanedKeys.add(
                              new Claim(p.item().tenant(), p.item().idempotencyKey(), ids.get(p)));
                        }
                      }
                      return;
                    }
                    if (reservation.active()) {
                      outcome.activeQueuesFed.add(reservation);
                    }
                    long position = reservation.lastPosition() - items.size();
                    for (Pending<Registration, TaskInfo> p : items) {
                      position++;
                      Registration r = p.item();
                      String id = ids.get(p);
                      NewTask task = newTask(r, id, position, reservation.receivedAt());
                      TaskInfo info = info(task);
                      newTasks.add(task);
                      newContexts.add(new ContextStore.Entry(r.tenant(), id, r.context()));
                      openings.add(
                          new Opening(r.tenant(), id, "task", task.receivedAt(), info.toJson()));
                      events.add(scheduled(r, task));
                      outcome.created.put(p, info);
                    }
                  });
              return tasks
                  .insert(tx, newTasks)
                  .compose(v -> contexts.insert(tx, newContexts))
                  .compose(v -> history.open(tx, openings, openings.stream().map(o -> 1L).toList()))
                  .compose(v -> history.append(tx, events))
                  .compose(v -> idempotency.release(tx, orphanedKeys));
            });
  }

  private static NewTask newTask(Registration r, String id, long position, Instant receivedAt) {
    return new NewTask(
        r.tenant(),
        id,
        r.kind(),
        r.queueId(),
        position,
        r.taskClassName(),
        r.jsPath(),
        r.parameter(),
        r.kind() == QueueKind.SERIAL && r.stopProgressOnError(),
        r.timeouts().toJson(),
        r.sentTime(),
        receivedAt,
        deadline(r, TimeoutType.SCHEDULE_TO_START, receivedAt),
        deadline(r, TimeoutType.SCHEDULE_TO_CLOSE, receivedAt));
  }

  private static Instant deadline(Registration r, TimeoutType type, Instant from) {
    return r.timeouts().get(type).map(from::plus).orElse(null);
  }

  private static TaskInfo info(NewTask t) {
    boolean serial = t.kind() == QueueKind.SERIAL;
    return new TaskInfo(
        t.messageId(),
        t.kind(),
        serial ? t.queueId() : null,
        TaskState.WAITING,
        t.taskClassName(),
        t.jsPath(),
        t.parameter(),
        serial ? t.stopProgressOnError() : null,
        t.sentAt(),
        t.receivedAt(),
        null,
        null,
        null,
        0,
        null,
        null,
        t.timeouts(),
        null);
  }

  private static HistoryEvent scheduled(Registration r, NewTask t) {
    JsonObject attributes =
        new JsonObject()
            .put("queue", t.kind().apiName())
            .put("queueId", t.kind() == QueueKind.SERIAL ? t.queueId() : null)
            .put("taskClassName", t.taskClassName())
            .put("jsPath", t.jsPath())
            .put("parameter", t.parameter())
            .put("timeouts", t.timeouts())
            .put("stopProgressOnError", t.stopProgressOnError())
            .put("sentTime", t.sentAt().toString())
            .put("receivedTime", t.receivedAt().toString())
            .put("principal", r.context() == null ? null : r.context().principal())
            .put("idempotencyKey", r.idempotencyKey());
    return new HistoryEvent(
        t.tenant(), t.messageId(), 1, HistoryEventType.TaskScheduled, t.receivedAt(), attributes);
  }

  private static RuntimeException queueMissing(Registration r) {
    return new TaskControlException(
        ErrorCode.QUEUE_NOT_FOUND,
        "no serial queue '" + r.queueId() + "'",
        new JsonObject().put("queueId", r.queueId()));
  }

  private static String keyOf(Registration r) {
    return r.tenant() + "\u0000" + r.idempotencyKey();
  }

  private static String queueOf(Registration r) {
    return r.tenant() + "\u0000" + r.kind() + "\u0000" + r.queueId();
  }
}
