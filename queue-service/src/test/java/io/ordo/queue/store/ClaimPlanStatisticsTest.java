package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.lock.LockOwnerStore;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The claim is planned once per connection ({@code PlanProfile.CLAIM}), so its plan may have been
 * made while the tables were empty, and be used after they filled up. Such a plan still reads only
 * about what it takes: each message it locks is updated where it was locked (a TID scan), each
 * correlated lookup is a probe by key, and each walk follows its own index, whatever the statistics
 * said when the plan was made.
 */
@ExtendWith(VertxExtension.class)
class ClaimPlanStatisticsTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final int CAPACITY = 10;

  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.CLAIM);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void planMadeOnEmptyTables_readsAboutWhatItTakesOnceTheyAreFull(VertxTestContext ctx) {
    UUID owner = UUID.randomUUID();
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(
            v ->
                new LockOwnerStore()
                    .register(pool, owner, "runner-a", "runner", 10, Duration.ofMinutes(5)))
        .compose(
            v ->
                pool.query("ANALYZE im_async_task_info, im_async_queue_info, im_async_context_info")
                    .execute())
        .compose(
            v ->
                ClaimPlans.explainPlannedBefore(
                    pool,
                    new ClaimPlans.Claim(owner, CAPACITY, 4, TYPE, NOW),
                    // older messages not due yet, runnable ones, and busy-free serial queues
                    client ->
                        WaitingRows.insert(
                                client,
                                TENANT,
                                TYPE,
                                2_000,
                                NOW.minusSeconds(7000),
                                NOW.plusSeconds(3600))
                            .compose(
                                w ->
                                    WaitingRows.insert(
                                        client, TENANT, TYPE, 2_000, NOW.minusSeconds(3600), null))
                            .compose(
                                w ->
                                    WaitingRows.serial(
                                        client, TENANT, TYPE, 500, 2, NOW.minusSeconds(60)))))
        .onComplete(
            ctx.succeeding(
                plan ->
                    ctx.verify(
                        () -> {
                          String text = plan.encode();
                          assertEquals(CAPACITY, plan.getInteger("Actual Rows"), text);
                          long read = ClaimPlans.rowsRead(plan);
                          assertTrue(read < 500, "read " + read + " rows of 5,000 for 10: " + text);
                          ctx.completeNow();
                        })));
  }
}
