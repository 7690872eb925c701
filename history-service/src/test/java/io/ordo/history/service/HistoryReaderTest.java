package io.ordo.history.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Pools;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Paging (SPEC 5): every page size, forward and reverse, gives exactly the whole history. */
class HistoryReaderTest {
  private static final int EVENTS = 23;

  private Vertx vertx;
  private Pool pool;
  private HistoryStore store;
  private HistoryReader reader;
  private String executionId;

  @BeforeEach
  void setUp() {
    TestDatabase.truncate();
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
    store = new HistoryStore();
    reader = new HistoryReader(pool, store);
    executionId = UUID.randomUUID().toString();
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    List<HistoryEvent> events = new ArrayList<>();
    for (int i = 1; i <= EVENTS; i++) {
      events.add(
          new HistoryEvent(
              "t1",
              executionId,
              i,
              HistoryEventType.TaskReleased,
              start.plusMillis(i),
              new JsonObject().put("n", i)));
    }
    await(
        pool.withTransaction(
            tx ->
                store
                    .open(
                        tx,
                        List.of(
                            new HistoryStore.Opening(
                                "t1", executionId, "task", start, new JsonObject())),
                        List.of((long) EVENTS))
                    .compose(v -> store.append(tx, events))));
  }

  @AfterEach
  void tearDown() {
    await(pool.close());
    await(vertx.close());
  }

  @Test
  void everyPageSize_forwardAndReverse_givesTheWholeHistoryOnce() {
    for (int size = 1; size <= EVENTS + 2; size++) {
      for (boolean reverse : new boolean[] {false, true}) {
        List<Long> ids = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
          JsonObject page = await(reader.page("t1", executionId, reverse, size, token));
          JsonArray events = page.getJsonArray("events");
          Assertions.assertTrue(events.size() <= size);
          events.forEach(e -> ids.add(((JsonObject) e).getLong("eventId")));
          token = page.getString("nextPageToken");
          pages++;
        } while (token != null);
        List<Long> expected = new ArrayList<>();
        for (long i = 1; i <= EVENTS; i++) {
          expected.add(reverse ? EVENTS + 1 - i : i);
        }
        assertEquals(expected, ids, "page size " + size + (reverse ? " reverse" : ""));
        assertEquals((EVENTS + size - 1) / size, pages, "no empty last page for size " + size);
      }
    }
  }

  @Test
  void theEnvelopeIsSwfs() {
    JsonObject first =
        await(reader.page("t1", executionId, false, 1, null))
            .getJsonArray("events")
            .getJsonObject(0);
    assertEquals(1, first.getLong("eventId"));
    assertEquals("TaskReleased", first.getString("eventType"));
    assertEquals(1767225600.001, first.getDouble("eventTimestamp"), 0.0000001);
    assertEquals(1, first.getJsonObject("taskReleasedEventAttributes").getInteger("n"));
  }

  @Test
  void anotherTenantsHistory_isNotFound() {
    TaskControlException error = failure(reader.page("t2", executionId, false, 10, null));
    assertEquals(ErrorCode.NOT_FOUND, error.code());
  }

  @Test
  void aTokenFromAnotherDirectionOrHistory_isRefused() {
    String token = await(reader.page("t1", executionId, false, 5, null)).getString("nextPageToken");
    assertEquals(
        ErrorCode.INVALID_REQUEST, failure(reader.page("t1", executionId, true, 5, token)).code());
    assertEquals(
        ErrorCode.INVALID_REQUEST,
        failure(reader.page("t1", executionId, false, 5, "garbage")).code());
    assertEquals(
        ErrorCode.INVALID_REQUEST,
        failure(reader.page("t1", executionId, false, 1001, null)).code());
  }

  @Test
  void theLastPageHasNoToken() {
    assertNull(
        await(reader.page("t1", executionId, false, EVENTS, null)).getString("nextPageToken"));
  }

  private static <T> T await(Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }

  private static TaskControlException failure(Future<?> future) {
    try {
      await(future);
    } catch (CompletionException e) {
      return (TaskControlException) e.getCause();
    }
    throw new AssertionError("expected a failure");
  }
}
