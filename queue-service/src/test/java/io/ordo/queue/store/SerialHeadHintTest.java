package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.db.Pools;
import io.ordo.model.QueueKind;
import io.ordo.queue.store.QueueStore.TailRequest;
import io.ordo.queue.store.TaskStore.ClaimedRow;
import io.ordo.queue.store.TaskStore.Hold;
import io.ordo.queue.store.TaskStore.Settling;
import io.ordo.testing.AutoExplain;
import io.ordo.testing.LockWaits;
import io.ordo.testing.SingleValues;
import io.ordo.testing.TestDatabase;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The runnable-serial-head hint (V17): each serial queue's row holds its head's received time while
 * it has a head and nothing in progress, whatever statement changes the queue's messages, also when
 * two transactions change one queue at once; and a claim walks those hints instead of every active
 * serial queue.
 */
@ExtendWith(VertxExtension.class)
class SerialHeadHintTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final Instant RECEIVED = NOW.minusSeconds(600);
  private static final String[] ANY_HELD = {"READY", "RUNNING"};

  private final TaskStore tasks = new TaskStore();
  private final UUID owner = UUID.randomUUID();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx, VertxTestContext ctx) {
    TestDatabase.truncate();
    pool = Pools.create(vertx, TestDatabase.address(), 3, "test", PlanProfile.CLAIM);
    ClaimPlans.registerOwner(pool, owner).onComplete(ctx.succeedingThenComplete());
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void hint_followsTheHead_throughClaimEndRemovalAndRequeue(VertxTestContext ctx) {
    // q1 holds four messages, received 2, 3, 4 and 5 ms after RECEIVED (one queue: p × 1 + 1)
    WaitingRows.serial(pool, TENANT, TYPE, 1, 4, RECEIVED)
        .compose(v -> expectHint(receivedMs(2)))
        .compose(v -> claim(1))
        .compose(
            first ->
                // in progress: the claim leaves the hint, and the next claim passes the queue
                expectHint(receivedMs(2))
                    .compose(v -> claim(1))
                    .compose(
                        none -> {
                          assertEquals(List.of(), none, "the message behind the first waits");
                          return Future.<Void>succeededFuture();
                        })
                    // the first ends: the second is the head
                    .compose(v -> tasks.finish(pool, holds(first), ANY_HELD))
                    .compose(v -> expectHint(receivedMs(3))))
        .compose(v -> claim(1))
        .compose(
            second ->
                expectHint(receivedMs(3))
                    // the last one removed while the second is in progress: no runnable head
                    .compose(v -> newestMessage())
                    .compose(last -> tasks.deleteUnstarted(pool, TENANT, last, QueueKind.SERIAL))
                    .compose(v -> expectHint(null))
                    // back to WAITING (a release with re-entry): the head again
                    .compose(
                        v ->
                            pool.preparedQuery(
                                    "UPDATE im_async_task_info SET state = 'WAITING',"
                                        + " lock_owner_id = NULL WHERE message_id = $1")
                                .execute(Tuple.of(UUID.fromString(second.get(0).messageId()))))
                    .compose(v -> expectHint(receivedMs(3)))
                    // removed while waiting, nothing in progress: the third is the head
                    .compose(
                        v ->
                            tasks.deleteUnstarted(
                                pool,
                                TENANT,
                                UUID.fromString(second.get(0).messageId()),
                                QueueKind.SERIAL))
                    .compose(v -> expectHint(receivedMs(4))))
        .compose(v -> claim(1))
        .compose(third -> tasks.finish(pool, holds(third), ANY_HELD))
        // empty
        .compose(v -> expectHint(null))
        .onComplete(ctx.succeedingThenComplete());
  }

  /**
   * The hint's task type (V28) follows the head: two messages of one registration batch share their
   * received time, so the next head can have the time of the one before it and another type; a
   * claim then finds it among the heads of that type.
   */
  @Test
  void hintType_followsTheHead_alsoToANextHeadOfTheSameTime(VertxTestContext ctx) {
    // q1: a head of TYPE received 2 ms after RECEIVED, then a script's message of the same time
    WaitingRows.serial(pool, TENANT, TYPE, 1, 1, RECEIVED)
        .compose(v -> insertScriptBehind(receivedMs(2)))
        .compose(v -> expectHintType(TYPE))
        .compose(v -> claim(1))
        .compose(first -> tasks.finish(pool, holds(first), ANY_HELD))
        .compose(v -> expectHint(receivedMs(2)))
        .compose(v -> expectHintType(""))
        .compose(v -> claim(1))
        .onComplete(
            ctx.succeeding(
                next ->
                    ctx.verify(
                        () -> {
                          assertEquals(1, next.size(), "the script's message claimed");
                          assertEquals("echo.js", next.get(0).jsPath());
                          ctx.completeNow();
                        })));
  }

  /**
   * A claim walks only the runnable heads of the task types its runner runs (V28): 2,000 serial
   * queues whose heads are of another type (that only other runners run, or whose runners are
   * gone), received before the runner's own, are never read.
   */
  @Test
  void claim_neverReadsTheHeadsOfATypeItsRunnerDoesNotRun(VertxTestContext ctx) {
    int others = 2_000;
    WaitingRows.serial(pool, "elsewhere", "io.ordo.test.Other", others, 1, RECEIVED)
        .compose(v -> WaitingRows.serial(pool, TENANT, TYPE, 3, 1, NOW.minusSeconds(1)))
        .compose(v -> ClaimPlans.explain(pool, owner, 4, 4, TYPE, NOW))
        .onComplete(
            walkChecked(
                ctx,
                (plan, walk) -> {
                  String text = plan.encode();
                  // the runner's 3 heads are looked up, none of the others
                  assertEquals(3, ClaimPlans.serialHeadsLookedUp(plan), "heads looked up: " + text);
                  assertTrue(ClaimPlans.pages(walk) < 20, "pages of the walk: " + text);
                }));
  }

  /**
   * A claim never reads the serial heads whose time has not come (V28): 2,000 queues whose heads
   * wait an hour (a delay or a retry's back-off: each holds its queue), received before the
   * runnable ones, are not looked up; and a head whose time has come is found by the walk of the
   * heads' times and claimed in received order with the others.
   */
  @Test
  void claim_neverReadsTheHeadsWhoseTimeHasNotCome_andTakesThoseWhoseTimeHas(VertxTestContext ctx) {
    int waiting = 2_000;
    WaitingRows.serial(pool, "backingoff", TYPE, waiting, 1, RECEIVED, NOW.plusSeconds(3_600))
        .compose(v -> WaitingRows.serial(pool, "due", TYPE, 1, 1, RECEIVED, NOW.minusSeconds(1)))
        .compose(v -> WaitingRows.serial(pool, TENANT, TYPE, 2, 1, NOW.minusSeconds(1)))
        .compose(v -> ClaimPlans.explain(pool, owner, 4, 4, TYPE, NOW))
        .onComplete(
            walkChecked(
                ctx,
                (plan, walk) -> {
                  String text = plan.encode();
                  // the 2 runnable heads and the due one are looked up, none of the others
                  assertEquals(3, ClaimPlans.serialHeadsLookedUp(plan), "heads looked up: " + text);
                  JsonObject due =
                      ClaimPlans.scanOf(plan, "im_async_queue_delayed_serial_heads_idx");
                  assertNotNull(due, () -> "the heads' times are walked: " + text);
                  assertTrue(ClaimPlans.pages(due) < 20, "pages of the walk: " + text);
                }));
  }

  @Test
  void claim_takesAHeadWhoseTimeHasCome_oldestReceivedFirst(VertxTestContext ctx) {
    WaitingRows.serial(pool, "due", TYPE, 1, 1, RECEIVED, NOW.minusSeconds(1))
        .compose(v -> WaitingRows.serial(pool, TENANT, TYPE, 2, 1, NOW.minusSeconds(1)))
        .compose(v -> claim(2, 2))
        .onComplete(
            ctx.succeeding(
                claimed ->
                    ctx.verify(
                        () -> {
                          assertEquals(
                              List.of("due", TENANT),
                              claimed.stream().map(ClaimedRow::tenant).toList(),
                              "the due head, received first, then the oldest runnable one");
                          ctx.completeNow();
                        })));
  }

  /**
   * Queues whose heads are in progress keep their hints (the oldest ones), so a claim walks them
   * first: each is passed by one probe of the in-progress index, before its head is looked up, and
   * the walk goes on to the runnable heads behind them.
   */
  @Test
  void claim_passesTheQueuesInProgress_withoutLookingTheirHeadsUp(VertxTestContext ctx) {
    int busy = 8;
    WaitingRows.serial(pool, TENANT, TYPE, busy + 6, 2, RECEIVED)
        .compose(v -> claim(busy, busy))
        .compose(
            heads -> {
              assertEquals(busy, heads.size(), "the oldest heads in progress");
              return ClaimPlans.explain(pool, owner, 4, 4, TYPE, NOW);
            })
        .onComplete(
            walkChecked(
                ctx,
                (plan, walk) -> {
                  String text = plan.encode();
                  // the walk runs once per task type the owner runs (V28), and EXPLAIN answers
                  // a node's rows per run, rounded: the probes are counted instead. Each queue
                  // walked is probed for a message in progress: the busy ones, and the 4 taken
                  // and the barrier behind them
                  long probed =
                      ClaimPlans.scansOf(plan, "im_async_task_one_in_progress_per_serial_queue")
                          .stream()
                          .mapToLong(scan -> scan.getLong("Actual Loops"))
                          .sum();
                  assertEquals(busy + 5, probed, "passed: " + text);
                  assertEquals(5, ClaimPlans.serialHeadsLookedUp(plan), "heads looked up: " + text);
                }));
  }

  /**
   * A registration into a busy queue and the end of its message in progress, at once: the end's
   * trigger waits for the registration's lock on the queue row and then sees the new message.
   * Computed in the ending statement's own snapshot, the hint would stay empty and the queue would
   * never run again.
   */
  @Test
  void endOfTheMessageInProgress_seesAMessageRegisteredMeanwhile(VertxTestContext ctx) {
    WaitingRows.serial(pool, TENANT, TYPE, 1, 1, RECEIVED)
        .compose(v -> claim(1))
        .compose(
            running ->
                LockWaits.withTwoConnections(
                    pool,
                    (registering, ending) ->
                        raceEndAgainstRegistration(registering, ending, running)))
        .compose(v -> newestReceived())
        .compose(
            registered ->
                hint()
                    .map(
                        hint -> {
                          assertEquals(registered, hint, "the registered message is the head");
                          return null;
                        }))
        .onComplete(ctx.succeedingThenComplete());
  }

  /**
   * One statement ends the messages of q2 and q1, in that order, while a registration holds q1's
   * row and then asks for q2's. The heads are kept per statement (V22), the queue rows locked in
   * key order: the end waits for q1 holding no queue row, the registration goes on, both commit.
   * Kept per row, the end locked q2 and then waited for q1 while the registration waited for q2: a
   * deadlock, broken only after {@code deadlock_timeout}.
   */
  @Test
  void endOfTwoQueuesMessages_inReverseKeyOrder_whileARegistrationLocksThem_isNoDeadlock(
      VertxTestContext ctx) {
    WaitingRows.serial(pool, TENANT, TYPE, 2, 1, RECEIVED)
        .compose(v -> claim(2))
        .compose(
            heads ->
                SingleValues.deadlocks(pool)
                    .compose(
                        before ->
                            TailLocks.raceAgainstRegistration(
                                    pool,
                                    TENANT,
                                    NOW,
                                    c -> tasks.finish(c, reverseKeyOrder(heads), ANY_HELD))
                                .compose(
                                    ended ->
                                        SingleValues.deadlocks(pool).map(after -> after - before))
                                .map(
                                    deadlocks -> {
                                      assertEquals(0L, deadlocks, "deadlocks");
                                      return null;
                                    })))
        .compose(v -> messagesLeft())
        .onComplete(
            ctx.succeeding(
                left ->
                    ctx.verify(
                        () -> {
                          assertEquals(0L, left, "both messages ended");
                          ctx.completeNow();
                        })));
  }

  @Test
  void claim_withManyRunnableSerialQueues_walksOnlyTheHeadsItTakes(VertxTestContext ctx) {
    int queues = 2_000;
    WaitingRows.serial(pool, TENANT, TYPE, queues, 2, RECEIVED)
        .compose(v -> pool.query("ANALYZE im_async_queue_info").execute())
        .compose(v -> ClaimPlans.explain(pool, owner, 4, 4, TYPE, NOW))
        .onComplete(
            walkChecked(
                ctx,
                (plan, walk) -> {
                  String text = plan.encode();
                  // the 4 taken and the barrier behind them, not the 2,000 queues
                  assertTrue(walk.getInteger("Actual Rows") <= 5, text);
                  assertTrue(AutoExplain.blocks(plan) < 200, "pages read: " + text);
                }));
  }

  /**
   * The serial queues a runner names as settling are looked up by key, also when the statistics
   * were taken while there was one queue (autovacuum's, before a burst of new queues): the planner
   * then read every queue once per settling queue, 2.3 ms of a 2.8 ms claim in the serial
   * benchmark.
   */
  @Test
  void claim_namingSettlingQueues_withStaleStatistics_readsNoQueueTableWhole(VertxTestContext ctx) {
    String[] tenants = new String[9];
    String[] queueIds = new String[9];
    for (int i = 0; i < 9; i++) {
      tenants[i] = TENANT;
      queueIds[i] = "q" + (i + 1);
    }
    WaitingRows.serial(pool, "quiet", TYPE, 1, 1, RECEIVED)
        .compose(v -> pool.query("ANALYZE im_async_queue_info, im_async_task_info").execute())
        .compose(v -> WaitingRows.serial(pool, TENANT, TYPE, 1_000, 2, RECEIVED))
        .compose(
            v ->
                ClaimPlans.explain(
                    pool, new ClaimPlans.Claim(owner, 4, 4, TYPE, NOW, tenants, queueIds)))
        .onComplete(
            ClaimPlans.checked(
                ctx,
                plan -> {
                  assertEquals(
                      List.of(),
                      ClaimPlans.nodes(plan, "Seq Scan", "im_async_queue_info"),
                      () -> "the queues read whole: " + plan.encode());
                }));
  }

  private Future<Void> raceEndAgainstRegistration(
      SqlConnection registering, SqlConnection ending, List<ClaimedRow> running) {
    Promise<Void> ended = Promise.promise();
    return registering
        .begin()
        .compose(
            registration ->
                new QueueStore()
                    .reserveTail(
                        registering,
                        List.of(new TailRequest(TENANT, QueueKind.SERIAL, "q1", 1)),
                        NOW)
                    .compose(v -> insertBehind(registering))
                    // the end runs while the registration holds the queue row
                    .compose(
                        v ->
                            LockWaits.startedUntilBlocked(
                                pool,
                                ending,
                                c -> tasks.finish(c, holds(running), ANY_HELD).<Void>mapEmpty(),
                                ended))
                    .compose(v -> registration.commit()))
        .compose(v -> ended.future());
  }

  /** The claimed heads' holds, q2's first. */
  private List<Hold> reverseKeyOrder(List<ClaimedRow> heads) {
    assertEquals(2, heads.size(), "both heads claimed");
    return heads.stream()
        .sorted(java.util.Comparator.comparing(ClaimedRow::queueId).reversed())
        .map(c -> new Hold(c.tenant(), c.messageId(), owner.toString(), c.version()))
        .toList();
  }

  private Future<Long> messagesLeft() {
    return SingleValues.of(pool, "SELECT count(*) FROM im_async_task_info", r -> r.getLong(0));
  }

  /** A second message of q1, received after the first, written as a registration writes it. */
  private static Future<Void> insertBehind(SqlClient client) {
    return client
        .preparedQuery(
            "INSERT INTO im_async_task_info (tenant, message_id, queue_kind, queue_id, position,"
                + " state, task_class_name, timeouts, sent_at, received_at, last_event_id,"
                + " scheduled_event_id)"
                + " VALUES ($1, gen_random_uuid(), 'S', 'q1', 2, 'WAITING', $2, '{}'::jsonb, $3,"
                + " $3, 1, 1)")
        .execute(Tuple.of(TENANT, TYPE, NOW.atOffset(ZoneOffset.UTC)))
        .mapEmpty();
  }

  /** A script's message at q1's position 2, received at {@code received}. */
  private Future<Void> insertScriptBehind(OffsetDateTime received) {
    return pool.preparedQuery(
            "INSERT INTO im_async_task_info (tenant, message_id, queue_kind, queue_id, position,"
                + " state, js_path, timeouts, sent_at, received_at, last_event_id,"
                + " scheduled_event_id)"
                + " VALUES ($1, gen_random_uuid(), 'S', 'q1', 2, 'WAITING', 'echo.js',"
                + " '{}'::jsonb, $2, $2, 1, 1)")
        .execute(Tuple.of(TENANT, received))
        .mapEmpty();
  }

  private Future<Void> expectHintType(String expected) {
    return SingleValues.of(
            pool,
            "SELECT runnable_head_type FROM im_async_queue_info"
                + " WHERE tenant = 'default' AND queue_kind = 'S' AND queue_id = 'q1'",
            r -> r.getString(0))
        .map(
            type -> {
              assertEquals(expected, type, "the hint's task type");
              return null;
            });
  }

  /**
   * Completes {@code ctx} once {@code check} passed on the explained claim plan and its walk of the
   * runnable serial heads (asserted to be there), or fails it.
   */
  private static Handler<AsyncResult<JsonObject>> walkChecked(
      VertxTestContext ctx, BiConsumer<JsonObject, JsonObject> check) {
    return ClaimPlans.checked(
        ctx,
        plan -> {
          JsonObject walk = ClaimPlans.scanOf(plan, "im_async_queue_runnable_serial_heads_idx");
          assertNotNull(walk, () -> "the runnable heads are walked: " + plan.encode());
          check.accept(plan, walk);
        });
  }

  private Future<List<ClaimedRow>> claim(int serialCapacity) {
    return claim(4, serialCapacity);
  }

  private Future<List<ClaimedRow>> claim(int capacity, int serialCapacity) {
    return pool.withTransaction(
        tx -> tasks.claim(tx, owner, capacity, serialCapacity, List.of(TYPE), Settling.NONE, NOW));
  }

  private List<Hold> holds(List<ClaimedRow> claimed) {
    assertEquals(1, claimed.size(), "one head claimed");
    return claimed.stream()
        .map(c -> new Hold(c.tenant(), c.messageId(), owner.toString(), c.version()))
        .toList();
  }

  private static OffsetDateTime receivedMs(long millis) {
    return RECEIVED.plusMillis(millis).atOffset(ZoneOffset.UTC);
  }

  private Future<Void> expectHint(OffsetDateTime expected) {
    return hint()
        .map(
            hint -> {
              if (expected == null) {
                assertNull(hint, "no runnable head");
              } else {
                assertEquals(expected.toInstant(), hint == null ? null : hint.toInstant());
              }
              return null;
            });
  }

  private Future<OffsetDateTime> hint() {
    return SingleValues.of(
        pool,
        "SELECT runnable_head_at FROM im_async_queue_info"
            + " WHERE tenant = 'default' AND queue_kind = 'S' AND queue_id = 'q1'",
        r -> r.getOffsetDateTime(0));
  }

  private Future<UUID> newestMessage() {
    return SingleValues.of(
        pool,
        "SELECT message_id FROM im_async_task_info WHERE queue_id = 'q1'"
            + " ORDER BY position DESC LIMIT 1",
        r -> r.getUUID(0));
  }

  private Future<OffsetDateTime> newestReceived() {
    return SingleValues.of(
        pool,
        "SELECT max(received_at) FROM im_async_task_info WHERE queue_id = 'q1'",
        r -> r.getOffsetDateTime(0));
  }
}
