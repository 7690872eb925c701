package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.lock.LockOwnerStore;
import io.ordo.queue.store.TaskStore.ClaimedRow;
import io.ordo.queue.store.TaskStore.Hold;
import io.ordo.queue.store.TaskStore.Settling;
import io.ordo.testing.AutoExplain;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hot path's connections plan each statement once ({@link PlanProfile#HOT_PATH}): a plan made
 * while the task table is empty (a node's first reports) must still be index probes when the table
 * holds 20,000 waiting messages. The plans of the claim, the start, the finish and the start and
 * finish at once that ran are read from PostgreSQL's auto_explain, sent to this connection as
 * notices. (The queue service plans claims for each execution; checked here too, a claim planned
 * once is as safe.) And the count of tasks in progress per runner, read on these connections.
 */
@ExtendWith(VertxExtension.class)
class HotPathPlanTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final int WAITING = 20_000;

  /** A full report batch: the runner's reports come in batches of up to 256. */
  private static final int BATCH = 256;

  /** Pages a plan may read per message of the batch: a probe of each index, a heap page. */
  private static final int PAGES_PER_MESSAGE = 20;

  private static final String TASKS = "im_async_task_info";

  private final TaskStore tasks = new TaskStore();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    // one connection: the plans the checked statements run by are the ones it made first
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.HOT_PATH, 1);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void plansMadeOnATableOfOneMessage_probeIndexes_whenTheQueueIsLarge(VertxTestContext ctx) {
    // the first executions, on a table of one message, make the plans kept from now on
    plansMadeBy(
        ctx,
        (connection, owner) ->
            insert(connection, 1)
                .compose(v -> claim(connection, owner))
                .compose(claimed -> lifecycle(connection, owner, claimed)));
  }

  /**
   * Plans made on analyzed empty tables (a node's first reports after a quiet spell): they drove
   * the finish from a walk of the whole task table's primary key, probing the batch for each row (6
   * ms a batch at 20,000 waiting, seconds in the benchmark's serial run).
   */
  @Test
  void plansMadeOnAnalyzedEmptyTables_probeIndexes_whenTheQueueIsLarge(VertxTestContext ctx) {
    plansMadeBy(
        ctx,
        (connection, owner) ->
            connection
                .query("ANALYZE im_async_task_info, im_async_context_info")
                .execute()
                .compose(v -> claim(connection, owner))
                // a hold of a message that is not there: the statements run, and find nothing
                .compose(
                    none ->
                        lifecycle(
                            connection,
                            List.of(
                                new Hold(
                                    TENANT, UUID.randomUUID().toString(), owner.toString(), 1)))));
  }

  /**
   * Makes the plans with {@code firstExecutions} on the connection, then claims, starts and
   * finishes a batch with 20,000 messages waiting, and checks the plans that ran.
   */
  private void plansMadeBy(
      VertxTestContext ctx, BiFunction<SqlConnection, UUID, Future<?>> firstExecutions) {
    UUID owner = UUID.randomUUID();
    List<JsonObject> plans = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger claimPlans = new AtomicInteger();
    pool.getConnection()
        .compose(
            connection ->
                registered(connection, owner)
                    .compose(v -> firstExecutions.apply(connection, owner))
                    .compose(v -> insert(connection, WAITING))
                    .compose(v -> AutoExplain.collect(connection, plans))
                    .compose(v -> claim(connection, owner))
                    .compose(
                        claimed -> {
                          assertEquals(BATCH, claimed.size());
                          claimPlans.set(plans.size());
                          List<Hold> holds = holds(claimed, owner);
                          return lifecycle(
                              connection,
                              holds.subList(0, BATCH / 2),
                              holds.subList(BATCH / 2, BATCH));
                        })
                    .eventually(connection::close))
        .onComplete(
            ctx.succeeding(
                v ->
                    ctx.verify(
                        () -> {
                          // the claim, the start, the finish, the start and finish at once
                          // (auto_explain logs the top level)
                          assertTrue(plans.size() >= 4, "plans: " + plans);
                          for (JsonObject plan : plans) {
                            String text = plan.encode();
                            assertFalse(
                                text.contains("\"Seq Scan\""), "a sequential scan: " + text);
                            assertFalse(text.contains("\"Hash Join\""), "a hash join: " + text);
                            assertTrue(
                                AutoExplain.blocks(plan) < PAGES_PER_MESSAGE * BATCH,
                                "a handful of pages per message, not the queue's: " + text);
                          }
                          // the reports': the batch drives, each of its rows probes the task
                          // table for its own message
                          List<JsonObject> reports = plans.subList(claimPlans.get(), plans.size());
                          assertTrue(reports.size() >= 3, "plans: " + reports);
                          ExplainedPlans.probedByKey(reports, TASKS);
                          ctx.completeNow();
                        })));
  }

  /**
   * The farm's tasks in progress per runner, read for every queue info's blocked reason (for each
   * of a thousand serial queues activated one after the other, say), on the connections the queue
   * info reads them on: the few rows of the in-progress index, also with statistics taken while
   * half the messages were in progress (a queue near its end). Planned for the statistics, the
   * count read the whole task table (2.1-2.3 ms a call at 20,000 waiting, in the benchmark's serial
   * run). On the tables built here the planner takes the index on either kind of connection: what
   * this checks is that on these connections, which allow no sequential scan, the count reads the
   * in-progress rows, and is right.
   */
  @Test
  void theInProgressCount_readsTheInProgressIndex_notTheWaitingMessages(VertxTestContext ctx) {
    UUID owner = UUID.randomUUID();
    List<JsonObject> plans = Collections.synchronizedList(new ArrayList<>());
    pool.getConnection()
        .compose(
            connection ->
                registered(connection, owner)
                    .compose(v -> insert(connection, 2 * BATCH))
                    .compose(v -> claim(connection, owner))
                    .compose(claimed -> connection.query("ANALYZE " + TASKS).execute())
                    .compose(v -> insert(connection, WAITING))
                    .compose(v -> AutoExplain.collect(connection, plans))
                    .compose(v -> tasks.inProgressByOwner(connection))
                    .eventually(connection::close))
        .onComplete(
            ctx.succeeding(
                byOwner ->
                    ctx.verify(
                        () -> {
                          assertEquals(Map.of(owner.toString(), BATCH), byOwner);
                          assertEquals(1, plans.size(), "plans: " + plans);
                          String text = plans.get(0).encode();
                          assertFalse(text.contains("\"Seq Scan\""), "a sequential scan: " + text);
                          assertTrue(
                              AutoExplain.blocks(plans.get(0)) < BATCH,
                              "the in-progress rows' pages, not the table's: " + text);
                          ctx.completeNow();
                        })));
  }

  /** The tenant's parallel queue, and the lock owner {@code owner} with a live lease. */
  private static Future<Void> registered(SqlConnection connection, UUID owner) {
    return new QueueStore()
        .ensureParallelQueue(connection, TENANT, NOW.minusSeconds(3600))
        .compose(
            v ->
                new LockOwnerStore()
                    .register(
                        connection, owner, "runner-a", "runner", BATCH, Duration.ofMinutes(5)))
        .mapEmpty();
  }

  private Future<List<ClaimedRow>> claim(SqlConnection connection, UUID owner) {
    return connection
        .begin()
        .compose(
            tx ->
                tasks
                    .claim(connection, owner, BATCH, 0, List.of(TYPE), Settling.NONE, NOW)
                    .compose(claimed -> tx.commit().map(claimed)));
  }

  private static List<Hold> holds(List<ClaimedRow> claimed, UUID owner) {
    return claimed.stream()
        .map(c -> new Hold(c.tenant(), c.messageId(), owner.toString(), c.version()))
        .toList();
  }

  private Future<Void> lifecycle(SqlConnection connection, UUID owner, List<ClaimedRow> claimed) {
    return lifecycle(connection, holds(claimed, owner));
  }

  /** Runs all three statements on the same holds (the later ones find the messages gone). */
  private Future<Void> lifecycle(SqlConnection connection, List<Hold> holds) {
    return lifecycle(connection, holds, holds);
  }

  /**
   * Starts and finishes the holds {@code apart}, each step in its own statement, and starts and
   * finishes the holds {@code atOnce} in one.
   */
  private Future<Void> lifecycle(SqlConnection connection, List<Hold> apart, List<Hold> atOnce) {
    return tasks
        .start(connection, apart, times(apart))
        .compose(v -> tasks.finish(connection, apart, new String[] {"RUNNING"}))
        .compose(v -> tasks.startAndFinish(connection, atOnce, times(atOnce)))
        .mapEmpty();
  }

  private static List<Instant> times(List<Hold> holds) {
    return holds.stream().map(h -> NOW).toList();
  }

  private static Future<Void> insert(SqlConnection connection, int count) {
    return WaitingRows.insert(connection, TENANT, TYPE, count, NOW.minusSeconds(60), null);
  }
}
