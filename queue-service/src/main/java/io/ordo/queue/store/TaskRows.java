package io.ordo.queue.store;

import static io.ordo.db.SqlTimes.instant;

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

  private TaskRows() {}

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
