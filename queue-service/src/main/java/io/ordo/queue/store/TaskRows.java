package io.ordo.queue.store;

import static io.ordo.db.SqlTimes.instant;

import io.ordo.history.RowHistory;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.model.TaskState;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import java.util.Map;

/** Maps rows of {@code im_async_task_info} to {@link TaskInfo}. */
final class TaskRows {
  /** The columns {@link #toInfo} reads. */
  static final String INFO_COLUMNS =
      "tenant, message_id, queue_kind, queue_id, state, task_class_name, js_path, parameter,"
          + " stop_progress_on_error, timeouts, sent_at, received_at, node, accept_at, start_at,"
          + " attempt, last_heartbeat_at, heartbeat_details, execution_id, not_before, retry";

  /**
   * The columns {@link #kept} reads besides {@link #INFO_COLUMNS} and {@code started_event_id}:
   * what the row keeps of its history (V26).
   */
  static final String KEPT_COLUMNS = "scheduled, accepted_event_id, lock_version";

  /**
   * The columns of a row's hold, as they were before a statement changed it (for {@link #held}).
   */
  private static final String[] HELD = {
    "accepted_event_id",
    "accept_at",
    "node",
    "lock_version",
    "started_event_id",
    "start_at",
    "attempt"
  };

  private TaskRows() {}

  /**
   * The hold's columns of the row aliased {@code alias}, named {@code was_<column>}: a statement
   * that gives a hold up answers them as they were, for {@link #held}.
   */
  static String heldColumns(String alias) {
    return java.util.Arrays.stream(HELD)
        .map(column -> alias + "." + column + " AS was_" + column)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /**
   * What a row kept of its history ({@link #INFO_COLUMNS}, {@code started_event_id} and {@link
   * #KEPT_COLUMNS}), as a statement that deleted it answered it.
   */
  static RowHistory kept(Row row) {
    String scheduled = row.getString("scheduled");
    return history(
        row,
        "",
        scheduled == null ? null : new JsonObject(scheduled),
        instant(row.getOffsetDateTime("received_at")));
  }

  /** The hold a statement gave up ({@link #heldColumns}): its events, which the row forgot. */
  static RowHistory held(Row row) {
    return history(row, "was_", null, null);
  }

  /** A row's history from its hold's columns, named with {@code prefix}. */
  private static RowHistory history(
      Row row, String prefix, JsonObject scheduled, java.time.Instant receivedAt) {
    return new RowHistory(
        row.getString("tenant"),
        row.getUUID("message_id").toString(),
        scheduled,
        receivedAt,
        row.getLong(prefix + "accepted_event_id"),
        instant(row.getOffsetDateTime(prefix + "accept_at")),
        row.getString(prefix + "node"),
        row.getLong(prefix + "lock_version"),
        row.getLong(prefix + "started_event_id"),
        instant(row.getOffsetDateTime(prefix + "start_at")),
        row.getInteger(prefix + "attempt"));
  }

  /** {@link #INFO_COLUMNS} qualified with a table alias (for statements joining the table). */
  static String infoColumns(String alias) {
    return infoColumns(alias, Map.of());
  }

  /**
   * {@link #INFO_COLUMNS} qualified with a table alias, but the columns {@code computed} names,
   * which are the expressions it maps them to (for a statement that answers a row as it would be
   * after a change it does not write).
   */
  static String infoColumns(String alias, Map<String, String> computed) {
    return java.util.Arrays.stream(INFO_COLUMNS.split(","))
        .map(String::trim)
        .map(
            column ->
                computed.containsKey(column)
                    ? computed.get(column) + " AS " + column
                    : alias + "." + column)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  static TaskInfo toInfo(Row row) {
    QueueKind kind = QueueKind.fromDbCode(row.getString("queue_kind"));
    return new TaskInfo(
        row.getUUID("message_id").toString(),
        kind,
        kind == QueueKind.SERIAL ? row.getString("queue_id") : null,
        TaskState.valueOf(row.getString("state")),
        row.getString("task_class_name"),
        row.getString("js_path"),
        (JsonObject) row.getValue("parameter"),
        kind == QueueKind.SERIAL ? row.getBoolean("stop_progress_on_error") : null,
        instant(row.getOffsetDateTime("sent_at")),
        instant(row.getOffsetDateTime("received_at")),
        row.getString("node"),
        instant(row.getOffsetDateTime("accept_at")),
        instant(row.getOffsetDateTime("start_at")),
        row.getInteger("attempt"),
        instant(row.getOffsetDateTime("last_heartbeat_at")),
        row.getValue("heartbeat_details"),
        (JsonObject) row.getValue("timeouts"),
        row.getUUID("execution_id") == null ? null : row.getUUID("execution_id").toString(),
        null,
        // shown only while it waits: once claimed, a past back-off says nothing
        TaskState.valueOf(row.getString("state")) == TaskState.WAITING
            ? instant(row.getOffsetDateTime("not_before"))
            : null,
        (JsonObject) row.getValue("retry"));
  }
}
