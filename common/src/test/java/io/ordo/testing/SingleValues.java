package io.ordo.testing;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import java.util.function.Function;

/** One value a test reads behind the API's back: the first column of a query's one row. */
public final class SingleValues {
  private SingleValues() {}

  /** The value {@code column} reads from the one row {@code sql} answers. */
  public static <T> Future<T> of(SqlClient client, String sql, Function<Row, T> column) {
    return client.query(sql).execute().map(rows -> column.apply(rows.iterator().next()));
  }

  /** The deadlocks PostgreSQL has broken in the current database so far. */
  public static Future<Long> deadlocks(SqlClient client) {
    return of(
        client,
        "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()",
        row -> row.getLong(0));
  }
}
