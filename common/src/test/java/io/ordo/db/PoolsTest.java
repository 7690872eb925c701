package io.ordo.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
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
}
