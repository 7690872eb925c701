package io.ordo.testing;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.SqlConnection;
import java.util.List;

/**
 * The plans of the statements a connection runs, as they ran (with their buffers), through
 * PostgreSQL's auto_explain: each comes to the connection as a notice.
 */
public final class AutoExplain {
  private AutoExplain() {}

  /** From here on, the plan of each statement this connection runs is added to {@code plans}. */
  public static Future<Void> collect(SqlConnection connection, List<JsonObject> plans) {
    return collect(connection, plans, false);
  }

  /**
   * As {@link #collect(SqlConnection, List)}; with {@code nested}, also the plans of the statements
   * that functions and triggers run.
   */
  public static Future<Void> collect(
      SqlConnection connection, List<JsonObject> plans, boolean nested) {
    ((PgConnection) connection)
        .noticeHandler(
            notice -> {
              String message = notice.getMessage();
              int start = message.indexOf('{');
              if (start >= 0) {
                plans.add(new JsonObject(message.substring(start)).getJsonObject("Plan"));
              }
            });
    return connection
        .query(
            "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0;"
                + " SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on;"
                + " SET auto_explain.log_format = json; SET auto_explain.log_level = notice;"
                + " SET auto_explain.log_nested_statements = "
                + nested)
        .execute()
        .mapEmpty();
  }

  /** The pages a plan read: the largest figure on any path (a node's include its children's). */
  public static int blocks(JsonObject node) {
    int own = node.getInteger("Shared Hit Blocks", 0) + node.getInteger("Shared Read Blocks", 0);
    JsonArray children = node.getJsonArray("Plans", new JsonArray());
    int below = 0;
    for (int i = 0; i < children.size(); i++) {
      below = Math.max(below, blocks(children.getJsonObject(i)));
    }
    return Math.max(own, below);
  }
}
