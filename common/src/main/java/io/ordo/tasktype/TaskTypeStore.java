package io.ordo.tasktype;

import static io.ordo.db.SqlTimes.utc;

import io.ordo.model.RetryPolicy;
import io.ordo.model.Timeouts;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of {@code ordo_task_type}: runners publish the task types they know; queue services read
 * them to refuse unknown types at registration.
 */
public final class TaskTypeStore {

  private static final String UPSERT =
      "INSERT INTO ordo_task_type (task_class_name, aliases, default_timeouts, updated_at,"
          + " default_retry)"
          // $1 class name, $2 aliases, $3 default timeouts, $4 now, $5 default retry (or null)
          + " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (task_class_name) DO UPDATE"
          + " SET aliases = excluded.aliases, default_timeouts = excluded.default_timeouts,"
          + " updated_at = excluded.updated_at, default_retry = excluded.default_retry";

  private static final String SELECT_ALL =
      "SELECT task_class_name, aliases, default_timeouts, default_retry FROM ordo_task_type"
          + " ORDER BY task_class_name";

  public Future<Void> publish(SqlClient client, List<TaskTypeInfo> types, Instant now) {
    if (types.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Tuple> rows = new ArrayList<>(types.size());
    for (TaskTypeInfo type : types) {
      rows.add(
          Tuple.of(
              type.taskClassName(),
              new JsonArray(type.aliases()),
              type.defaultTimeouts().toJson(),
              utc(now),
              type.defaultRetry() == null ? null : type.defaultRetry().toJson()));
    }
    return client.preparedQuery(UPSERT).executeBatch(rows).mapEmpty();
  }

  public Future<List<TaskTypeInfo>> all(SqlClient client) {
    return client
        .preparedQuery(SELECT_ALL)
        .execute()
        .map(
            rows -> {
              List<TaskTypeInfo> types = new ArrayList<>(rows.size());
              for (Row row : rows) {
                JsonArray aliases = (JsonArray) row.getValue("aliases");
                types.add(
                    new TaskTypeInfo(
                        row.getString("task_class_name"),
                        aliases.stream().map(String::valueOf).toList(),
                        Timeouts.fromJson(
                            (JsonObject) row.getValue("default_timeouts"), Timeouts.NONE_AT_ALL),
                        RetryPolicy.fromJson(
                            "defaultRetry", (JsonObject) row.getValue("default_retry"))));
              }
              return types;
            });
  }
}
