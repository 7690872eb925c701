package io.ordo.queue.management;

import io.ordo.InvalidTaskException;
import io.ordo.db.TokenSigner;
import io.ordo.history.QueueFiguresStore;
import io.ordo.history.QueueFiguresStore.QueueFigures;
import io.ordo.lock.LiveRunner;
import io.ordo.lock.LockOwnerStore;
import io.ordo.model.Caller;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.ordo.model.TaskInfo;
import io.ordo.queue.management.Blockage.Capacity;
import io.ordo.queue.management.Blockage.Capacity.RunnerRoom;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.Counts;
import io.ordo.queue.store.TaskStore.WaitingCursor;
import io.ordo.queue.store.TaskStore.WaitingPage;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads queues for the API: one queue's info, the list of serial queues, the whole status snapshot
 * (the seed's {@code RegisteredInfo}), each with its counts, lists and {@code blockedReason}.
 */
public final class QueueInfoReader {
  private final Pool pool;
  private final Pool hotPool;
  private final QueueStore queues;
  private final TaskStore tasks;
  private final LockOwnerStore owners;
  private final QueueAdministration administration;
  private final TaskLookup lookup;
  private final Clock clock;
  private final WaitingPageTokens waitingTokens;
  private final QueueFiguresStore figures = new QueueFiguresStore();

  /**
   * @param pool the listings' and counts' connections (each statement planned for its parameters)
   * @param hotPool connections whose plans may use only index scans ({@code PlanProfile.HOT_PATH}):
   *     the farm's tasks in progress per runner, read for every queue info's blocked reason, are
   *     the few rows of the in-progress index; planned on the statistics of a moment when many
   *     messages were in progress, the count read the whole task table instead (4.7 ms at 17,000
   *     waiting messages, for each of 1,000 serial queues activated)
   * @param pageTokens signs and checks the waiting lists' page tokens (the farm's page-token key)
   */
  public QueueInfoReader(
      Pool pool,
      Pool hotPool,
      QueueStore queues,
      TaskStore tasks,
      LockOwnerStore owners,
      QueueAdministration administration,
      TaskLookup lookup,
      Clock clock,
      TokenSigner pageTokens) {
    this.pool = pool;
    this.hotPool = hotPool;
    this.queues = queues;
    this.tasks = tasks;
    this.owners = owners;
    this.administration = administration;
    this.lookup = lookup;
    this.clock = clock;
    this.waitingTokens = new WaitingPageTokens(pageTokens);
  }

  /** {@code GET /parallel-queue}: state, counts, waiting list (first {@code limit}), running. */
  public Future<JsonObject> parallelQueue(Caller caller, int limit) {
    return parallelQueue(caller, limit, null);
  }

  /**
   * {@code GET /parallel-queue?waitingPageToken=}: as {@link #parallelQueue(Caller, int)}, the
   * waiting list starting after the page that answered the token (one of this queue's: a token of
   * another queue or tenant, or one no node issued, fails with invalid_request).
   */
  public Future<JsonObject> parallelQueue(Caller caller, int limit, String waitingPageToken) {
    Access.require(caller, Role.SUBMITTER);
    return administration
        .parallelQueue(caller.tenant())
        .compose(
            queue ->
                describe(queue, waitingPageToken, limit, limit, QueueInfoReader::parallelJson));
  }

  /** {@code GET /serial-queues/{id}}: state, counts, waiting list, the running task. */
  public Future<JsonObject> serialQueue(Caller caller, String queueId, int limit) {
    return serialQueue(caller, queueId, limit, null);
  }

  /** {@code GET /serial-queues/{id}?waitingPageToken=}: a later page of its waiting list. */
  public Future<JsonObject> serialQueue(
      Caller caller, String queueId, int limit, String waitingPageToken) {
    Access.require(caller, Role.SUBMITTER);
    return administration
        .serialQueue(caller.tenant(), queueId)
        .compose(queue -> describe(queue, waitingPageToken, limit, 1, QueueInfoReader::serialJson));
  }

  /**
   * The answer of {@code POST /serial-queues}: the queue as it was added, with whatever it holds by
   * now. Not read again by its id: a delete of the queue right after its creation made the create's
   * answer a 404 although it had been created.
   */
  public Future<JsonObject> addedSerialQueue(QueueRow added, int limit) {
    return describe(added, null, limit, 1, QueueInfoReader::serialJson);
  }

  /** How a queue kind renders its state, counts, waiting and running tasks. */
  @FunctionalInterface
  private interface QueueJson {
    JsonObject render(
        QueueRow queue, Counts counts, List<TaskInfo> waiting, List<TaskInfo> running);
  }

  /**
   * One queue's info with its blockedReason, read in parallel queries; its waiting list starts
   * after the page {@code waitingPageToken} (one of this queue's) answered, or at the head for
   * none, and {@code waitingNextPageToken} says where the next page starts.
   */
  private Future<JsonObject> describe(
      QueueRow queue, String waitingPageToken, int waitingLimit, int runningLimit, QueueJson json) {
    WaitingCursor after = waitingTokens.decode(queue, waitingPageToken);
    String tenant = queue.tenant();
    Future<Counts> counts = tasks.counts(pool, tenant, queue.kind(), queue.queueId());
    // one more than asked: whether a next page exists
    Future<WaitingPage> page =
        tasks.waitingAfter(pool, tenant, queue.kind(), queue.queueId(), after, waitingLimit + 1);
    // the head, for blockedReason DELAYED: the first page's first entry, else read apart
    Future<List<TaskInfo>> waiting =
        after == WaitingCursor.START
            ? page.map(WaitingPage::tasks)
            : tasks.waiting(pool, tenant, queue.kind(), queue.queueId(), 1);
    // The blockage reads the head in progress, so it is fetched even when the list is not asked.
    Future<List<TaskInfo>> running =
        tasks.inProgress(pool, tenant, queue.kind(), queue.queueId(), Math.max(1, runningLimit));
    // for blockedReason NO_RUNNER: the types of a parallel queue's waiting messages (a serial
    // queue's head says its own)
    Future<Set<String>> types =
        queue.kind() == QueueKind.PARALLEL
            ? tasks.parallelWaitingTypes(pool, tenant)
            : Future.succeededFuture(Set.of());
    Future<Capacity> capacity = capacity();
    return Future.all(List.of(counts, page, waiting, running, types, capacity))
        .map(
            all -> {
              List<TaskInfo> listed = page.result().tasks();
              boolean more = listed.size() > waitingLimit;
              JsonObject info =
                  Blockage.render(
                          json.render(
                              queue,
                              counts.result(),
                              listed.subList(0, Math.min(waitingLimit, listed.size())),
                              running
                                  .result()
                                  .subList(0, Math.min(runningLimit, running.result().size()))),
                          Blockage.of(
                              queue,
                              counts.result(),
                              running.result(),
                              first(waiting.result()),
                              types.result(),
                              capacity.result(),
                              clock.instant()))
                      .put(
                          "waitingNextPageToken",
                          more && waitingLimit > 0
                              ? waitingTokens.encode(
                                  queue, page.result().cursors().get(waitingLimit - 1))
                              : null);
              if (queue.kind() == QueueKind.PARALLEL) {
                info.put(
                    "taskClassNamesWithoutRunner",
                    new JsonArray(Blockage.withoutRunner(types.result(), capacity.result())));
              }
              return info;
            });
  }

  /** {@code GET /serial-queues}: every serial queue with its state and counts. */
  public Future<JsonArray> serialQueues(Caller caller) {
    Access.require(caller, Role.SUBMITTER);
    String tenant = caller.tenant();
    Future<List<QueueRow>> rows = queues.serialQueues(pool, tenant);
    Future<Map<String, Counts>> counts = tasks.countsByQueue(pool, tenant);
    Future<Map<String, List<TaskInfo>>> running = tasks.serialInProgress(pool, tenant);
    Future<Map<String, List<TaskInfo>>> heads = tasks.serialWaiting(pool, tenant, 1);
    Future<Capacity> capacity = capacity();
    return Future.all(rows, counts, running, heads, capacity)
        .map(
            all -> {
              JsonArray list = new JsonArray();
              for (QueueRow queue : rows.result()) {
                Counts c = countsOf(counts.result(), queue);
                List<TaskInfo> inProgress =
                    running.result().getOrDefault(queue.queueId(), List.of());
                list.add(
                    Blockage.render(
                        summaryJson(queue, c),
                        Blockage.of(
                            queue,
                            c,
                            inProgress,
                            first(heads.result().getOrDefault(queue.queueId(), List.of())),
                            Set.of(),
                            capacity.result(),
                            clock.instant())));
              }
              return list;
            });
  }

  /** {@code GET /status}: the seed's {@code RegisteredInfo} snapshot. */
  public Future<JsonObject> status(Caller caller, int limit) {
    Access.require(caller, Role.SUBMITTER);
    String tenant = caller.tenant();
    Future<JsonObject> parallel = parallelQueue(caller, limit);
    Future<List<QueueRow>> rows = queues.serialQueues(pool, tenant);
    Future<Map<String, Counts>> counts = tasks.countsByQueue(pool, tenant);
    Future<Map<String, List<TaskInfo>>> waiting =
        tasks.serialWaiting(pool, tenant, Math.max(1, limit));
    Future<Map<String, List<TaskInfo>>> running = tasks.serialInProgress(pool, tenant);
    Future<Capacity> capacity = capacity();
    return Future.all(List.of(parallel, rows, counts, waiting, running, capacity))
        .map(
            all -> {
              JsonObject serial = new JsonObject();
              for (QueueRow queue : rows.result()) {
                Counts c = countsOf(counts.result(), queue);
                List<TaskInfo> inProgress =
                    running.result().getOrDefault(queue.queueId(), List.of());
                List<TaskInfo> waitingHere =
                    waiting.result().getOrDefault(queue.queueId(), List.of());
                serial.put(
                    queue.queueId(),
                    Blockage.render(
                        serialJson(
                            queue,
                            c,
                            waitingHere.subList(0, Math.min(limit, waitingHere.size())),
                            inProgress),
                        Blockage.of(
                            queue,
                            c,
                            inProgress,
                            first(waitingHere),
                            Set.of(),
                            capacity.result(),
                            clock.instant())));
              }
              return new JsonObject()
                  .put("parallelizedTasksInfo", parallel.result())
                  .put("serializedTasksInfo", serial);
            });
  }

  /**
   * {@code GET /queues/stats}: per queue, the tasks that ended in the last {@code window}, by
   * outcome; only queues with at least one (the parallel queue's {@code queueId} is null).
   */
  public Future<JsonObject> figures(Caller caller, Duration window) {
    Access.require(caller, Role.SUBMITTER);
    Instant until = clock.instant();
    Instant since = until.minus(window);
    return figures
        .since(pool, caller.tenant(), since)
        .map(
            rows -> {
              JsonArray list = new JsonArray();
              for (QueueFigures row : rows) {
                list.add(
                    new JsonObject()
                        .put("queue", row.queue())
                        .put("queueId", row.queueId().isEmpty() ? null : row.queueId())
                        .put("completed", row.completed())
                        .put("failed", row.failed())
                        .put("timedOut", row.timedOut())
                        .put("ended", row.ended()));
              }
              return new JsonObject()
                  .put("window", window.toString())
                  .put("since", since.toString())
                  .put("until", until.toString())
                  .put("queues", list);
            });
  }

  /** {@code GET /tasks/{id}}. */
  public Future<TaskInfo> task(Caller caller, String messageId) {
    Access.require(caller, Role.SUBMITTER);
    return lookup
        .find(pool, caller.tenant(), messageId)
        .map(found -> found.orElseThrow(() -> new InvalidTaskException(messageId)));
  }

  /**
   * Live runners, each with its free slots, its free threads and the task types it runs (the farm's
   * capacity, shared by all tenants).
   */
  public Future<Capacity> capacity() {
    return Future.all(owners.liveRunners(pool), tasks.inProgressByOwner(hotPool))
        .map(
            all -> {
              List<LiveRunner> live = all.resultAt(0);
              Map<String, Integer> held = all.resultAt(1);
              List<RunnerRoom> rooms = new ArrayList<>();
              for (LiveRunner runner : live) {
                int holds = held.getOrDefault(runner.ownerId(), 0);
                // a runner that never reported its status (an older Ordo) said neither its threads
                // nor its types
                int threads = runner.maxThreads() == null ? runner.capacity() : runner.maxThreads();
                rooms.add(
                    new RunnerRoom(
                        Math.max(0, runner.capacity() - holds),
                        Math.max(0, threads - holds),
                        Set.copyOf(runner.taskTypes()),
                        runner.version() == null));
              }
              return new Capacity(rooms);
            });
  }

  private static TaskInfo first(List<TaskInfo> infos) {
    return infos.isEmpty() ? null : infos.get(0);
  }

  private static Counts countsOf(Map<String, Counts> counts, QueueRow queue) {
    return counts.getOrDefault(TaskStore.queueKey(queue.kind(), queue.queueId()), Counts.NONE);
  }

  static JsonObject parallelJson(
      QueueRow queue, Counts counts, List<TaskInfo> waiting, List<TaskInfo> running) {
    return new JsonObject()
        .put("isActive", queue.active())
        .put("waitingCount", counts.waiting())
        .put("runningCount", counts.inProgress())
        .put("waitingTasks", infos(waiting))
        .put("runningTasks", infos(running));
  }

  static JsonObject serialJson(
      QueueRow queue, Counts counts, List<TaskInfo> waiting, List<TaskInfo> running) {
    return summaryJson(queue, counts)
        .put("waitingTasks", infos(waiting))
        .put("runningTask", running.isEmpty() ? null : running.get(0).toJson());
  }

  static JsonObject summaryJson(QueueRow queue, Counts counts) {
    return new JsonObject()
        .put("queueId", queue.queueId())
        .put("isActive", queue.active())
        .put("waitingCount", counts.waiting())
        .put("runningCount", counts.inProgress());
  }

  private static JsonArray infos(List<TaskInfo> infos) {
    JsonArray array = new JsonArray();
    infos.forEach(info -> array.add(info.toJson()));
    return array;
  }
}
