package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.lock.LockOwnerStore;
import io.ordo.testing.AutoExplain;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The farm's tasks in progress per runner, read for every queue info's blocked reason (for each of
 * a thousand serial queues activated one after the other, say), on the connections the queue info
 * reads them on ({@link PlanProfile#HOT_PATH}): the few rows of the in-progress index, also when
 * the statistics were taken while many messages were in progress. On connections that plan for the
 * statistics, the count read the whole task table (4.7 ms at 17,000 waiting messages).
 */
@ExtendWith(VertxExtension.class)
class InProgressCountPlanTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final int IN_PROGRESS = 256;

  /** Pages the count may read: the in-progress index and the heap pages of its rows. */
  private static final int PAGES = 100;

  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.HOT_PATH, 1);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void theCountReadsTheInProgressIndex_notTheWaitingMessages(VertxTestContext ctx) {
    TaskStore tasks = new TaskStore();
    UUID owner = UUID.randomUUID();
    List<JsonObject> plans = Collections.synchronizedList(new ArrayList<>());
    pool.getConnection()
        .compose(
            connection ->
                new QueueStore()
                    .ensureParallelQueue(connection, TENANT, NOW.minusSeconds(3600))
                    .compose(
                        v ->
                            new LockOwnerStore()
                                .register(
                                    connection,
                                    owner,
                                    "runner-a",
                                    "runner",
                                    IN_PROGRESS,
                                    Duration.ofMinutes(5)))
                    .compose(
                        v ->
                            WaitingRows.insert(
                                connection,
                                TENANT,
                                TYPE,
                                2 * IN_PROGRESS,
                                NOW.minusSeconds(120),
                                null))
                    .compose(
                        v ->
                            tasks.claim(
                                connection, owner, IN_PROGRESS, 0, List.of(TYPE), List.of(), NOW))
                    // statistics of a moment when half the messages were in progress (a queue near
                    // its end)
                    .compose(claimed -> connection.query("ANALYZE im_async_task_info").execute())
                    .compose(
                        v ->
                            WaitingRows.insert(
                                connection, TENANT, TYPE, 20_000, NOW.minusSeconds(60), null))
                    .compose(v -> AutoExplain.collect(connection, plans))
                    .compose(v -> tasks.inProgressByOwner(connection))
                    .eventually(connection::close))
        .onComplete(
            ctx.succeeding(
                byOwner ->
                    ctx.verify(
                        () -> {
                          assertEquals(Map.of(owner.toString(), IN_PROGRESS), byOwner);
                          assertEquals(1, plans.size(), "plans: " + plans);
                          String text = plans.get(0).encode();
                          assertFalse(text.contains("\"Seq Scan\""), "a sequential scan: " + text);
                          assertTrue(
                              AutoExplain.blocks(plans.get(0)) < PAGES,
                              "the in-progress rows' pages, not the table's: " + text);
                          ctx.completeNow();
                        })));
  }
}
