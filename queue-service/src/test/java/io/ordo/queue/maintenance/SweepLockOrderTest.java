package io.ordo.queue.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.queue.lifecycle.QueueMetrics;
import io.ordo.queue.store.TailLocks;
import io.ordo.queue.store.WaitingRows;
import io.ordo.testing.LockWaits;
import io.ordo.testing.SingleValues;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * The timeout sweep locks the serial queues of what it times out in key order before it touches
 * their messages, as registrations and report batches do, so it never deadlocks with them. (Its
 * head triggers used to lock the queues in the order its delete met the messages; since V22 one
 * delete locks its queues in key order itself, so the first case would pass without the sweep's
 * lock, and the second, two statements in one transaction, is the one that needs it.)
 */
class SweepLockOrderTest extends OnEmptiedDatabase {

  SweepLockOrderTest() {
    super(4);
  }

  /**
   * Tenant b's queue is written first, so the sweep's delete meets its message first; a
   * registration holds tenant a's queue (first in key order) and then asks for b's. The
   * registration's session detects deadlocks after 10 ms, so on a cycle it is the one refused.
   */
  @Test
  void timingOutMessagesOfTwoSerialQueues_whileARegistrationLocksThem_isNoDeadlock(
      VertxTestContext ctx) {
    oneMessageEach()
        .compose(v -> notStartedInTime("%"))
        .compose(v -> sweepRacingARegistration())
        .compose(
            v ->
                SingleValues.of(
                    pool, "SELECT count(*) FROM im_async_task_info", row -> row.getLong(0)))
        .onComplete(
            ctx.succeeding(
                left ->
                    ctx.verify(
                        () -> {
                          assertEquals(0L, left, "both timed out");
                          ctx.completeNow();
                        })));
  }

  /**
   * One sweep transaction that changes two serial queues in two statements, against key order: the
   * run of tenant b's message timed out and is retried (back to WAITING: its row trigger locks b's
   * queue), then tenant a's waiting message times out (the delete's trigger locks a's). Without the
   * sweep's lock of both queues first, in key order, it holds b and waits for a while the
   * registration holds a and asks for b.
   */
  @Test
  void retryingOneQueueThenTimingOutAnother_whileARegistrationLocksThem_isNoDeadlock(
      VertxTestContext ctx) {
    oneMessageEach()
        .compose(
            v ->
                pool.preparedQuery(
                        "UPDATE im_async_task_info SET state = 'RUNNING',"
                            + " lock_owner_id = gen_random_uuid(), lock_version = 1,"
                            + " start_at = $1, start_to_close_deadline = $2,"
                            + " retry = '{\"maximumAttempts\": 3}'::jsonb WHERE tenant = 'b'")
                    .execute(
                        Tuple.of(
                            NOW.minusSeconds(30).atOffset(ZoneOffset.UTC),
                            NOW.minusSeconds(1).atOffset(ZoneOffset.UTC))))
        .compose(v -> notStartedInTime("a"))
        .compose(v -> sweepRacingARegistration())
        .compose(
            v -> pool.query("SELECT tenant, state, failures FROM im_async_task_info").execute())
        .onComplete(
            ctx.succeeding(
                rows ->
                    ctx.verify(
                        () -> {
                          assertEquals(1, rows.size(), "a's message timed out");
                          Row left = rows.iterator().next();
                          assertEquals("b", left.getString("tenant"));
                          assertEquals("WAITING", left.getString("state"), "b's run retried");
                          assertEquals(1, left.getInteger("failures"));
                          ctx.completeNow();
                        })));
  }

  /** A waiting message in queue q1 of tenants b and a, b's written first. */
  private Future<Void> oneMessageEach() {
    Instant received = NOW.minusSeconds(60);
    return WaitingRows.serial(pool, "b", TYPE, 1, 1, received)
        .compose(v -> WaitingRows.serial(pool, "a", TYPE, 1, 1, received));
  }

  /** The messages of the tenants LIKE {@code tenants} were due to start a second ago. */
  private Future<Void> notStartedInTime(String tenants) {
    return pool.preparedQuery(
            "UPDATE im_async_task_info SET schedule_to_start_deadline = $1 WHERE tenant LIKE $2")
        .execute(Tuple.of(NOW.minusSeconds(1).atOffset(ZoneOffset.UTC), tenants))
        .mapEmpty();
  }

  private Future<Void> sweepRacingARegistration() {
    return pool.getConnection()
        .compose(registering -> race(registering).eventually(registering::close));
  }

  private Future<Void> race(SqlConnection registering) {
    Promise<Void> swept = Promise.promise();
    return registering
        .query("SET deadlock_timeout = '10ms'")
        .execute()
        .compose(v -> registering.begin())
        .compose(
            registration ->
                TailLocks.reserveOne(registering, "a", "q1", NOW)
                    .compose(
                        v -> {
                          new TimeoutSweep(pool, vertx.eventBus(), QueueMetrics.NOOP)
                              .sweep(NOW)
                              .<Void>mapEmpty()
                              .onComplete(swept);
                          return LockWaits.awaitLockWait(pool);
                        })
                    .compose(v -> TailLocks.reserveOne(registering, "b", "q1", NOW))
                    .compose(v -> registration.commit()))
        .compose(v -> swept.future());
  }
}
