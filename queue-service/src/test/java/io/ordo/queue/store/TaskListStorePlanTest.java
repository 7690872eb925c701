package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /** 20 000 finished tasks, one in a hundred failed: a table where the status index pays. */
  private static final String FILL =
      "INSERT INTO ordo_history_execution"
          + " (tenant, execution_id, kind, open, started_at, closed_at, last_event_id, summary)"
          + " SELECT 'default', gen_random_uuid(), 'task', false,"
          + " timestamptz '2025-01-01' + i * interval '1 second',"
          + " timestamptz '2025-01-01' + i * interval '1 second' + interval '10 ms', 4,"
          + " jsonb_build_object('outcome', jsonb_build_object('type',"
          + "   CASE WHEN i % 100 = 0 THEN 'FAILED' ELSE 'COMPLETED' END))"
          + " FROM generate_series(1, 20000) AS i";

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
    plan(TaskListStore.FINISHED_ALL, TaskListStore.finishedArgs("default", null, ALL, CURSOR, 101))
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
  void finishedTasksOfOneStatus_readTheStatusIndex_inOrder(VertxTestContext ctx) {
    planOfOneStatus(TaskStatus.FAILED)
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          assertTrue(plan.contains("ordo_history_task_status_idx"), plan);
                          assertFalse(plan.contains("Sort"), plan);
                          ctx.completeNow();
                        })));
  }

  @Test
  void completedTasks_readTheFinishedIndex_inOrder(VertxTestContext ctx) {
    // the status index leaves completed tasks out (V19): nearly every finished task is one
    planOfOneStatus(TaskStatus.COMPLETED)
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          assertTrue(plan.contains("ordo_history_task_finished_idx"), plan);
                          assertFalse(plan.contains("ordo_history_task_status_idx"), plan);
                          assertFalse(plan.contains("Sort"), plan);
                          ctx.completeNow();
                        })));
  }

  @Test
  void finishedTasksSince_walkTheFinishedIndexFromSince_andTheClosingIndexOverTheWindow(
      VertxTestContext ctx) {
    // received in the window: the list's index, bounded by since; received before it and ended
    // in it: the closing-time index over the window (one walk read every older header)
    TaskFilter since =
        new TaskFilter(
            null, null, null, null, null, null, Instant.parse("2025-01-01T05:00:00Z"), null);
    filled()
        .compose(
            v ->
                plan(
                    TaskListStore.FINISHED_ALL_SINCE,
                    TaskListStore.finishedArgs("default", null, since, CURSOR, 101)))
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          assertTrue(
                              plan.matches(
                                  "(?s).*ordo_history_task_finished_idx[^\\n]*\\n"
                                      + "\\s*Index Cond: [^\\n]*started_at >=.*"),
                              plan);
                          assertTrue(
                              plan.matches(
                                  "(?s).*ordo_history_execution_closed_idx[^\\n]*\\n"
                                      + "\\s*Index Cond: [^\\n]*closed_at >=.*"),
                              plan);
                          ctx.completeNow();
                        })));
  }

  @Test
  void finishedTasksUntil_startTheWalkAtUntil(VertxTestContext ctx) {
    // 100 of the 20,000 were received before until: a walk that starts at the page's cursor reads
    // the index entries of the 19,900 received after until first (over a hundred pages)
    TaskFilter until =
        new TaskFilter(
            null, null, null, null, null, null, null, Instant.parse("2025-01-01T00:01:41Z"));
    filled()
        .compose(
            v ->
                plan(
                    "EXPLAIN (ANALYZE, BUFFERS, COSTS off) ",
                    TaskListStore.FINISHED_ALL,
                    TaskListStore.finishedArgs("default", null, until, null, 101)))
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          // the scan's buffers include its subplan's (each row's event)
                          Matcher scan =
                              Pattern.compile(
                                      "ordo_history_task_finished_idx.*?actual [^\\n]* rows=(\\d+)"
                                          + ".*?Buffers: shared hit=(\\d+)"
                                          + ".*?SubPlan.*?Buffers: shared hit=(\\d+)",
                                      Pattern.DOTALL)
                                  .matcher(plan);
                          assertTrue(scan.find(), plan);
                          assertEquals("100", scan.group(1), plan);
                          int own =
                              Integer.parseInt(scan.group(2)) - Integer.parseInt(scan.group(3));
                          assertTrue(own < 20, own + " buffers read by the walk:\n" + plan);
                          ctx.completeNow();
                        })));
  }

  /** The plan of a list of one status, over 20,000 finished tasks (1 % failed). */
  private Future<String> planOfOneStatus(TaskStatus status) {
    TaskFilter filter = new TaskFilter(Set.of(status), null, null, null, null, null, null, null);
    return filled()
        .compose(
            v ->
                plan(
                    TaskListStore.FINISHED_ONE,
                    TaskListStore.finishedArgs(
                        "default", new String[] {status.name()}, filter, CURSOR, 101)));
  }

  /** The table {@link #FILL} makes, analyzed. */
  private Future<Void> filled() {
    return pool.query(FILL)
        .execute()
        .compose(v -> pool.query("ANALYZE ordo_history_execution").execute())
        .mapEmpty();
  }

  private Future<String> plan(String sql, Tuple args) {
    return plan("EXPLAIN ", sql, args);
  }

  private Future<String> plan(String explain, String sql, Tuple args) {
    return pool.withTransaction(
        tx ->
            tx.query("SET LOCAL enable_seqscan = off")
                .execute()
                .compose(v -> tx.preparedQuery(explain + sql).execute(args))
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
