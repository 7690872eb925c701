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
import io.ordo.history.RowHistory;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A task history in one row (V26): while the task is open, its row keeps its TaskScheduled and its
 * hold's TaskAccepted and TaskStarted, and readers get a header made from the row; the close writes
 * the header with those events and the end's, and no event rows for them. Readers merge what the
 * header or row keeps with the event rows (a hold given up, events after the close, an earlier
 * Ordo's), in order, both ways, a page at a time.
 */
@ExtendWith(VertxExtension.class)
class TaskHistoryInOneRowTest {
  private static final String TENANT = "t1";
  private static final Instant RECEIVED = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant CLOSED = RECEIVED.plusSeconds(3);
  private static final JsonObject PARAMETER = new JsonObject().put("n", 7);
  private static final JsonObject SCHEDULED = new JsonObject().put("queue", "parallel");

  /** The header an earlier Ordo's registration statement wrote for each task. */
  private static final String OPENED_AT_REGISTRATION =
      "INSERT INTO ordo_history_execution"
          + " (tenant, execution_id, kind, open, started_at, last_event_id, summary)"
          + " VALUES ($1, $2, 'task', true, $3, 1, '{}'::jsonb)";

  /**
   * A running message's row as the hot path leaves it: TaskScheduled (1), a first hold given up
   * (its events 2 and 3 are rows), a second hold's TaskAccepted (4) and TaskStarted (5) kept.
   */
  private static final String RUNNING_ROW =
      "INSERT INTO im_async_task_info (tenant, message_id, queue_kind, queue_id, position, state,"
          + " task_class_name, parameter, timeouts, sent_at, received_at, node, accept_at,"
          + " start_at, attempt, lock_version, last_event_id, scheduled_event_id,"
          + " accepted_event_id, started_event_id, scheduled)"
          + " VALUES ($1, $2, 'P', '', 1, 'RUNNING', 'Echo', $3, '{}'::jsonb, $4, $4, 'n2', $5, $6,"
          + " 2, 2, 5, 1, 4, 5, $7)";

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
  void anOpenTask_isItsRowAndItsEventRows_andItsCloseWritesOneHeaderRowAndNoEventRows(
      VertxTestContext ctx) {
    pool.withTransaction(
            tx ->
                tx.preparedQuery(RUNNING_ROW)
                    .execute(
                        Tuple.of(TENANT, UUID.fromString(taskId), PARAMETER, utc(RECEIVED))
                            .addValue(utc(at(4)))
                            .addValue(utc(at(5)))
                            .addValue(SCHEDULED.encode()))
                    .compose(v -> store.append(tx, firstHold())))
        .compose(v -> store.header(pool, TENANT, taskId))
        .compose(
            open -> {
              Header header = open.orElseThrow();
              assertEquals("task", header.kind());
              assertTrue(header.open());
              assertEquals(RECEIVED, header.startedAt(), "its received time");
              assertNull(header.closedAt());
              assertEquals(5L, header.lastEventId(), "its row's last event");
              return headerRows();
            })
        .compose(
            rows -> {
              assertEquals(0L, rows, "no header row while open");
              return allPages(false, 2);
            })
        .compose(
            events -> {
              checkOpen(events);
              return allPages(true, 2);
            })
        .compose(
            reversed -> {
              List<HistoryEvent> events = new ArrayList<>(reversed);
              java.util.Collections.reverse(events);
              checkOpen(events);
              return pool.withTransaction(
                  tx ->
                      tx.preparedQuery("DELETE FROM im_async_task_info WHERE tenant = $1")
                          .execute(Tuple.of(TENANT))
                          .compose(v -> store.closeTasks(tx, List.of(closing(keptAndEnd())))));
            })
        .compose(v -> closedWithOneHeaderRow(RECEIVED))
        .compose(v -> eventRows())
        .compose(
            rows -> {
              assertEquals(2L, rows, "only the first hold's events are rows");
              return pool.withTransaction(
                  tx ->
                      store.appendAfterLast(
                          tx, TENANT, taskId, HistoryEventType.TaskRerun, at(7), new JsonObject()));
            })
        .compose(
            rerun -> {
              assertEquals(7L, rerun.orElseThrow(), "numbered after the header's last");
              return allPages(false, 3);
            })
        .map(
            events -> {
              assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), ids(events));
              HistoryEvent scheduled = events.get(0);
              assertEquals(HistoryEventType.TaskScheduled, scheduled.type());
              assertEquals(
                  SCHEDULED.copy().put("parameter", PARAMETER),
                  scheduled.attributes(),
                  "the parameter put back from the summary");
              assertEquals(HistoryEventType.TaskCompleted, events.get(5).type());
              assertEquals(at(6), events.get(5).time());
              assertEquals(HistoryEventType.TaskRerun, events.get(6).type());
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void aHeaderOpenedAtRegistrationByAnEarlierOrdo_isClosedInPlace(VertxTestContext ctx) {
    Instant openedAt = RECEIVED.minusMillis(1);
    pool.withTransaction(
            tx ->
                tx.preparedQuery(OPENED_AT_REGISTRATION)
                    .execute(Tuple.of(TENANT, UUID.fromString(taskId), utc(openedAt)))
                    .compose(v -> store.closeTasks(tx, List.of(closing(keptAndEnd())))))
        .compose(v -> closedWithOneHeaderRow(openedAt))
        .compose(v -> allPages(false, 10))
        .map(
            events -> {
              assertEquals(List.of(1L, 4L, 5L, 6L), ids(events), "the events the close kept");
              return null;
            })
        .onComplete(ctx.succeedingThenComplete());
  }

  /** The open task's events as read: its row's and its event rows, in order. */
  private void checkOpen(List<HistoryEvent> events) {
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L), ids(events));
    assertEquals(
        List.of(
            HistoryEventType.TaskScheduled,
            HistoryEventType.TaskAccepted,
            HistoryEventType.TaskReleased,
            HistoryEventType.TaskAccepted,
            HistoryEventType.TaskStarted),
        events.stream().map(HistoryEvent::type).toList());
    assertEquals(SCHEDULED.copy().put("parameter", PARAMETER), events.get(0).attributes());
    assertEquals(RECEIVED, events.get(0).time());
    assertEquals(at(4), events.get(3).time());
    assertEquals(
        new JsonObject().put("node", "n2").put("scheduledEventId", 1).put("fencingToken", 2),
        events.get(3).attributes());
    assertEquals(at(5), events.get(4).time());
    assertEquals(
        new JsonObject()
            .put("node", "n2")
            .put("scheduledEventId", 1)
            .put("fencingToken", 2)
            .put("attempt", 2),
        events.get(4).attributes());
  }

  /** Events 2 and 3: a first hold given up, written as rows when it was. */
  private List<HistoryEvent> firstHold() {
    return List.of(
        event(2, HistoryEventType.TaskAccepted), event(3, HistoryEventType.TaskReleased));
  }

  /**
   * What the close keeps in the header: the row's events (as RowHistory makes them) and the end.
   */
  private List<HistoryEvent> keptAndEnd() {
    List<HistoryEvent> events =
        new ArrayList<>(
            new RowHistory(TENANT, taskId, SCHEDULED, RECEIVED, 4L, at(4), "n2", 2, 5L, at(5), 2)
                .events());
    events.add(event(6, HistoryEventType.TaskCompleted));
    return events;
  }

  /** Every event, read {@code pageSize} at a time, forward or backward. */
  private Future<List<HistoryEvent>> allPages(boolean reverse, int pageSize) {
    return pages(new ArrayList<>(), reverse, reverse ? Long.MAX_VALUE : 0, pageSize);
  }

  private Future<List<HistoryEvent>> pages(
      List<HistoryEvent> read, boolean reverse, long from, int pageSize) {
    return store
        .page(pool, TENANT, taskId, reverse, from, pageSize)
        .compose(
            page -> {
              read.addAll(page);
              return page.size() < pageSize
                  ? Future.succeededFuture(read)
                  : pages(read, reverse, page.get(page.size() - 1).eventId(), pageSize);
            });
  }

  /** The task's header as read, closed as {@link #closing} says, and its only row. */
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
    assertEquals(6L, header.lastEventId());
    assertEquals("COMPLETED", header.summary().getJsonObject("outcome").getString("type"));
  }

  private TaskClosing closing(List<HistoryEvent> events) {
    return new TaskClosing(
        new Closing(
            TENANT,
            taskId,
            CLOSED,
            6,
            new JsonObject()
                .put("parameter", PARAMETER)
                .put("outcome", new JsonObject().put("type", "COMPLETED"))),
        RECEIVED,
        events);
  }

  private HistoryEvent event(long id, HistoryEventType type) {
    return new HistoryEvent(TENANT, taskId, id, type, at(id), new JsonObject());
  }

  private static Instant at(long eventId) {
    return RECEIVED.plusMillis(eventId - 1);
  }

  private static List<Long> ids(List<HistoryEvent> events) {
    return events.stream().map(HistoryEvent::eventId).toList();
  }

  private Future<Long> headerRows() {
    return count("SELECT count(*) FROM ordo_history_execution WHERE tenant = $1", pool);
  }

  private Future<Long> eventRows() {
    return count("SELECT count(*) FROM ordo_history_event WHERE tenant = $1", pool);
  }

  private static Future<Long> count(String sql, SqlClient client) {
    return client
        .preparedQuery(sql)
        .execute(Tuple.of(TENANT))
        .map(rows -> rows.iterator().next().getLong(0));
  }
}
