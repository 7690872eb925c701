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

/** Retention (SPEC 5) on a settable clock: per tenant, 0 = at once, open histories never purged. */
class RetentionPurgeTest {
  private static final Instant CLOSED_AT = Instant.parse("2026-03-01T00:00:00Z");

  private Vertx vertx;
  private Pool pool;
  private HistoryStore store;
  private SettableClock clock;

  @BeforeEach
  void setUp() {
    TestDatabase.truncate();
    vertx = Vertx.vertx();
    pool = Pools.create(vertx, TestDatabase.address(), 2, "test");
    store = new HistoryStore();
    clock = new SettableClock(CLOSED_AT);
  }

  @AfterEach
  void tearDown() {
    await(pool.close());
    await(vertx.close());
  }

  @Test
  void closedHistoriesGo_afterTheirTenantsRetention_openOnesNever() {
    String defaultTenant = history("default", true);
    String shortTenant = history("short", true);
    String immediate = history("now", true);
    String open = history("default", false);
    RetentionPurge purge =
        new RetentionPurge(
            pool,
            store,
            new HistoryOptions(Map.of("short", 7, "now", 0), 30, Duration.ofHours(1)),
            clock,
            new SimpleMeterRegistry());

    assertEquals(1, await(purge.run()));
    assertEquals(List.of(defaultTenant, shortTenant, open).stream().sorted().toList(), remaining());

    clock.advance(Duration.ofDays(7));
    assertEquals(1, await(purge.run()));
    assertEquals(List.of(defaultTenant, open).stream().sorted().toList(), remaining());

    clock.advance(Duration.ofDays(23).minusSeconds(1)); // 30 days after closing, less a second
    assertEquals(0, await(purge.run()));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(1, await(purge.run()));
    assertEquals(List.of(open), remaining());

    clock.advance(Duration.ofDays(3650));
    assertEquals(0, await(purge.run()), "an open execution is never purged");
    assertEquals(0L, eventsOf(defaultTenant), "events go with their history");
    assertEquals(2L, eventsOf(open));
    assertEquals(0L, eventsOf(immediate));
  }

  private String history(String tenant, boolean closed) {
    String id = UUID.randomUUID().toString();
    await(
        pool.withTransaction(
            tx ->
                store
                    .open(
                        tx,
                        List.of(
                            new HistoryStore.Opening(
                                tenant, id, "task", CLOSED_AT.minusSeconds(5), new JsonObject())),
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
                                ? store.close(
                                    tx,
                                    List.of(
                                        new HistoryStore.Closing(
                                            tenant, id, CLOSED_AT, 2, new JsonObject())))
                                : Future.succeededFuture())));
    return id;
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
    return TestDatabase.execute(
        connection -> {
          try (Statement s = connection.createStatement();
              ResultSet rows =
                  s.executeQuery(
                      "SELECT count(*) FROM ordo_history_event WHERE execution_id = '"
                          + id
                          + "'")) {
            rows.next();
            return rows.getLong(1);
          }
        });
  }

  private static <T> T await(Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }
}
