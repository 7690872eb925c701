package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.db.Pools;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The queue's tables carry their own autovacuum settings (V5, V29): vacuumed after 1 % of the task
 * table changed, and at full speed, since a throttled visit lingers for seconds beside the claims
 * writing the same pages. The history's tables keep the server's throttle.
 */
@ExtendWith(VertxExtension.class)
class QueueTableMaintenanceTest {
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    pool = Pools.create(vertx, TestDatabase.address(), 1, "test");
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void queueTables_areVacuumedUnthrottled_historyTablesAreNot(VertxTestContext ctx) {
    pool.query(
            "SELECT relname, coalesce(reloptions, '{}') AS options FROM pg_class"
                + " WHERE relname IN ('im_async_task_info', 'im_async_context_info',"
                + " 'ordo_history_event', 'ordo_history_execution')")
        .execute()
        .onComplete(
            ctx.succeeding(
                rows ->
                    ctx.verify(
                        () -> {
                          Map<String, List<String>> options = new HashMap<>();
                          for (Row row : rows) {
                            options.put(
                                row.getString("relname"),
                                List.of(row.getArrayOfStrings("options")));
                          }
                          assertEquals(4, options.size(), options.toString());
                          assertEquals(
                              "0", costDelay(options.get("im_async_task_info")), "task table");
                          assertEquals(
                              "0",
                              costDelay(options.get("im_async_context_info")),
                              "context table");
                          assertNull(costDelay(options.get("ordo_history_event")), "event table");
                          assertNull(
                              costDelay(options.get("ordo_history_execution")), "header table");
                          ctx.completeNow();
                        })));
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
