package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The claim's plan, as the queue service runs it (planned once per connection, {@code
 * PlanProfile.CLAIM}).
 *
 * <p>With many delayed messages in the parallel queue (schema V10), the delayed messages older than
 * the runnable ones are neither taken nor walked past: the plan reads the candidates index
 * (messages without a time) and stops after the batch, and probes the timed index once, finding
 * nothing due.
 *
 * <p>The plan may have been made while the tables were empty, and be used after they filled up.
 * Such a plan still reads only about what it takes: each message it locks is updated where it was
 * locked (a TID scan), each correlated lookup is a probe by key, and each walk follows its own
 * index, whatever the statistics said when the plan was made.
 */
@ExtendWith(VertxExtension.class)
class ClaimPlanTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final String OTHER_TYPE = "io.ordo.test.Other";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final int DELAYED = 20_000;
  private static final int CAPACITY = 10;

  private final TaskStore tasks = new TaskStore();
  private final UUID owner = UUID.randomUUID();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx, VertxTestContext ctx) {
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.CLAIM);
    ClaimPlans.registerOwner(pool, owner).onComplete(ctx.succeedingThenComplete());
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void manyOlderDelayedMessages_areNeitherTakenNorWalkedPast(VertxTestContext ctx) {
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(3600))
        // received an hour ago, due in an hour; then 20 messages received a minute ago, due now
        .compose(v -> insert(DELAYED, NOW.minusSeconds(3600), NOW.plusSeconds(3600)))
        .compose(v -> insert(20, NOW.minusSeconds(60), null))
        .compose(v -> pool.query("ANALYZE im_async_task_info").execute())
        .compose(v -> ClaimPlans.explain(pool, owner, 10, 0, TYPE, NOW))
        .onComplete(
            ClaimPlans.checked(
                ctx,
                plan -> {
                  String text = plan.encode();
                  // the tenants' loose scan and the tenant's walks both read the candidates index
                  List<JsonObject> ready =
                      ClaimPlans.scansOf(plan, "im_async_task_parallel_candidates_idx");
                  JsonObject timed = dueWalk(plan);
                  assertTrue(!ready.isEmpty() && timed != null, text);
                  // the walks (one a task type) took the batch: rows over all their loops
                  assertEquals(
                      10,
                      ready.stream()
                          .mapToLong(
                              scan -> scan.getLong("Actual Rows") * scan.getLong("Actual Loops"))
                          .max()
                          .orElse(0),
                      text);
                  assertEquals(0, timed.getInteger("Actual Rows"), text);
                  assertTrue(
                      ready.stream().mapToInt(ClaimPlans::pages).sum() < 200,
                      "a handful of pages, not the delayed messages': " + text);
                }));
  }

  /**
   * A tenant whose parallel queue is paused keeps its messages; another tenant's claim does not
   * read them, however many there are and however much older they are than its own (one walk across
   * tenants used to filter them out row by row on every claim).
   */
  @Test
  void aPausedTenantsOlderBacklog_isNotReadByAnotherTenantsClaim(VertxTestContext ctx) {
    besideAPausedTenant()
        .compose(v -> WaitingRows.insert(pool, "paused", TYPE, 5_000, NOW.minusSeconds(3600), null))
        .compose(v -> insert(20, NOW.minusSeconds(60), null))
        .compose(v -> analyze())
        .compose(v -> ClaimPlans.explain(pool, owner, CAPACITY, 0, TYPE, NOW))
        .onComplete(ClaimPlans.checked(ctx, ClaimPlanTest::tookABatchReadingLittle));
  }

  /** As above, for a paused tenant's messages whose time (a delay, a back-off) has come. */
  @Test
  void aPausedTenantsDueMessages_areNotReadByAnotherTenantsClaim(VertxTestContext ctx) {
    besideAPausedTenant()
        .compose(
            v ->
                WaitingRows.insert(
                    pool, "paused", TYPE, 5_000, NOW.minusSeconds(3600), NOW.minusSeconds(1800)))
        .compose(v -> insert(20, NOW.minusSeconds(120), NOW.minusSeconds(60)))
        .compose(v -> analyze())
        .compose(v -> ClaimPlans.explain(pool, owner, CAPACITY, 0, TYPE, NOW))
        .onComplete(ClaimPlans.checked(ctx, ClaimPlanTest::tookABatchReadingLittle));
  }

  /**
   * A backlog of a task type the claiming runner does not run (only other runners do, or their
   * runners are gone) is not read by its claims, however much older it is than the messages it runs
   * (one walk across types read every such message on every claim: 30-37 ms a claim at 56,733).
   */
  @Test
  void anOlderBacklogOfATypeTheRunnerDoesNotRun_isNotRead(VertxTestContext ctx) {
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(
            v -> WaitingRows.insert(pool, TENANT, OTHER_TYPE, 5_000, NOW.minusSeconds(3600), null))
        .compose(v -> insert(20, NOW.minusSeconds(60), null))
        .compose(v -> analyze())
        .compose(v -> ClaimPlans.explain(pool, owner, CAPACITY, 0, TYPE, NOW))
        .onComplete(ClaimPlans.checked(ctx, ClaimPlanTest::tookABatchReadingLittle));
  }

  /** As above, for such messages whose time (a delay, a back-off) has come. */
  @Test
  void dueMessagesOfATypeTheRunnerDoesNotRun_areNotRead(VertxTestContext ctx) {
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(
            v ->
                WaitingRows.insert(
                    pool,
                    TENANT,
                    OTHER_TYPE,
                    5_000,
                    NOW.minusSeconds(3600),
                    NOW.minusSeconds(1800)))
        .compose(v -> insert(20, NOW.minusSeconds(120), NOW.minusSeconds(60)))
        .compose(v -> analyze())
        .compose(v -> ClaimPlans.explain(pool, owner, CAPACITY, 0, TYPE, NOW))
        .onComplete(ClaimPlans.checked(ctx, ClaimPlanTest::tookABatchReadingLittle));
  }

  @Test
  void planMadeOnEmptyTables_readsAboutWhatItTakesOnceTheyAreFull(VertxTestContext ctx) {
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(v -> analyze())
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
            ClaimPlans.checked(
                ctx,
                plan -> {
                  tookABatchReadingLittle(plan);
                }));
  }

  /**
   * A plan made while only serial queues held messages (statistics of a full task table and an
   * empty parallel queue: the benchmark met it when a claim connection was opened after a serial
   * run) chose the parallel waiting list's index for the walk of delayed messages and read every
   * waiting message on each claim (4 ms a claim at 20,000, the slow end-to-end runs). With sorts
   * off, each walk has one index that gives its order.
   */
  @Test
  void planMadeWhileOnlySerialQueuesHeldMessages_walksTheTimedIndex(VertxTestContext ctx) {
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        // serial messages received after the parallel ones below, so they hold none of them back
        .compose(v -> WaitingRows.serial(pool, TENANT, TYPE, 1_000, 20, NOW.minusSeconds(60)))
        .compose(v -> analyze())
        .compose(
            v ->
                ClaimPlans.explainPlannedBefore(
                    pool,
                    new ClaimPlans.Claim(owner, CAPACITY, 0, TYPE, NOW),
                    client ->
                        WaitingRows.insert(
                            client, TENANT, TYPE, 5_000, NOW.minusSeconds(3600), null)))
        .onComplete(
            ClaimPlans.checked(
                ctx,
                plan -> {
                  assertTrue(dueWalk(plan) != null, "the delayed messages' walk: " + plan.encode());
                  tookABatchReadingLittle(plan);
                }));
  }

  /**
   * Which tenants' parallel queues are inactive is read on every claim of parallel messages; it
   * walked the queue table's primary key, every serial queue's entry (V21).
   */
  @Test
  void manySerialQueues_areNotReadByAParallelClaim(VertxTestContext ctx) {
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(
            v ->
                pool.query(
                        "INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active,"
                            + " created_at) SELECT 'default', 'S', 'q-' || i, true, now()"
                            + " FROM generate_series(1, 5000) AS i")
                    .execute())
        .compose(v -> insert(2_000, NOW.minusSeconds(3600), null))
        .compose(v -> analyze())
        .compose(v -> ClaimPlans.explain(pool, owner, CAPACITY, 0, TYPE, NOW))
        .onComplete(
            ClaimPlans.checked(
                ctx,
                plan -> {
                  tookABatchReadingLittle(plan);
                  int pages = 0;
                  for (String type : List.of("Index Scan", "Index Only Scan")) {
                    for (JsonObject scan : ClaimPlans.nodes(plan, type, "im_async_queue_info")) {
                      pages += ClaimPlans.pages(scan);
                    }
                  }
                  assertTrue(pages < 10, pages + " pages of the queue table: " + plan.encode());
                }));
  }

  /**
   * Each claimed serial head answers the received time of the message behind it, for its runner to
   * name while the head's outcome is on its way: one probe of the queue's waiting messages a head,
   * not a read of its backlog, and none for a parallel message.
   */
  @Test
  void aClaimedSerialHeadsNextHead_isOneProbe_notItsQueuesBacklog(VertxTestContext ctx) {
    int heads = 4;
    new QueueStore()
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(v -> WaitingRows.serial(pool, TENANT, TYPE, heads, 2_000, NOW.minusSeconds(3600)))
        // received after the serial heads: the claim takes every head, then parallel ones
        .compose(v -> insert(2_000, NOW.minusSeconds(1800), null))
        .compose(v -> analyze())
        .compose(v -> ClaimPlans.explain(pool, owner, CAPACITY, heads, TYPE, NOW))
        .onComplete(
            ClaimPlans.checked(
                ctx,
                plan -> {
                  tookABatchReadingLittle(plan);
                  JsonObject next =
                      ClaimPlans.scansOf(plan, "im_async_task_waiting_idx").stream()
                          .filter(scan -> scan.getString("Filter", "").contains("message_id"))
                          .findFirst()
                          .orElseThrow(() -> new AssertionError("no next-head probe: " + plan));
                  long read =
                      next.getLong("Actual Rows") * next.getLong("Actual Loops")
                          + next.getLong("Rows Removed by Filter", 0L);
                  // probed for each serial head claimed, and for no parallel message
                  assertEquals(heads, next.getInteger("Actual Loops"), next.encode());
                  // a head and the one behind it, for each of the heads claimed
                  assertTrue(read <= 2L * heads, read + " rows: " + next.encode());
                }));
  }

  private Future<Void> analyze() {
    return pool.query("ANALYZE im_async_task_info, im_async_queue_info, im_async_context_info")
        .execute()
        .mapEmpty();
  }

  /**
   * The walk of due messages: the scan of the timed index bounded by the time (the tenants' loose
   * scan reads that index too), or null.
   */
  private static JsonObject dueWalk(JsonObject plan) {
    return ClaimPlans.scansOf(plan, "im_async_task_parallel_timed_idx").stream()
        .filter(scan -> scan.getString("Index Cond", "").contains("not_before <="))
        .findFirst()
        .orElse(null);
  }

  /** The tenant's parallel queue, active, and the parallel queue of tenant "paused", inactive. */
  private Future<Void> besideAPausedTenant() {
    QueueStore queues = new QueueStore();
    return queues
        .ensureParallelQueue(pool, TENANT, NOW.minusSeconds(7200))
        .compose(v -> queues.ensureParallelQueue(pool, "paused", NOW.minusSeconds(7200)))
        .compose(
            v ->
                pool.query(
                        "UPDATE im_async_queue_info SET active = false"
                            + " WHERE tenant = 'paused' AND queue_kind = 'P'")
                    .execute())
        .mapEmpty();
  }

  /** The claim took a full batch and read about what it took, not the thousands of messages. */
  private static void tookABatchReadingLittle(JsonObject plan) {
    String text = plan.encode();
    assertEquals(CAPACITY, plan.getInteger("Actual Rows"), text);
    long read = ClaimPlans.rowsRead(plan);
    assertTrue(read < 500, "read " + read + " rows for " + CAPACITY + ": " + text);
  }

  private Future<Void> insert(int count, Instant receivedAt, Instant notBefore) {
    return WaitingRows.insert(pool, TENANT, TYPE, count, receivedAt, notBefore);
  }
}
