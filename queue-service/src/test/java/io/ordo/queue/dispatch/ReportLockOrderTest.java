package io.ordo.queue.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.bus.ReportBatch.Result;
import io.ordo.bus.ReportType;
import io.ordo.bus.TaskReport;
import io.ordo.db.PlanProfile;
import io.ordo.db.Pools;
import io.ordo.history.HistoryStore;
import io.ordo.lock.LockOwnerStore;
import io.ordo.model.QueueKind;
import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.store.QueueStore;
import io.ordo.queue.store.TailLocks;
import io.ordo.queue.store.TaskStore;
import io.ordo.queue.store.TaskStore.ClaimedRow;
import io.ordo.queue.store.TaskStore.Settling;
import io.ordo.queue.store.WaitingRows;
import io.ordo.testing.SingleValues;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A report batch that ends messages of several serial queues locks their rows in key order, as a
 * registration does, so the two never deadlock. Locked one by one by the head triggers (V17) in the
 * order the ending statement met the messages, they did: the serial benchmark's registrations and
 * completions deadlocked a dozen times a minute, each costing both a second. Since V22 one
 * statement's queues are locked in key order by the trigger itself; a batch still runs several
 * statements (a completion, then a release that returns a message to waiting, whose row trigger
 * locks its queue alone), so it locks all of them first.
 */
@ExtendWith(VertxExtension.class)
class ReportLockOrderTest {
  private static final String TENANT = "default";
  private static final String TYPE = "io.ordo.test.Work";
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

  private final TaskStore tasks = new TaskStore();
  private final QueueStore queues = new QueueStore();
  private final ReportApplier applier =
      new ReportApplier(tasks, queues, new HistoryStore(), QueueMetrics.NOOP);
  private final UUID owner = UUID.randomUUID();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx, VertxTestContext ctx) {
    TestDatabase.truncate();
    pool = Pools.create(vertx, TestDatabase.address(), 4, "test", PlanProfile.HOT_PATH);
    new LockOwnerStore()
        .register(pool, owner, "runner-a", "runner", 8, Duration.ofMinutes(5))
        .onComplete(ctx.succeedingThenComplete());
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  /**
   * The batch completes q2's message and then releases q1's (a statement after the completion's),
   * while a registration holds q1 and then asks for q2: the batch waits for q1 holding nothing, the
   * registration goes on, and both commit.
   */
  @Test
  void endingMessagesOfTwoSerialQueues_whileARegistrationLocksThem_isNoDeadlock(
      VertxTestContext ctx) {
    WaitingRows.serial(pool, TENANT, TYPE, 2, 2, NOW.minusSeconds(60))
        .compose(
            v ->
                pool.withTransaction(
                    tx -> tasks.claim(tx, owner, 4, 2, List.of(TYPE), Settling.NONE, NOW)))
        .compose(
            heads ->
                SingleValues.deadlocks(pool)
                    .compose(
                        before ->
                            raceBatchAgainstRegistration(reportsEndingInReverseKeyOrder(heads))
                                .compose(
                                    results ->
                                        SingleValues.deadlocks(pool)
                                            .map(
                                                after -> {
                                                  assertEquals(
                                                      List.of(
                                                          Result.APPLIED,
                                                          Result.APPLIED,
                                                          Result.APPLIED,
                                                          Result.APPLIED),
                                                      results);
                                                  assertEquals(before, after, "deadlocks");
                                                  return null;
                                                }))))
        .onComplete(ctx.succeedingThenComplete());
  }

  /** Start and completion of each claimed head, q2's first (the statement meets them so). */
  private List<TaskReport> reportsEndingInReverseKeyOrder(List<ClaimedRow> heads) {
    assertEquals(2, heads.size(), "both heads claimed");
    List<ClaimedRow> ordered = new ArrayList<>(heads);
    ordered.sort(Comparator.comparing(ClaimedRow::queueId).reversed());
    List<TaskReport> reports = new ArrayList<>();
    for (ClaimedRow head : ordered) {
      reports.add(report(ReportType.STARTED, head, new JsonObject()));
    }
    // q2's start and completion are written as one statement; q1's release comes after it
    reports.add(
        report(ReportType.COMPLETED, ordered.get(0), new JsonObject().put("result", "done")));
    reports.add(report(ReportType.RELEASED, ordered.get(1), new JsonObject().put("reentry", true)));
    return reports;
  }

  private TaskReport report(ReportType type, ClaimedRow head, JsonObject data) {
    return new TaskReport(
        type,
        TENANT,
        head.messageId(),
        QueueKind.SERIAL,
        head.queueId(),
        owner.toString(),
        head.version(),
        NOW,
        data);
  }

  private Future<List<Result>> raceBatchAgainstRegistration(List<TaskReport> reports) {
    return TailLocks.raceAgainstRegistration(
        pool,
        TENANT,
        NOW,
        c -> applier.apply(c, "runner-a", reports).map(outcome -> List.of(outcome.results())));
  }
}
