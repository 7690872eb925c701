package io.ordo.history.service;

import static io.ordo.db.SqlTimes.utc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.history.HistoryStore.Closing;
import io.ordo.history.HistoryStore.Header;
import io.ordo.history.HistoryStore.TaskClosing;
import io.ordo.history.TaskSummaries;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A task history's header is written once, when it closes: while the task is open, readers get a
 * header made from its events; the close inserts the header, or closes in place one that an earlier
 * Ordo opened at registration.
 */
@ExtendWith(VertxExtension.class)
class TaskHeaderAtCloseTest {
  private static final String TENANT = "t1";
  private static final Instant RECEIVED = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant CLOSED = RECEIVED.plusSeconds(3);

  /** The header an earlier Ordo's registration statement wrote for each task. */
  private static final String OPENED_AT_REGISTRATION =
      "INSERT INTO ordo_history_execution"
          + " (tenant, execution_id, kind, open, started_at, last_event_id, summary)"
          + " VALUES ($1, $2, 'task', true, $3, 1, '{}'::jsonb)";

  private Pool pool;
  private final HistoryStore store = new HistoryStore();
  private final String taskId = UUID.randomUUID().toString();

  @BeforeEach
  void setUp(Vertx vertx) {
    pool = TestDatabase.emptiedPool(vertx);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void anOpenTask_hasAHeaderMadeFromItsEvents_andItsCloseWritesTheOnlyHeaderRow(
      VertxTestContext ctx) {
    pool.withTransaction(tx -> store.append(tx, events(2)))
        .compose(v -> store.header(pool, TENANT, taskId))
        .compose(
            open -> {
              Header header = open.orElseThrow();
              assertEquals("task", header.kind());
              assertTrue(header.open());
              assertEquals(RECEIVED, header.startedAt(), "its first event's time");
              assertNull(header.closedAt());
              assertEquals(2L, header.lastEventId(), "its last event so far");
              return headerRows();
            })
        .compose(
            rows -> {
              assertEquals(0L, rows, "nothing written for the header while open");
              return pool.withTransaction(
                  tx ->
                      store
                          .append(tx, List.of(event(3, HistoryEventType.TaskCompleted)))
                          .compose(v -> store.closeTasks(tx, List.of(closing()))));
            })
        .compose(v -> closedWithOneHeaderRow(RECEIVED))
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void aHeaderOpenedAtRegistrationByAnEarlierOrdo_isClosedInPlace(VertxTestContext ctx) {
    Instant openedAt = RECEIVED.minusMillis(1);
    pool.withTransaction(
            tx ->
                tx.preparedQuery(OPENED_AT_REGISTRATION)
                    .execute(Tuple.of(TENANT, UUID.fromString(taskId), utc(openedAt)))
                    .compose(v -> store.append(tx, events(3)))
                    .compose(v -> store.closeTasks(tx, List.of(closing()))))
        .compose(v -> closedWithOneHeaderRow(openedAt))
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void aClosedTask_storesItsRequestOnce_andReadsBackItsWholeTaskInfo(VertxTestContext ctx) {
    TaskInfo ended = endedSerialTask();
    JsonObject outcome = new JsonObject().put("type", "COMPLETED").put("result", 7);
    JsonObject summary = TaskSummaries.closed(ended, outcome);
    closedWith(List.of(scheduled(ended), event(3, HistoryEventType.TaskCompleted)), summary)
        .compose(v -> storedSummary())
        .compose(
            stored -> {
              for (String once :
                  List.of(
                      "messageId",
                      "parameter",
                      "timeouts",
                      "retry",
                      "sentTime",
                      "receivedTime",
                      "stopProgressOnError")) {
                assertFalse(stored.containsKey(once), once + " is stored once, elsewhere");
              }
              assertEquals("worker-1", stored.getString("node"));
              return store.closedTask(pool, TENANT, taskId);
            })
        .map(
            read -> {
              TaskInfo expected =
                  TaskInfo.fromJson(
                      ended
                          .toJson()
                          .put("state", TaskState.DISPOSED.name())
                          .put("outcome", outcome));
              assertEquals(expected, read.orElseThrow());
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void aSummaryAnEarlierOrdoWroteWhole_isReadAsItIs(VertxTestContext ctx) {
    TaskInfo ended = endedSerialTask();
    JsonObject outcome = new JsonObject().put("type", "FAILED").put("error", "Boom");
    JsonObject whole =
        ended.toJson().put("state", TaskState.DISPOSED.name()).put("outcome", outcome);
    closedWith(List.of(event(1, HistoryEventType.TaskScheduled)), whole)
        .compose(v -> store.closedTask(pool, TENANT, taskId))
        .map(
            read -> {
              assertEquals(TaskInfo.fromJson(whole), read.orElseThrow());
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void anOpenTask_hasNoClosedTaskInfo(VertxTestContext ctx) {
    pool.withTransaction(tx -> store.append(tx, events(2)))
        .compose(v -> store.closedTask(pool, TENANT, taskId))
        .map(
            read -> {
              assertTrue(read.isEmpty(), "the task table answers an open task");
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  /** Writes {@code events} and closes the task's history after the last with {@code summary}. */
  private Future<Void> closedWith(List<HistoryEvent> events, JsonObject summary) {
    long last = events.get(events.size() - 1).eventId();
    return pool.withTransaction(
        tx ->
            store
                .append(tx, events)
                .compose(
                    v ->
                        store.closeTasks(
                            tx,
                            List.of(
                                new TaskClosing(
                                    new Closing(TENANT, taskId, CLOSED, last, summary),
                                    RECEIVED)))));
  }

  /** A serial task as it ended: every field of its task info set. */
  private TaskInfo endedSerialTask() {
    return new TaskInfo(
        taskId,
        QueueKind.SERIAL,
        "orders",
        TaskState.RUNNING,
        "io.example.Ship",
        null,
        new JsonObject().put("order", 42).put("lines", new JsonArray().add("a").add("b")),
        true,
        RECEIVED.minusMillis(5),
        RECEIVED,
        "worker-1",
        RECEIVED.plusMillis(10),
        RECEIVED.plusMillis(12),
        2,
        RECEIVED.plusMillis(900),
        new JsonObject().put("done", 3),
        new JsonObject().put("startToClose", 60).put("heartbeat", 10),
        UUID.randomUUID().toString(),
        null,
        RECEIVED.plusMillis(1),
        new JsonObject().put("maxAttempts", 3));
  }

  /** Its TaskScheduled event, with the attributes registration records. */
  private HistoryEvent scheduled(TaskInfo task) {
    JsonObject attributes =
        new JsonObject()
            .put("queue", task.queue().apiName())
            .put("queueId", task.queueId())
            .put("taskClassName", task.taskClassName())
            .put("jsPath", task.jsPath())
            .put("parameter", task.parameter())
            .put("timeouts", task.timeouts())
            .put("stopProgressOnError", task.stopProgressOnError())
            .put("sentTime", task.sentTime().toString())
            .put("receivedTime", task.receivedTime().toString())
            .put("executionId", task.executionId())
            .put("notBefore", null)
            .put("retry", task.retry());
    return new HistoryEvent(
        TENANT, taskId, 1, HistoryEventType.TaskScheduled, RECEIVED, attributes);
  }

  private Future<JsonObject> storedSummary() {
    return pool.preparedQuery(
            "SELECT summary FROM ordo_history_execution WHERE tenant = $1 AND execution_id = $2")
        .execute(Tuple.of(TENANT, UUID.fromString(taskId)))
        .map(rows -> (JsonObject) rows.iterator().next().getValue(0));
  }

  /** The task's header as read, closed as {@link #closing()} says, and its only row. */
  private Future<Void> closedWithOneHeaderRow(Instant startedAt) {
    return store
        .header(pool, TENANT, taskId)
        .compose(
            closed -> {
              checkClosed(closed.orElseThrow(), startedAt);
              return headerRows();
            })
        .map(
            rows -> {
              assertEquals(1L, rows, "one header row");
              return null;
            });
  }

  private static void checkClosed(Header header, Instant startedAt) {
    assertEquals("task", header.kind());
    assertFalse(header.open());
    assertEquals(startedAt, header.startedAt());
    assertEquals(CLOSED, header.closedAt());
    assertEquals(3L, header.lastEventId());
    assertEquals("COMPLETED", header.summary().getJsonObject("outcome").getString("type"));
  }

  private TaskClosing closing() {
    return new TaskClosing(
        new Closing(
            TENANT,
            taskId,
            CLOSED,
            3,
            new JsonObject().put("outcome", new JsonObject().put("type", "COMPLETED"))),
        RECEIVED);
  }

  private List<HistoryEvent> events(int count) {
    return java.util.stream.IntStream.rangeClosed(1, count)
        .mapToObj(
            i -> event(i, i == 1 ? HistoryEventType.TaskScheduled : HistoryEventType.TaskStarted))
        .toList();
  }

  private HistoryEvent event(long id, HistoryEventType type) {
    return new HistoryEvent(
        TENANT, taskId, id, type, RECEIVED.plusMillis(id - 1), new JsonObject());
  }

  private Future<Long> headerRows() {
    return pool.preparedQuery(
            "SELECT count(*) FROM ordo_history_execution WHERE tenant = $1 AND execution_id = $2")
        .execute(Tuple.of(TENANT, UUID.fromString(taskId)))
        .map(rows -> rows.iterator().next().getLong(0));
  }
}
