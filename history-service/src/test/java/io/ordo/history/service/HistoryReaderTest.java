package io.ordo.history.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.db.Hmac;
import io.ordo.db.Pools;
import io.ordo.db.TokenSigner;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Paging (SPEC 5): every page size, forward and reverse, gives exactly the whole history. */
@ExtendWith(VertxExtension.class)
class HistoryReaderTest {
  private static final int EVENTS = 23;

  private Pool pool;
  private HistoryStore store;
  private HistoryReader reader;
  private String executionId;

  @BeforeEach
  void setUp(Vertx vertx, VertxTestContext ctx) {
    TestDatabase.truncate();
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
    store = new HistoryStore();
    reader = new HistoryReader(pool, store, new TokenSigner(new Hmac(new byte[32])));
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
    pool.withTransaction(
            tx ->
                store
                    .open(
                        tx,
                        List.of(
                            new HistoryStore.Opening("t1", executionId, start, new JsonObject())),
                        List.of((long) EVENTS))
                    .compose(v -> store.append(tx, events)))
        .onComplete(ctx.succeedingThenComplete());
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void everyPageSize_forwardAndReverse_givesTheWholeHistoryOnce(VertxTestContext ctx) {
    Future<Void> all = Future.succeededFuture();
    for (int size = 1; size <= EVENTS + 2; size++) {
      for (boolean reverse : new boolean[] {false, true}) {
        int pageSize = size;
        all = all.compose(v -> readWholeHistory(ctx, pageSize, reverse));
      }
    }
    all.onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void theEnvelopeIsSwfs(VertxTestContext ctx) {
    reader
        .page("t1", executionId, false, 1, null)
        .onComplete(
            ctx.succeeding(
                page ->
                    ctx.verify(
                        () -> {
                          JsonObject first = page.getJsonArray("events").getJsonObject(0);
                          assertEquals(1, first.getLong("eventId"));
                          assertEquals("TaskReleased", first.getString("eventType"));
                          assertEquals(
                              1767225600.001, first.getDouble("eventTimestamp"), 0.0000001);
                          assertEquals(
                              1,
                              first.getJsonObject("taskReleasedEventAttributes").getInteger("n"));
                          ctx.completeNow();
                        })));
  }

  @Test
  void anotherTenantsHistory_isNotFound(VertxTestContext ctx) {
    failure(reader.page("t2", executionId, false, 10, null))
        .onComplete(
            ctx.succeeding(
                error ->
                    ctx.verify(
                        () -> {
                          assertEquals(ErrorCode.NOT_FOUND, error.code());
                          ctx.completeNow();
                        })));
  }

  @Test
  void aTokenFromAnotherDirectionOrHistory_isRefused(VertxTestContext ctx) {
    reader
        .page("t1", executionId, false, 5, null)
        .map(page -> page.getString("nextPageToken"))
        .compose(token -> failure(reader.page("t1", executionId, true, 5, token)))
        .compose(
            otherDirection -> {
              ctx.verify(() -> assertEquals(ErrorCode.INVALID_REQUEST, otherDirection.code()));
              return failure(reader.page("t1", executionId, false, 5, "garbage"));
            })
        .compose(
            garbage -> {
              ctx.verify(() -> assertEquals(ErrorCode.INVALID_REQUEST, garbage.code()));
              return failure(reader.page("t1", executionId, false, 1001, null));
            })
        .onComplete(
            ctx.succeeding(
                tooLarge ->
                    ctx.verify(
                        () -> {
                          assertEquals(ErrorCode.INVALID_REQUEST, tooLarge.code());
                          ctx.completeNow();
                        })));
  }

  @Test
  void theLastPageHasNoToken(VertxTestContext ctx) {
    reader
        .page("t1", executionId, false, EVENTS, null)
        .onComplete(
            ctx.succeeding(
                page ->
                    ctx.verify(
                        () -> {
                          assertNull(page.getString("nextPageToken"));
                          ctx.completeNow();
                        })));
  }

  /** Pages through the whole history at one page size and checks it came back once, in order. */
  private Future<Void> readWholeHistory(VertxTestContext ctx, int size, boolean reverse) {
    List<Long> ids = new ArrayList<>();
    return readPages(ctx, size, reverse, null, ids)
        .map(
            pages -> {
              List<Long> expected = new ArrayList<>();
              for (long i = 1; i <= EVENTS; i++) {
                expected.add(reverse ? EVENTS + 1 - i : i);
              }
              ctx.verify(
                  () -> {
                    assertEquals(expected, ids, "page size " + size + (reverse ? " reverse" : ""));
                    assertEquals(
                        (EVENTS + size - 1) / size, pages, "no empty last page for size " + size);
                  });
              return null;
            });
  }

  /**
   * Reads the page {@code token} points at and every page after it, adding their event ids to
   * {@code ids}; answers how many pages it read.
   */
  private Future<Integer> readPages(
      VertxTestContext ctx, int size, boolean reverse, String token, List<Long> ids) {
    return reader
        .page("t1", executionId, reverse, size, token)
        .compose(
            page -> {
              JsonArray events = page.getJsonArray("events");
              ctx.verify(() -> assertTrue(events.size() <= size));
              events.forEach(e -> ids.add(((JsonObject) e).getLong("eventId")));
              String next = page.getString("nextPageToken");
              return next == null
                  ? Future.succeededFuture(1)
                  : readPages(ctx, size, reverse, next, ids).map(pages -> pages + 1);
            });
  }

  /** The refusal a page request must end in; fails if the request succeeds. */
  private static Future<TaskControlException> failure(Future<?> future) {
    return future.transform(
        done ->
            done.succeeded()
                ? Future.failedFuture(new AssertionError("expected a failure"))
                : Future.succeededFuture((TaskControlException) done.cause()));
  }
}
