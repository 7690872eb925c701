package io.ordo.queue.store;

import static io.ordo.db.SqlTimes.instant;
import static io.ordo.db.SqlTimes.utc;

import io.ordo.db.IndexedRows;
import io.ordo.history.TaskSummaries;
import io.ordo.model.TaskInfo;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The two reads of the task list (GET /tasks): live messages from {@code im_async_task_info},
 * finished ones from their closed history headers. Both newest received first, each from its own
 * index (V13); the caller runs them in one snapshot and merges them, so a message that ends between
 * two reads is never seen twice nor missed. Read-only: the tables' writers stay their owners.
 */
public final class TaskListStore {
  /** The earliest and latest times a filter or cursor can name. */
  private static final Instant BEGINNING = Instant.parse("0001-01-01T00:00:00Z");

  private static final Instant END = Instant.parse("9999-12-31T00:00:00Z");
  private static final UUID LAST_ID = UUID.fromString("ffffffff-ffff-ffff-ffff-ffffffffffff");
  private static final UUID FIRST_ID = new UUID(0, 0);

  static final String LIVE =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + " FROM im_async_task_info"
          // $1 tenant, $2 include waiting ones, $3 include those in progress; every received
          // time is after -infinity: saying so lets this statement use its index (V13), which
          // the hot path's statements must not
          + " WHERE tenant = $1 AND received_at > '-infinity'"
          + " AND (($2 AND waiting) OR ($3 AND NOT waiting))"
          // $4 queue kind code, $5 queue id, $6 class name, $7 script, $8 execution (null: any)
          + " AND ($4::text IS NULL OR queue_kind = $4) AND ($5::text IS NULL OR queue_id = $5)"
          + " AND ($6::text IS NULL OR task_class_name = $6) AND ($7::text IS NULL OR js_path = $7)"
          + " AND ($8::uuid IS NULL OR execution_id = $8)"
          // $9 since, $10 until: received in [since, until)
          + " AND received_at >= $9 AND received_at < $10"
          // $11, $12 the cursor: rows older than the last one answered; $13 the most to answer
          + " AND (received_at, message_id) < ($11, $12)"
          + " ORDER BY received_at DESC, message_id DESC LIMIT $13";

  /** The columns of a finished message's history header. */
  private static final String HEADER = "execution_id, started_at, closed_at, task_status, summary";

  /**
   * Its TaskScheduled event's attributes, which the summary does not repeat (TaskSummaries), of
   * header h.
   */
  private static final String SCHEDULED =
      "(SELECT e.attributes FROM ordo_history_event e WHERE e.tenant = $1"
          + " AND e.execution_id = h.execution_id AND e.event_id = 1) AS scheduled";

  /** List order, newest received first; the cursor's order too. */
  private static final String LIST_ORDER = " ORDER BY started_at DESC, execution_id DESC";

  /**
   * The {@code columns} of finished messages matching the filter, older than the cursor, and {@code
   * window}; {@code status} is one of the conditions below on $2, the statuses: one status is an
   * equality, so that the status index answers in list order.
   */
  private static String finishedHeaders(String columns, String status, String window) {
    return "SELECT "
        + columns
        + " FROM ordo_history_execution h"
        // $1 tenant, $2 the statuses to include (text[])
        + " WHERE tenant = $1 AND task_status IS NOT NULL AND "
        + status
        // $3 queue API name, $4 queue id, $5 class name, $6 script, $7 execution (null: any)
        + " AND ($3::text IS NULL OR summary ->> 'queue' = $3)"
        + " AND ($4::text IS NULL OR summary ->> 'queueId' = $4)"
        + " AND ($5::text IS NULL OR summary ->> 'taskClassName' = $5)"
        + " AND ($6::text IS NULL OR summary ->> 'jsPath' = $6)"
        + " AND ($7::text IS NULL OR summary ->> 'executionId' = $7)"
        + window
        // $10, $11 the cursor (received time, message id)
        + " AND (started_at, execution_id) < ($10, $11)";
  }

  /** List order, and $12 the most to answer. */
  private static final String PAGE = LIST_ORDER + " LIMIT $12";

  /**
   * $8 since, $9 until: received in [since, until), a range of the list's own index. Without a
   * since ($8 the beginning of time) this is the whole window: a message that ended before until
   * was received before it.
   */
  private static final String RECEIVED_IN_WINDOW = " AND started_at >= $8 AND started_at < $9";

  /**
   * Received before since, ended in [since, until): a range of the closing-time index (V18), whose
   * second column is the tenant.
   */
  private static final String ENDED_IN_WINDOW =
      " AND NOT open AND closed_at >= $8 AND closed_at < $9 AND started_at < $8";

  /**
   * Finished messages received or ended in the window. Without a since, one walk of a list index in
   * list order. With one, a page of the messages received in the window (that walk, bounded by
   * since) and, only when that is less than a page, those received before since that ended in the
   * window, which all come after the first in list order. The latter are planned as a set
   * (MATERIALIZED): by the closing-time index over the window when that is the narrower, never by a
   * walk in list order that stops at a page, which read every older header row by row when fewer
   * than a page ended in the window.
   */
  private static String finished(String status, boolean since) {
    if (!since) {
      return finishedHeaders(HEADER + ", " + SCHEDULED, status, RECEIVED_IN_WINDOW) + PAGE;
    }
    return "WITH received AS MATERIALIZED ("
        + finishedHeaders(HEADER, status, RECEIVED_IN_WINDOW)
        + PAGE
        + "), ended AS MATERIALIZED ("
        + finishedHeaders(HEADER, status, ENDED_IN_WINDOW)
        + ") SELECT "
        + HEADER
        + ", "
        + SCHEDULED
        + " FROM (SELECT * FROM received UNION ALL"
        + " SELECT * FROM ended WHERE (SELECT count(*) FROM received) < $12) h"
        + PAGE;
  }

  /** Finished messages of any status ($2 null). */
  static final String FINISHED_ALL = finished("$2::text[] IS NULL", false);

  /** Finished messages of one status ($2 its one-element array). */
  static final String FINISHED_ONE = finished("task_status = ($2::text[])[1]", false);

  /** Finished messages of several statuses. */
  static final String FINISHED_SOME = finished("task_status = ANY($2::text[])", false);

  /** As {@link #FINISHED_ALL}, with a since. */
  static final String FINISHED_ALL_SINCE = finished("$2::text[] IS NULL", true);

  /** As {@link #FINISHED_ONE}, with a since. */
  static final String FINISHED_ONE_SINCE = finished("task_status = ($2::text[])[1]", true);

  /** As {@link #FINISHED_SOME}, with a since. */
  static final String FINISHED_SOME_SINCE = finished("task_status = ANY($2::text[])", true);

  /** Up to {@code limit} live messages matching {@code filter}, older than {@code after}. */
  public Future<List<JsonObject>> live(
      SqlClient client, String tenant, TaskFilter filter, ListCursor after, int limit) {
    boolean waiting = filter.wants(TaskStatus.WAITING);
    boolean running = filter.wants(TaskStatus.RUNNING);
    if (!waiting && !running) {
      return Future.succeededFuture(List.of());
    }
    return client
        .preparedQuery(LIVE)
        .execute(liveArgs(tenant, filter, after, limit))
        .map(
            rows -> {
              List<JsonObject> list = new ArrayList<>(rows.size());
              for (Row row : IndexedRows.of(rows)) {
                TaskInfo info = TaskRows.toInfo(row);
                list.add(
                    row(
                        info.toJson(),
                        info.state().inProgress() ? TaskStatus.RUNNING : TaskStatus.WAITING,
                        null));
              }
              return list;
            });
  }

  /** Up to {@code limit} finished messages matching {@code filter}, older than {@code after}. */
  public Future<List<JsonObject>> finished(
      SqlClient client, String tenant, TaskFilter filter, ListCursor after, int limit) {
    String[] statuses =
        filter.statuses() == null || filter.statuses().isEmpty()
            ? null
            : filter.statuses().stream()
                .filter(TaskStatus::finished)
                .map(Enum::name)
                .toArray(String[]::new);
    if (statuses != null && statuses.length == 0) {
      return Future.succeededFuture(List.of());
    }
    return client
        .preparedQuery(finishedStatement(statuses, filter.since() != null))
        .execute(finishedArgs(tenant, statuses, filter, after, limit))
        .map(
            rows -> {
              List<JsonObject> list = new ArrayList<>(rows.size());
              for (Row row : rows) {
                // the header's start is the received time as stored: the cursor's own value
                JsonObject info =
                    TaskSummaries.info(
                            (JsonObject) row.getValue("summary"),
                            (JsonObject) row.getValue("scheduled"),
                            row.getUUID("execution_id").toString(),
                            instant(row.getOffsetDateTime("started_at")))
                        .toJson();
                list.add(
                    row(
                        info,
                        TaskStatus.valueOf(row.getString("task_status")),
                        instant(row.getOffsetDateTime("closed_at"))));
              }
              return list;
            });
  }

  /** The parameters of {@link #LIVE}. */
  static Tuple liveArgs(String tenant, TaskFilter filter, ListCursor after, int limit) {
    Tuple args =
        Tuple.of(
                tenant,
                filter.wants(TaskStatus.WAITING),
                filter.wants(TaskStatus.RUNNING),
                filter.queue() == null ? null : filter.queue().dbCode())
            .addString(filter.queueId())
            .addString(filter.taskClassName())
            .addString(filter.jsPath())
            .addUUID(filter.executionId());
    return window(args, filter, after, limit);
  }

  /** The finished-message statement for these statuses (null: all), with a since or not. */
  static String finishedStatement(String[] statuses, boolean since) {
    if (statuses == null) {
      return since ? FINISHED_ALL_SINCE : FINISHED_ALL;
    }
    if (statuses.length == 1) {
      return since ? FINISHED_ONE_SINCE : FINISHED_ONE;
    }
    return since ? FINISHED_SOME_SINCE : FINISHED_SOME;
  }

  /** The parameters of the finished-message statements. */
  static Tuple finishedArgs(
      String tenant, String[] statuses, TaskFilter filter, ListCursor after, int limit) {
    Tuple args =
        Tuple.of(tenant, statuses, filter.queue() == null ? null : filter.queue().apiName())
            .addString(filter.queueId())
            .addString(filter.taskClassName())
            .addString(filter.jsPath())
            .addString(filter.executionId() == null ? null : filter.executionId().toString());
    return window(args, filter, after, limit);
  }

  /**
   * Adds since, until, the cursor and the limit. The cursor passed is the tighter of the page's and
   * until's (rows before (until, the lowest id) are exactly those received before until): the row
   * comparison is where the index walk starts, and a walk from the page's cursor read every entry
   * received after until before the first one it could answer.
   */
  private static Tuple window(Tuple args, TaskFilter filter, ListCursor after, int limit) {
    Instant until = filter.until() == null ? END : filter.until();
    Instant cursorTime = after == null ? END : after.time();
    UUID cursorId = after == null ? LAST_ID : UUID.fromString(after.id());
    if (!until.isAfter(cursorTime)) {
      cursorTime = until;
      cursorId = FIRST_ID;
    }
    return args.addOffsetDateTime(utc(filter.since() == null ? BEGINNING : filter.since()))
        .addOffsetDateTime(utc(until))
        .addOffsetDateTime(utc(cursorTime))
        .addUUID(cursorId)
        .addInteger(limit);
  }

  /**
   * A list row: the task info with its list status, error, end time and duration (from its start,
   * or from its reception if it never started, to its end).
   */
  private static JsonObject row(JsonObject info, TaskStatus status, Instant ended) {
    JsonObject outcome = info.getJsonObject("outcome");
    info.put("status", status.name())
        .put("error", outcome == null ? null : outcome.getString("error"))
        .put("endTime", ended == null ? null : ended.toString());
    // a task that never started has "startTime": null, which getString's default does not cover
    String started = info.getString("startTime");
    String from = started != null ? started : info.getString("receivedTime");
    info.put(
        "durationMillis",
        ended == null || from == null
            ? null
            : Duration.between(Instant.parse(from), ended).toMillis());
    return info;
  }
}
