package io.ordo.history.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ordo.config.OrdoConfig.HistoryOptions;
import io.ordo.db.Pools;
import io.ordo.history.HistoryEvent;
import io.ordo.history.HistoryEventType;
import io.ordo.history.HistoryStore;
import io.ordo.testing.SettableClock;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Retention (SPEC 5) on a settable clock: per tenant, 0 = at once, open histories never purged. */
@ExtendWith(VertxExtension.class)
class RetentionPurgeTest {
  private static final Instant CLOSED_AT = Instant.parse("2026-03-01T00:00:00Z");

  private Vertx vertx;
  private Pool pool;
  private HistoryStore store;
  private SettableClock clock;

  @BeforeEach
  void setUp(Vertx vertx) {
    TestDatabase.truncate();
    this.vertx = vertx;
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
    store = new HistoryStore();
    clock = new SettableClock(CLOSED_AT);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void closedHistoriesGo_afterTheirTenantsRetention_openOnesNever(VertxTestContext ctx) {
    String defaultTenant = UUID.randomUUID().toString();
    String shortTenant = UUID.randomUUID().toString();
    String immediate = UUID.randomUUID().toString();
    String open = UUID.randomUUID().toString();
    RetentionPurge purge =
        new RetentionPurge(
            pool,
            store,
            new HistoryOptions(Map.of("short", 7, "now", 0), 30, Duration.ofHours(1)),
            clock,
            new SimpleMeterRegistry());

    history("default", defaultTenant, true)
        .compose(v -> history("short", shortTenant, true))
        .compose(v -> history("now", immediate, true))
        .compose(v -> history("default", open, false))
        .compose(v -> expectPurged(ctx, purge, 1))
        .compose(
            v ->
                expectRemaining(
                    ctx, List.of(defaultTenant, shortTenant, open).stream().sorted().toList()))
        .compose(
            v -> {
              clock.advance(Duration.ofDays(7));
              return expectPurged(ctx, purge, 1);
            })
        .compose(v -> expectRemaining(ctx, List.of(defaultTenant, open).stream().sorted().toList()))
        .compose(
            v -> {
              // 30 days after closing, less a second
              clock.advance(Duration.ofDays(23).minusSeconds(1));
              return expectPurged(ctx, purge, 0);
            })
        .compose(
            v -> {
              clock.advance(Duration.ofSeconds(1));
              return expectPurged(ctx, purge, 1);
            })
        .compose(v -> expectRemaining(ctx, List.of(open)))
        .compose(
            v -> {
              clock.advance(Duration.ofDays(3650));
              return expectPurged(ctx, purge, 0, "an open execution is never purged");
            })
        .compose(v -> expectEvents(ctx, defaultTenant, 0L, "events go with their history"))
        .compose(v -> expectEvents(ctx, open, 2L))
        .compose(v -> expectEvents(ctx, immediate, 0L))
        .onComplete(ctx.succeedingThenComplete());
  }

  private Future<Void> expectPurged(VertxTestContext ctx, RetentionPurge purge, int histories) {
    return expectPurged(ctx, purge, histories, null);
  }

  private Future<Void> expectPurged(
      VertxTestContext ctx, RetentionPurge purge, int histories, String message) {
    return purge
        .run()
        .map(
            purged -> {
              ctx.verify(() -> assertEquals(histories, purged, message));
              return null;
            });
  }

  private Future<Void> expectRemaining(VertxTestContext ctx, List<String> ids) {
    return vertx
        .executeBlocking(this::remaining)
        .map(
            remaining -> {
              ctx.verify(() -> assertEquals(ids, remaining));
              return null;
            });
  }

  private Future<Void> expectEvents(VertxTestContext ctx, String id, long events) {
    return expectEvents(ctx, id, events, null);
  }

  private Future<Void> expectEvents(VertxTestContext ctx, String id, long events, String message) {
    return vertx
        .executeBlocking(() -> eventsOf(id))
        .map(
            count -> {
              ctx.verify(() -> assertEquals(events, count, message));
              return null;
            });
  }

  private Future<Void> history(String tenant, String id, boolean closed) {
    return pool.withTransaction(
        tx ->
            store
                .open(
                    tx,
                    List.of(
                        new HistoryStore.Opening(
                            tenant, id, CLOSED_AT.minusSeconds(5), new JsonObject())),
                    List.of(2L))
                .compose(
                    v ->
                        store.append(
                            tx,
                            List.of(
                                new HistoryEvent(
                                    tenant,
                                    id,
                                    1,
                                    HistoryEventType.TaskScheduled,
                                    CLOSED_AT.minusSeconds(5),
                                    new JsonObject()),
                                new HistoryEvent(
                                    tenant,
                                    id,
                                    2,
                                    HistoryEventType.TaskCompleted,
                                    CLOSED_AT,
                                    new JsonObject()))))
                .compose(
                    v ->
                        closed
                            ? store.closeExecutions(
                                tx,
                                List.of(
                                    new HistoryStore.Closing(
                                        tenant, id, CLOSED_AT, 2, new JsonObject())))
                            : Future.succeededFuture()));
  }

  private List<String> remaining() {
    return TestDatabase.execute(
        connection -> {
          List<String> ids = new java.util.ArrayList<>();
          try (Statement s = connection.createStatement();
              ResultSet rows =
                  s.executeQuery(
                      "SELECT execution_id FROM ordo_history_execution ORDER BY execution_id")) {
            while (rows.next()) {
              ids.add(rows.getString(1));
            }
          }
          return ids.stream().sorted().toList();
        });
  }

  private long eventsOf(String id) {
    return TestDatabase.count(
        "SELECT count(*) FROM ordo_history_event WHERE execution_id = '" + id + "'");
  }
}
