package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.testing.TestDatabase;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The queue's tables carry their own autovacuum settings (V5, V29): vacuumed after 1 % of the task
 * table changed, and at full speed, since a throttled visit lingers for seconds beside the claims
 * writing the same pages. The history's tables keep the server's throttle.
 */
class QueueTableMaintenanceTest {

  @Test
  void queueTables_areVacuumedUnthrottled_historyTablesAreNot() {
    Map<String, List<String>> options =
        TestDatabase.execute(
            connection -> {
              Map<String, List<String>> found = new HashMap<>();
              try (Statement statement = connection.createStatement();
                  ResultSet rows =
                      statement.executeQuery(
                          "SELECT relname, coalesce(reloptions, '{}') FROM pg_class"
                              + " WHERE relname IN ('im_async_task_info', 'im_async_context_info',"
                              + " 'ordo_history_event', 'ordo_history_execution')")) {
                while (rows.next()) {
                  found.put(
                      rows.getString(1), Arrays.asList((String[]) rows.getArray(2).getArray()));
                }
              }
              return found;
            });
    assertEquals(4, options.size(), options.toString());
    assertEquals("0", costDelay(options.get("im_async_task_info")), "task table");
    assertEquals("0", costDelay(options.get("im_async_context_info")), "context table");
    assertNull(costDelay(options.get("ordo_history_event")), "event table");
    assertNull(costDelay(options.get("ordo_history_execution")), "header table");
  }

  /** The table's own autovacuum cost delay, null where it takes the server's. */
  private static String costDelay(List<String> options) {
    String prefix = "autovacuum_vacuum_cost_delay=";
    return options.stream()
        .filter(option -> option.startsWith(prefix))
        .map(option -> option.substring(prefix.length()))
        .findFirst()
        .orElse(null);
  }
}
