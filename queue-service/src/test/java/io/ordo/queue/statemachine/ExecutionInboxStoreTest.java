package io.ordo.queue.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.ordo.db.Pools;
import io.ordo.queue.statemachine.ExecutionInboxStore.Entry;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The decider inbox against PostgreSQL: a task's start and its outcome share one row per message,
 * and what the decider applied is deleted only as it read it, so an outcome that arrives while the
 * decider applies the start is never lost.
 */
class ExecutionInboxStoreTest {
  private static final String TENANT = "default";

  private final ExecutionInboxStore inbox = new ExecutionInboxStore();
  private final String execution = UUID.randomUUID().toString();
  private final String message = UUID.randomUUID().toString();
  private Vertx vertx;
  private Pool pool;

  @BeforeEach
  void setUp() {
    TestDatabase.truncate();
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
  }

  @AfterEach
  void tearDown() {
    await(pool.close());
    await(vertx.close());
  }

  @Test
  void anOutcomeArrivingWhileTheStartIsApplied_staysForTheNextAdvance_withTheStart() {
    append(started(1));
    List<Entry> read = await(inbox.pending(pool, TENANT, execution));
    assertEquals(List.of("STARTED"), types(read));

    append(completed());
    await(pool.withTransaction(tx -> inbox.delete(tx, TENANT, execution, read)));

    List<Entry> next = await(inbox.pending(pool, TENANT, execution));
    assertEquals(List.of("COMPLETED"), types(next));
    assertEquals(1, next.get(0).outcome().getJsonObject("started").getInteger("attempt"));

    await(pool.withTransaction(tx -> inbox.delete(tx, TENANT, execution, next)));
    assertEquals(List.of(), await(inbox.pending(pool, TENANT, execution)));
  }

  @Test
  void aLaterStart_keepsTheFirst_andAnOutcomeIsNeverReplaced() {
    append(started(1));
    append(started(2));
    assertEquals(
        1, await(inbox.pending(pool, TENANT, execution)).get(0).outcome().getInteger("attempt"));

    append(completed());
    append(started(3));
    append(new JsonObject().put("type", "RELEASED"));
    List<Entry> read = await(inbox.pending(pool, TENANT, execution));
    assertEquals(List.of("COMPLETED"), types(read));
    assertEquals("done", read.get(0).outcome().getString("result"));
  }

  private static JsonObject started(int attempt) {
    return ExecutionInboxStore.started(
        new JsonObject().put("node", "runner-1").put("attempt", attempt));
  }

  private static JsonObject completed() {
    return new JsonObject().put("type", "COMPLETED").put("result", "done");
  }

  private void append(JsonObject outcome) {
    await(
        pool.withTransaction(
            tx -> inbox.append(tx, List.of(new Entry(TENANT, execution, message, outcome)))));
  }

  private static List<String> types(List<Entry> entries) {
    return entries.stream().map(e -> e.outcome().getString("type")).toList();
  }

  private static <T> T await(Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }
}
