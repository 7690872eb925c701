package io.ordo.queue.maintenance;

import io.ordo.db.PlanProfile;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Vertx;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** A sweep's test on the emptied test database: a pool of the hot path's profile per test. */
@ExtendWith(VertxExtension.class)
abstract class OnEmptiedDatabase {
  /** The task type of the messages the tests write. */
  static final String TYPE = "io.ordo.test.Work";

  /** The sweeps' time in the tests. */
  static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

  private final int connections;
  Vertx vertx;
  Pool pool;

  /**
   * @param connections the pool's size
   */
  OnEmptiedDatabase(int connections) {
    this.connections = connections;
  }

  @BeforeEach
  void openPool(Vertx vertx, VertxTestContext ctx) {
    this.vertx = vertx;
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.HOT_PATH, connections);
    ctx.completeNow();
  }

  @AfterEach
  void closePool(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }
}
