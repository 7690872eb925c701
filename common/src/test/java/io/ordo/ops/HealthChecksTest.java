package io.ordo.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.ordo.db.Pools;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A check whose database does not answer (here a statement that sleeps past the check's time, as a
 * database whose processes were stopped never answers) fails after {@link
 * HealthChecks#CHECK_TIMEOUT_MILLIS}, saying so, and the other checks keep their own outcome.
 * Before, {@code /health/ready} gave no answer for as long as the database hung.
 */
@ExtendWith(VertxExtension.class)
class HealthChecksTest {

  @Test
  void aCheckWithoutAnAnswer_failsAfterItsTime_sayingSo(Vertx vertx, VertxTestContext ctx) {
    Pool pool = Pools.create(vertx, TestDatabase.address(), 2, "ordo-health-test");
    HealthChecks readiness = HealthChecks.readiness();
    readiness.register("database", () -> pool.query("SELECT 1").execute().mapEmpty());
    readiness.register("hung", () -> pool.query("SELECT pg_sleep(10)").execute().mapEmpty());
    readiness
        .run()
        .eventually(pool::close)
        .onComplete(
            ctx.succeeding(
                report ->
                    ctx.verify(
                        () -> {
                          assertFalse(report.up(), report.toJson()::encode);
                          JsonObject checks = report.checks();
                          assertEquals(
                              new JsonObject().put("status", "UP"),
                              checks.getJsonObject("database"));
                          assertEquals(
                              new JsonObject()
                                  .put("status", "DOWN")
                                  .put("reason", "no answer within 2000 ms"),
                              checks.getJsonObject("hung"));
                          ctx.completeNow();
                        })));
  }
}
