package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.Pools;
import io.ordo.model.TaskInfo;
import io.ordo.testing.AutoExplain;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The serial queues' listing ({@code GET /serial-queues}, {@code GET /status}) runs on the general
 * pool, planned on the statistics of the moment. Whatever those make the planner prefer, each
 * queue's first messages come from a walk of the waiting index in queue order (V23): planned in the
 * statement, the lookup was once a bitmap of the tenant's every row per queue (18.9 s for 1,000
 * queues in a benchmark run). Here the planner is made to disfavour ordered index walks (plain
 * index scans off for the transaction), which turns the lookup written in the statement into a
 * bitmap and a sort.
 */
@ExtendWith(VertxExtension.class)
class SerialWaitingPlanTest {
  private static final String TENANT = "default";
  private static final String TYPE = "org.example.Task";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final int QUEUES = 30;
  private static final int PER_QUEUE = 20;

  private final TaskStore tasks = new TaskStore();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    TestDatabase.truncate();
    pool = Pools.create(vertx, TestDatabase.address(), 1, "test");
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void serialWaiting_walksEachQueuesWaitingIndex_whateverThePlannerPrefers(VertxTestContext ctx) {
    List<JsonObject> plans = new ArrayList<>();
    pool.withTransaction(
            c ->
                WaitingRows.serial(c, TENANT, TYPE, QUEUES, PER_QUEUE, NOW)
                    .compose(v -> c.query("ANALYZE im_async_task_info").execute())
                    .compose(v -> c.query("SET LOCAL enable_indexscan = off").execute())
                    .compose(v -> AutoExplain.collect(c, plans, true))
                    .compose(v -> tasks.serialWaiting(c, TENANT, 2)))
        .onComplete(
            ctx.succeeding(
                waiting ->
                    ctx.verify(
                        () -> {
                          assertFirstTwoOfEachQueue(waiting);
                          assertWalkedInQueueOrder(plans);
                          ctx.completeNow();
                        })));
  }

  private static void assertFirstTwoOfEachQueue(Map<String, List<TaskInfo>> waiting) {
    assertEquals(QUEUES, waiting.size(), "every queue: " + waiting.keySet());
    waiting.forEach(
        (queue, first) -> {
          assertEquals(2, first.size(), queue);
          assertTrue(
              first.get(0).receivedTime().isBefore(first.get(1).receivedTime()),
              queue + " in queue order: " + first);
        });
  }

  private static void assertWalkedInQueueOrder(List<JsonObject> plans) {
    String text = plans.toString();
    int walks = 0;
    for (JsonObject plan : plans) {
      assertTrue(
          ClaimPlans.nodes(plan, "Bitmap Heap Scan", "im_async_task_info").isEmpty(),
          "no bitmap of the task table: " + text);
      assertTrue(
          ClaimPlans.nodes(plan, "Seq Scan", "im_async_task_info").isEmpty(),
          "no sequential scan of the task table: " + text);
      for (JsonObject scan : ClaimPlans.nodes(plan, "Index Scan", "im_async_task_info")) {
        assertEquals("im_async_task_waiting_idx", scan.getString("Index Name"), scan.encode());
        walks++;
      }
    }
    assertTrue(walks > 0, "the waiting index is walked: " + text);
  }
}
