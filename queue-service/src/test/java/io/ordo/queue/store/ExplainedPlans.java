package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
final class ExplainedPlans {
  private ExplainedPlans() {}

  /** From here on, the plan of each statement this connection runs is added to {@code plans}. */
  static Future<Void> collect(SqlConnection connection, List<JsonObject> plans) {
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
                + " SET auto_explain.log_format = json; SET auto_explain.log_level = notice")
        .execute()
        .mapEmpty();
  }

  /** The pages a plan read: the largest figure on any path (a node's include its children's). */
  static int blocks(JsonObject node) {
    int own = node.getInteger("Shared Hit Blocks", 0) + node.getInteger("Shared Read Blocks", 0);
    JsonArray children = node.getJsonArray("Plans", new JsonArray());
    int below = 0;
    for (int i = 0; i < children.size(); i++) {
      below = Math.max(below, blocks(children.getJsonObject(i)));
    }
    return Math.max(own, below);
  }

  /** Every read of {@code table} in the plans is a probe by one batch row's key. */
  static void probedByKey(List<JsonObject> plans, String table) {
    int probes = 0;
    for (JsonObject plan : plans) {
      String text = plan.encode();
      assertFalse(text.contains("\"Seq Scan\""), "a sequential scan: " + text);
      assertTrue(
          ClaimPlans.nodes(plan, "Bitmap Heap Scan", table).isEmpty(),
          "no bitmap of the batch's keys: " + text);
      for (JsonObject probe : ClaimPlans.nodes(plan, "Index Scan", table)) {
        probes++;
        assertTrue(
            probe.getLong("Actual Rows") <= probe.getLong("Actual Loops"),
            "a probe per batch row, finding its row: " + probe.encode());
        assertFalse(
            probe.getString("Index Cond", "").contains("ANY ($"),
            "keyed by its batch row, not by the batch's arrays: " + probe.encode());
      }
    }
    assertTrue(probes > 0, "the batch reads " + table + " by index: " + plans);
  }
}
