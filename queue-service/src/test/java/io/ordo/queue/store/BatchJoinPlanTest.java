package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.db.PlanProfile;
import io.ordo.history.HistoryStore;
import io.ordo.history.HistoryStore.Closing;
import io.ordo.lock.LockOwnerStore;
import io.ordo.model.QueueKind;
import io.ordo.queue.store.IdempotencyStore.Claim;
import io.ordo.queue.store.QueueStore.TailRequest;
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
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hot path's batch statements besides the start and the finish ({@code HotPathPlanTest}): each
 * joins a batch with a table ({@code BatchJoin}), and its plan, made once on analyzed empty tables,
 * must probe the table by key once per batch row when the table is large. The plans that ran are
 * read from auto_explain ({@link ExplainedPlans}).
 */
@ExtendWith(VertxExtension.class)
class BatchJoinPlanTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final int ROWS = 20_000;
  private static final int BATCH = 64;

  private final TaskStore tasks = new TaskStore();
  private final QueueStore queues = new QueueStore();
  private final IdempotencyStore keys = new IdempotencyStore();
  private final HistoryStore history = new HistoryStore();
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
  void tailReservation_probesEachSerialQueue(VertxTestContext ctx) {
    List<TailRequest> batch =
        IntStream.range(0, BATCH)
            .mapToObj(i -> new TailRequest(TENANT, QueueKind.SERIAL, "q-" + i * 7, 1))
            .toList();
    plannedEmptyThenRunLarge(
        ctx,
        "im_async_queue_info",
        c -> queues.reserveTail(c, List.of(new TailRequest(TENANT, QueueKind.SERIAL, "x", 1)), NOW),
        c ->
            c.preparedQuery(
                    "INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active,"
                        + " created_at) SELECT $1, 'S', 'q-' || i, true, now()"
                        + " FROM generate_series(0, $2) AS i")
                .execute(Tuple.of(TENANT, ROWS)),
        c ->
            queues
                .reserveTail(c, batch, NOW)
                .map(
                    reserved -> {
                      assertEquals(BATCH, reserved.size(), "reserved");
                      return reserved;
                    }));
  }

  @Test
  void idempotencyKeys_takenAndReleased_probeEachKey(VertxTestContext ctx) {
    List<Claim> batch =
        IntStream.range(0, BATCH)
            .mapToObj(i -> new Claim(TENANT, "k-" + i * 7, UUID.randomUUID().toString()))
            .toList();
    Claim one = new Claim(TENANT, "x", UUID.randomUUID().toString());
    plannedEmptyThenRunLarge(
        ctx,
        "ordo_idempotency_key",
        // the second claim of the key finds it taken: the existing keys' statement runs too
        c ->
            keys.claim(c, List.of(one), NOW)
                .compose(v -> keys.claim(c, List.of(one), NOW))
                .compose(v -> keys.release(c, List.of(one))),
        c ->
            c.preparedQuery(
                    "INSERT INTO ordo_idempotency_key (tenant, idempotency_key, message_id,"
                        + " created_at) SELECT $1, 'k-' || i, gen_random_uuid(), now()"
                        + " FROM generate_series(0, $2) AS i")
                .execute(Tuple.of(TENANT, ROWS)),
        c ->
            keys.claim(c, batch, NOW)
                .map(
                    taken -> {
                      assertEquals(BATCH, taken.size(), "taken");
                      return taken;
                    })
                .compose(
                    taken ->
                        keys.release(
                            c,
                            batch.stream()
                                .map(k -> new Claim(k.tenant(), k.key(), taken.get(k)))
                                .toList())));
  }

  @Test
  void executionClosings_probeEachHeader(VertxTestContext ctx) {
    List<Closing> batch =
        IntStream.range(0, BATCH)
            .mapToObj(
                i -> new Closing(TENANT, new UUID(7, i * 7L).toString(), NOW, 2, new JsonObject()))
            .toList();
    plannedEmptyThenRunLarge(
        ctx,
        "ordo_history_execution",
        c ->
            history.closeExecutions(
                c,
                List.of(
                    new Closing(TENANT, UUID.randomUUID().toString(), NOW, 1, new JsonObject()))),
        c ->
            c.preparedQuery(
                    "INSERT INTO ordo_history_execution (tenant, execution_id, kind, open,"
                        + " started_at, last_event_id, summary) SELECT $1, ('00000000-0000-0007-'"
                        + " || lpad(to_hex(i), 16, '0')::text)::uuid, 'execution', true, now(), 1,"
                        + " '{}' FROM generate_series(0, $2) AS i")
                .execute(Tuple.of(TENANT, ROWS)),
        c -> history.closeExecutions(c, batch));
  }

  @Test
  void heartbeatsAndRequeues_probeEachMessage(VertxTestContext ctx) {
    UUID owner = UUID.randomUUID();
    Hold missing = new Hold(TENANT, UUID.randomUUID().toString(), owner.toString(), 1);
    // claimed with the fill, so that only the heartbeat's and requeue's plans are checked (the
    // claim's are ClaimPlanTest's, on connections of its own profile)
    AtomicReference<List<Hold>> claimed = new AtomicReference<>();
    plannedEmptyThenRunLarge(
        ctx,
        "im_async_task_info",
        c -> heartbeatAndRequeue(c, List.of(missing)),
        c ->
            new LockOwnerStore()
                .register(c, owner, "runner-a", "runner", BATCH, Duration.ofMinutes(5))
                .compose(v -> queues.ensureParallelQueue(c, TENANT, NOW.minusSeconds(3600)))
                .compose(v -> WaitingRows.insert(c, TENANT, TYPE, ROWS, NOW.minusSeconds(60), null))
                .compose(v -> tasks.claim(c, owner, BATCH, 0, List.of(TYPE), Settling.NONE, NOW))
                .map(
                    rows -> {
                      assertEquals(BATCH, rows.size(), "claimed");
                      claimed.set(
                          rows.stream()
                              .map(
                                  r ->
                                      new Hold(
                                          r.tenant(), r.messageId(), owner.toString(), r.version()))
                              .toList());
                      return null;
                    }),
        c -> heartbeatAndRequeue(c, claimed.get()));
  }

  /**
   * The serial-head triggers (V22) join the statement's rows with the queue table: planned once on
   * analyzed empty tables, they must probe each queue of the batch by key, not walk every queue
   * once per batch row (in a serial run, the update for a batch of 160 queues compared 147,000 rows
   * and took 54 ms).
   */
  @Test
  void serialHeadTriggers_probeEachQueue(VertxTestContext ctx) {
    plannedEmptyThenRunLarge(
        ctx,
        "im_async_queue_info",
        true,
        c -> serialMessagesInsertedAndDeleted(c, 1),
        c ->
            c.preparedQuery(
                    "INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active,"
                        + " created_at) SELECT $1, 'S', 'q-' || i, true, now()"
                        + " FROM generate_series(0, $2) AS i")
                .execute(Tuple.of(TENANT, ROWS)),
        c -> serialMessagesInsertedAndDeleted(c, BATCH));
  }

  /** A message in each of {@code queues} new serial queues, inserted, then all deleted at once. */
  private static Future<Void> serialMessagesInsertedAndDeleted(SqlConnection c, int queues) {
    return WaitingRows.serial(c, TENANT, TYPE, queues, 1, NOW)
        .compose(
            v ->
                c.preparedQuery(
                        "DELETE FROM im_async_task_info"
                            + " WHERE tenant = $1 AND queue_kind = 'S' AND waiting")
                    .execute(Tuple.of(TENANT))
                    .map(
                        deleted -> {
                          assertEquals(queues, deleted.rowCount(), "deleted");
                          return null;
                        }));
  }

  private Future<Void> heartbeatAndRequeue(SqlConnection c, List<Hold> holds) {
    List<Instant> times = holds.stream().map(h -> NOW).toList();
    List<Object> details = holds.stream().map(h -> (Object) null).toList();
    return tasks
        .heartbeat(c, holds, details, times)
        .compose(
            v ->
                tasks.requeue(
                    c,
                    holds,
                    new String[] {"READY", "RUNNING"},
                    holds.stream().map(h -> 0L).toList(),
                    holds.stream().map(h -> 1).toList(),
                    holds.stream().map(h -> false).toList()))
        .mapEmpty();
  }

  /**
   * Makes the plans with {@code firstExecutions} on analyzed empty tables, fills {@code table} with
   * {@code fill}, then runs {@code batch} and checks how the plans that ran read the table. Each
   * step in its own transaction, rolled back but the fill.
   */
  private void plannedEmptyThenRunLarge(
      VertxTestContext ctx,
      String table,
      Function<SqlConnection, Future<?>> firstExecutions,
      Function<SqlConnection, Future<?>> fill,
      Function<SqlConnection, Future<?>> batch) {
    plannedEmptyThenRunLarge(ctx, table, false, firstExecutions, fill, batch);
  }

  /** As above; with {@code nested}, the plans of the statements triggers run are checked too. */
  private void plannedEmptyThenRunLarge(
      VertxTestContext ctx,
      String table,
      boolean nested,
      Function<SqlConnection, Future<?>> firstExecutions,
      Function<SqlConnection, Future<?>> fill,
      Function<SqlConnection, Future<?>> batch) {
    List<JsonObject> plans = Collections.synchronizedList(new ArrayList<>());
    pool.getConnection()
        .compose(
            c ->
                c.query("ANALYZE")
                    .execute()
                    .compose(v -> inTransaction(c, firstExecutions, false))
                    .compose(v -> inTransaction(c, fill, true))
                    .compose(v -> AutoExplain.collect(c, plans, nested))
                    .compose(v -> inTransaction(c, batch, false))
                    .eventually(c::close))
        .onComplete(
            ctx.succeeding(
                v ->
                    ctx.verify(
                        () -> {
                          ExplainedPlans.probedByKey(plans, table);
                          ctx.completeNow();
                        })));
  }

  private static Future<Void> inTransaction(
      SqlConnection c, Function<SqlConnection, Future<?>> work, boolean commit) {
    return c.begin()
        .compose(
            tx ->
                work.apply(c)
                    .compose(
                        v -> commit ? tx.commit() : tx.rollback(),
                        error -> tx.rollback().compose(v -> Future.failedFuture(error))));
  }
}
