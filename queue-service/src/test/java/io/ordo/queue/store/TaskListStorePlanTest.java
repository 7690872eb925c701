package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.Pools;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The task list's statements can be answered from their V13 indexes in list order: the plan reads
 * the index (cursor as its bound, no sort of the tenant's rows). Sequential scans are switched off
 * so that the planner's choice on a near-empty test table does not hide whether the index fits.
 */
@ExtendWith(VertxExtension.class)
class TaskListStorePlanTest {
  private static final TaskFilter ALL =
      new TaskFilter(null, null, null, null, null, null, null, null);
  private static final ListCursor CURSOR =
      new ListCursor(Instant.parse("2026-01-01T00:00:00Z"), "7f000000-0000-0000-0000-000000000000");

  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    TestDatabase.truncate();
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void liveTasks_readTheReceivedIndex_inOrder(VertxTestContext ctx) {
    plan(TaskListStore.LIVE, TaskListStore.liveArgs("default", ALL, CURSOR, 101))
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          assertTrue(plan.contains("im_async_task_received_idx"), plan);
                          assertFalse(plan.contains("Sort"), plan);
                          ctx.completeNow();
                        })));
  }

  @Test
  void finishedTasks_readTheFinishedIndex_inOrder(VertxTestContext ctx) {
    plan(TaskListStore.FINISHED, TaskListStore.finishedArgs("default", null, ALL, CURSOR, 101))
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          assertTrue(plan.contains("ordo_history_task_finished_idx"), plan);
                          assertFalse(plan.contains("Sort"), plan);
                          ctx.completeNow();
                        })));
  }

  @Test
  void finishedTasksOfOneStatus_readTheStatusIndex(VertxTestContext ctx) {
    TaskFilter failed =
        new TaskFilter(Set.of(TaskStatus.FAILED), null, null, null, null, null, null, null);
    plan(
            TaskListStore.FINISHED,
            TaskListStore.finishedArgs("default", new String[] {"FAILED"}, failed, CURSOR, 101))
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          assertTrue(plan.contains("ordo_history_task_"), plan);
                          assertFalse(plan.contains("Seq Scan"), plan);
                          ctx.completeNow();
                        })));
  }

  private Future<String> plan(String sql, Tuple args) {
    return pool.withTransaction(
        tx ->
            tx.query("SET LOCAL enable_seqscan = off")
                .execute()
                .compose(v -> tx.preparedQuery("EXPLAIN " + sql).execute(args))
                .map(
                    rows -> {
                      StringBuilder plan = new StringBuilder();
                      for (Row row : rows) {
                        plan.append(row.getString(0)).append('\n');
                      }
                      return plan.toString();
                    }));
  }
}
