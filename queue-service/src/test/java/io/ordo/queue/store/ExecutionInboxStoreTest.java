package io.ordo.queue.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.db.Pools;
import io.ordo.queue.store.ExecutionInboxStore.Entry;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The decider inbox against PostgreSQL: a task's start and its outcome share one row per message,
 * and what the decider applied is deleted only as it read it, so an outcome that arrives while the
 * decider applies the start is never lost.
 */
@ExtendWith(VertxExtension.class)
class ExecutionInboxStoreTest {
  private static final String TENANT = "default";

  private final ExecutionInboxStore inbox = new ExecutionInboxStore();
  private final String execution = UUID.randomUUID().toString();
  private final String message = UUID.randomUUID().toString();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    TestDatabase.truncate();
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void anOutcomeArrivingWhileTheStartIsApplied_staysForTheNextAdvance_withTheStart(
      VertxTestContext ctx) {
    append(started(1))
        .compose(v -> pending())
        .compose(
            read -> {
              ctx.verify(() -> assertEquals(List.of("STARTED"), types(read)));
              return append(completed()).compose(v -> delete(read));
            })
        .compose(v -> pending())
        .compose(
            next -> {
              ctx.verify(
                  () -> {
                    assertEquals(List.of("COMPLETED"), types(next));
                    assertEquals(
                        1, next.get(0).outcome().getJsonObject("started").getInteger("attempt"));
                  });
              return delete(next);
            })
        .compose(v -> pending())
        .onComplete(
            ctx.succeeding(
                left ->
                    ctx.verify(
                        () -> {
                          assertEquals(List.of(), left);
                          ctx.completeNow();
                        })));
  }

  @Test
  void aLaterStart_keepsTheFirst_andAnOutcomeIsNeverReplaced(VertxTestContext ctx) {
    append(started(1))
        .compose(v -> append(started(2)))
        .compose(v -> pending())
        .compose(
            first -> {
              ctx.verify(() -> assertEquals(1, first.get(0).outcome().getInteger("attempt")));
              return append(completed());
            })
        .compose(v -> append(started(3)))
        .compose(v -> append(new JsonObject().put("type", "RELEASED")))
        .compose(v -> pending())
        .onComplete(
            ctx.succeeding(
                read ->
                    ctx.verify(
                        () -> {
                          assertEquals(List.of("COMPLETED"), types(read));
                          assertEquals("done", read.get(0).outcome().getString("result"));
                          ctx.completeNow();
                        })));
  }

  private static JsonObject started(int attempt) {
    return ExecutionInboxStore.started(
        new JsonObject().put("node", "runner-1").put("attempt", attempt));
  }

  private static JsonObject completed() {
    return new JsonObject().put("type", "COMPLETED").put("result", "done");
  }

  private Future<Void> append(JsonObject outcome) {
    return pool.withTransaction(
        tx -> inbox.append(tx, List.of(new Entry(TENANT, execution, message, outcome))));
  }

  private Future<List<Entry>> pending() {
    return inbox.pending(pool, TENANT, execution);
  }

  private Future<Void> delete(List<Entry> applied) {
    return pool.withTransaction(tx -> inbox.delete(tx, TENANT, execution, applied));
  }

  private static List<String> types(List<Entry> entries) {
    return entries.stream().map(e -> e.outcome().getString("type")).toList();
  }
}
