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

  /**
   * Finished messages; {@code status} is one of the conditions below on $2, the statuses: one
   * status is an equality, so that the status index answers in list order.
   */
  private static String finished(String status) {
    return "SELECT execution_id, started_at, closed_at, task_status, summary,"
        // its TaskScheduled event's attributes, which the summary does not repeat (TaskSummaries)
        + " (SELECT e.attributes FROM ordo_history_event e WHERE e.tenant = $1"
        + "   AND e.execution_id = h.execution_id AND e.event_id = 1) AS scheduled"
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
        // $8 since, $9 until: received or ended in [since, until)
        + " AND ((started_at >= $8 AND started_at < $9) OR (closed_at >= $8 AND closed_at < $9))"
        // $10, $11 the cursor (received time, message id); $12 the most to answer
        + " AND (started_at, execution_id) < ($10, $11)"
        + " ORDER BY started_at DESC, execution_id DESC LIMIT $12";
  }

  /** Finished messages of any status ($2 null). */
  static final String FINISHED_ALL = finished("$2::text[] IS NULL");

  /** Finished messages of one status ($2 its one-element array). */
  static final String FINISHED_ONE = finished("task_status = ($2::text[])[1]");

  /** Finished messages of several statuses. */
  static final String FINISHED_SOME = finished("task_status = ANY($2::text[])");

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
        .preparedQuery(finishedStatement(statuses))
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

  /** The finished-message statement for these statuses (null: all). */
  static String finishedStatement(String[] statuses) {
    return statuses == null ? FINISHED_ALL : statuses.length == 1 ? FINISHED_ONE : FINISHED_SOME;
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

  /** Adds since, until, the cursor and the limit. */
  private static Tuple window(Tuple args, TaskFilter filter, ListCursor after, int limit) {
    return args.addOffsetDateTime(utc(filter.since() == null ? BEGINNING : filter.since()))
        .addOffsetDateTime(utc(filter.until() == null ? END : filter.until()))
        .addOffsetDateTime(utc(after == null ? END : after.time()))
        .addUUID(after == null ? LAST_ID : UUID.fromString(after.id()))
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
    String from = info.getString("startTime", info.getString("receivedTime"));
    info.put(
        "durationMillis",
        ended == null || from == null
            ? null
            : Duration.between(Instant.parse(from), ended).toMillis());
    return info;
  }
}
