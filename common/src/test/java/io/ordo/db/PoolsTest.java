package io.ordo.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A pool's connections tell PostgreSQL which of Ordo's pools they serve, so that an operator (and
 * {@code deploy/bench/cpu-split.sh}) can group {@code pg_stat_activity}'s backends by pool.
 */
@ExtendWith(VertxExtension.class)
class PoolsTest {

  @Test
  void eachConnection_namesItsPool_asItsApplicationName(Vertx vertx, VertxTestContext ctx) {
    Pool pool = Pools.create(vertx, TestDatabase.address(), 1, "ordo-pools-test");
    pool.query("SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()")
        .execute()
        .eventually(pool::close)
        .onComplete(
            ctx.succeeding(
                rows ->
                    ctx.verify(
                        () -> {
                          assertEquals("ordo-pools-test", rows.iterator().next().getString(0));
                          ctx.completeNow();
                        })));
  }

  /**
   * A node that stops inside a transaction (SIGSTOP, a hung host: its connection stays open) does
   * not hold its locks for good: PostgreSQL ends its session once it sat idle in the transaction
   * for {@link DatabaseAddress#IDLE_IN_TRANSACTION_TIMEOUT}, and another node's transaction waiting
   * for the same lock goes on. Before, the waiter waited as long as the stopped node did: a queue
   * service paused in a report batch held a serial queue's row, and every other queue service's
   * report batches queued up behind it. (The waiter gives up after a minute, so that the old
   * behaviour fails here instead of hanging.)
   */
  @Test
  void aSessionStoppedInsideATransaction_losesItsLocks_andAWaiterGoesOn(
      Vertx vertx, VertxTestContext ctx) throws Exception {
    Pool stopped = Pools.create(vertx, TestDatabase.address(), 1, "ordo-pools-test-stopped");
    Pool waiter = Pools.create(vertx, TestDatabase.address(), 1, "ordo-pools-test-waiter");
    long key = System.nanoTime();
    Future<SqlConnection> holder =
        stopped
            .getConnection()
            .compose(
                conn ->
                    conn.query("BEGIN")
                        .execute()
                        .compose(
                            v -> conn.query("SELECT pg_advisory_xact_lock(" + key + ")").execute())
                        .map(conn));
    // the holder now does nothing, as a paused node would
    holder
        .compose(
            held ->
                waiter
                    .withTransaction(
                        conn ->
                            conn.query("SET LOCAL lock_timeout = '60s'")
                                .execute()
                                .compose(
                                    v ->
                                        conn.query("SELECT pg_advisory_xact_lock(" + key + ")")
                                            .execute()))
                    .compose(v -> held.query("SELECT 1").execute().map(false).otherwise(true))
                    .eventually(held::close))
        .eventually(() -> waiter.close().compose(v -> stopped.close()))
        .onComplete(
            ctx.succeeding(
                holderEnded ->
                    ctx.verify(
                        () -> {
                          assertTrue(holderEnded, "the stopped session was ended");
                          ctx.completeNow();
                        })));
    assertTrue(ctx.awaitCompletion(90, TimeUnit.SECONDS));
    if (ctx.failed()) {
      throw new AssertionError(ctx.causeOfFailure());
    }
  }
}
