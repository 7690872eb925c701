package io.ordo.queue.registration;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.ordo.model.TimeoutType;
import io.ordo.queue.store.ContextRow;
import io.ordo.queue.store.NewTask;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.ordo.queue.store.QueueStore.TailReservation;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.Scheduling;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.SqlClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts validated registrations into their queues inside the caller's transaction: positions at each
 * serial queue's tail (under its row lock, so position order is commit order and received times
 * never go backwards; the parallel queue is not locked), the messages, their contexts, and the
 * {@code TaskScheduled} event that opens each history. Used by HTTP registration and by the
 * state-machine decider.
 */
public final class TaskScheduler {
  private final QueueStore queues;
  private final TaskStore tasks;

  public TaskScheduler(QueueStore queues, TaskStore tasks) {
    this.queues = queues;
    this.tasks = tasks;
  }

  /**
   * What scheduling decided, per registration (aligned with the input): the new message's task
   * info, or why it was refused (its serial queue does not exist).
   *
   * @param infos per registration, the task info, or null if refused
   * @param refusals per registration, the refusal, or null if scheduled
   * @param activeQueuesFed whether a scheduled message landed in an active queue (runners should be
   *     told)
   */
  public record Scheduled(
      List<TaskInfo> infos, List<RuntimeException> refusals, boolean activeQueuesFed) {}

  /**
   * Schedules messages: in the caller's transaction when a serial queue is among them (its tail
   * positions are reserved under its row's lock, then its messages inserted); messages of parallel
   * queues alone are one statement, which the caller may run on its own.
   *
   * @param messageIds the ids the new messages get, aligned with {@code registrations}
   */
  public Future<Scheduled> schedule(
      SqlClient tx, List<Registration> registrations, List<String> messageIds, Instant now) {
    int n = registrations.size();
    TaskInfo[] infos = new TaskInfo[n];
    RuntimeException[] refusals = new RuntimeException[n];
    if (n == 0) {
      return Future.succeededFuture(new Scheduled(List.of(), List.of(), false));
    }
    Map<String, List<Integer>> byQueue = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      byQueue.computeIfAbsent(queueOf(registrations.get(i)), k -> new ArrayList<>()).add(i);
    }
    List<TailRequest> requests = new ArrayList<>();
    byQueue.forEach(
        (key, members) -> {
          Registration r = registrations.get(members.get(0));
          requests.add(new TailRequest(r.tenant(), r.kind(), r.queueId(), members.size()));
        });
    return reserveTail(tx, requests, now)
        .compose(
            reservations -> {
              Map<String, TailReservation> reserved = new HashMap<>();
              reservations.forEach(r -> reserved.put(key(r.tenant(), r.kind(), r.queueId()), r));
              List<Scheduling> scheduling = new ArrayList<>();
              byQueue.forEach(
                  (key, members) -> {
                    TailReservation reservation = reserved.get(key);
                    if (reservation == null) {
                      members.forEach(i -> refusals[i] = queueMissing(registrations.get(i)));
                      return;
                    }
                    // a serial queue's reserved positions; a parallel queue's come from a sequence
                    Long tail = reservation.lastPosition();
                    long position = tail == null ? 0 : tail - members.size();
                    for (int i : members) {
                      Registration r = registrations.get(i);
                      String id = messageIds.get(i);
                      NewTask task =
                          newTask(
                              r, id, tail == null ? null : ++position, reservation.receivedAt());
                      infos[i] = info(task);
                      scheduling.add(
                          new Scheduling(
                              task,
                              r.context() == null ? ContextRow.NONE : r.context(),
                              scheduledAttributes(r, task)));
                    }
                  });
              return tasks.insertScheduled(tx, scheduling);
            })
        .map(
            fedActive ->
                new Scheduled(
                    java.util.Arrays.asList(infos), java.util.Arrays.asList(refusals), fedActive));
  }

  /**
   * The tails the batch's messages go to. Only serial queues are reserved (locked, their positions
   * taken). A parallel queue needs no reservation: its positions come from a sequence, its received
   * time is now, and every tenant registering has its parallel queue ({@code
   * QueueAdministration.ensureParallelQueue}; parallel queues are never deleted). So a batch of
   * parallel messages alone touches no queue row before its insert, which answers whether the
   * queues it fed are active.
   */
  private Future<List<TailReservation>> reserveTail(
      SqlClient tx, List<TailRequest> requests, Instant now) {
    List<TailRequest> serial = requests.stream().filter(r -> r.kind() == QueueKind.SERIAL).toList();
    List<TailReservation> parallel =
        requests.stream()
            .filter(r -> r.kind() == QueueKind.PARALLEL)
            .map(r -> new TailReservation(r.tenant(), QueueKind.PARALLEL, r.queueId(), null, now))
            .toList();
    if (serial.isEmpty()) {
      return Future.succeededFuture(parallel);
    }
    return queues
        .reserveTail(tx, serial, now)
        .map(
            reserved -> {
              List<TailReservation> all = new ArrayList<>(reserved);
              all.addAll(parallel);
              return all;
            });
  }

  private static NewTask newTask(Registration r, String id, Long position, Instant receivedAt) {
    Instant notBefore = r.delay() == null ? null : r.delay().notBefore(receivedAt);
    if (notBefore != null && !notBefore.isAfter(receivedAt)) {
      notBefore = null; // a time already past is no delay
    }
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
        // SCHEDULE_TO_START counts from the time the message may start (SWF counts from its
        // scheduling); SCHEDULE_TO_CLOSE from its reception, as the whole life of the message
        deadline(r, TimeoutType.SCHEDULE_TO_START, notBefore == null ? receivedAt : notBefore),
        deadline(r, TimeoutType.SCHEDULE_TO_CLOSE, receivedAt),
        r.executionId(),
        notBefore,
        r.retry() == null ? null : r.retry().toJson());
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
        t.executionId(),
        null,
        t.notBefore(),
        t.retry());
  }

  private static JsonObject scheduledAttributes(Registration r, NewTask t) {
    JsonObject attributes = new JsonObject();
    if (r.rerunOf() != null) {
      attributes.put("rerunOf", r.rerunOf());
    }
    return attributes
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
        .put("idempotencyKey", r.idempotencyKey())
        .put("executionId", r.executionId())
        .put("notBefore", t.notBefore() == null ? null : t.notBefore().toString())
        .put("retry", t.retry());
  }

  private static RuntimeException queueMissing(Registration r) {
    return new TaskControlException(
        ErrorCode.QUEUE_NOT_FOUND,
        "no serial queue '" + r.queueId() + "'",
        new JsonObject().put("queueId", r.queueId()));
  }

  private static String queueOf(Registration r) {
    return key(r.tenant(), r.kind(), r.queueId());
  }

  private static String key(String tenant, QueueKind kind, String queueId) {
    return tenant + "\u0000" + kind + "\u0000" + queueId;
  }
}
