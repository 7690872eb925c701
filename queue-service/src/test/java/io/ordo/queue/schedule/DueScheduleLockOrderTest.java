package io.ordo.queue.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.db.PlanProfile;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The due schedules a firing locks come in the order their firings lock serial queue rows: those
 * into serial queues by the queues' key (as registrations and report batches lock them), whatever
 * their due times, then the others in due order. Fired in due order, a firing into queues b then a
 * could hold b and wait for a while a registration held a and waited for b.
 */
@ExtendWith(VertxExtension.class)
class DueScheduleLockOrderTest {
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.GENERAL);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void dueSchedules_serialQueuesFirstInKeyOrder_thenTheRestInDueOrder(VertxTestContext ctx) {
    insert("into-b", serial("orders.b"), 60)
        .compose(v -> insert("parallel-early", parallel(), 90))
        .compose(v -> insert("parallel-late", parallel(), 10))
        .compose(v -> insert("into-a", serial("orders.a"), 30))
        .compose(v -> insert("into-a-too", serial("orders.a"), 50))
        .compose(
            v ->
                pool.withTransaction(
                    tx ->
                        new ScheduleStore()
                            .lockDue(tx, NOW, 10)
                            .map(DueScheduleLockOrderTest::ids)))
        .onComplete(
            ctx.succeeding(
                ids ->
                    ctx.verify(
                        () -> {
                          assertEquals(
                              List.of(
                                  "into-a-too",
                                  "into-a",
                                  "into-b",
                                  "parallel-early",
                                  "parallel-late"),
                              ids);
                          ctx.completeNow();
                        })));
  }

  /** A due schedule, {@code secondsDue} before now, of a task into {@code task}'s queue. */
  private Future<Void> insert(String id, JsonObject task, int secondsDue) {
    OffsetDateTime due = NOW.minusSeconds(secondsDue).atOffset(ZoneOffset.UTC);
    return pool.preparedQuery(
            "INSERT INTO ordo_schedule (tenant, schedule_id, spec, next_fire_at, created_at,"
                + " updated_at) VALUES ('acme', $1, $2, $3, $3, $3)")
        .execute(Tuple.of(id, new JsonObject().put("intervalSeconds", 60).put("task", task), due))
        .mapEmpty();
  }

  private static JsonObject serial(String queueId) {
    return new JsonObject()
        .put("queue", "serial")
        .put("queueId", queueId)
        .put("taskClassName", "Echo");
  }

  private static JsonObject parallel() {
    return new JsonObject().put("queue", "parallel").put("taskClassName", "Echo");
  }

  private static List<String> ids(List<ScheduleRow> rows) {
    return rows.stream().map(ScheduleRow::scheduleId).toList();
  }
}
