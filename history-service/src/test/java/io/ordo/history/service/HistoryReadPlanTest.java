package io.ordo.history.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.db.PlanProfile;
import io.ordo.history.HistoryStore;
import io.ordo.testing.AutoExplain;
import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The history service reads on connections that plan each statement once (the hot path's profile):
 * a header and a page of events, their plans made on analyzed empty tables, still read one history
 * by key when the tables hold thousands. Plans are read from auto_explain ({@link AutoExplain}).
 */
@ExtendWith(VertxExtension.class)
class HistoryReadPlanTest {
  private static final String TENANT = "t1";
  private static final int HISTORIES = 2_000;
  private static final int EVENTS = 10;

  private final HistoryStore store = new HistoryStore();
  private Pool pool;

  @BeforeEach
  void setUp(Vertx vertx) {
    // one connection: the plans the checked reads run by are the ones it made first
    pool = TestDatabase.emptiedPool(vertx, PlanProfile.HOT_PATH, 1);
  }

  @AfterEach
  void tearDown(VertxTestContext ctx) {
    pool.close().onComplete(ctx.succeedingThenComplete());
  }

  @Test
  void headerAndPages_plannedOnceOnEmptyTables_readOneHistoryByKeyWhenFull(VertxTestContext ctx) {
    // histories with an even number are closed (a header), the others open (events only)
    String closed = id(1_000);
    String open = id(1_001);
    List<JsonObject> plans = Collections.synchronizedList(new ArrayList<>());
    pool.getConnection()
        .compose(
            c ->
                c.query("ANALYZE")
                    .execute()
                    .compose(v -> read(c, id(HISTORIES + 1)))
                    .compose(v -> fill(c))
                    .compose(v -> AutoExplain.collect(c, plans))
                    .compose(v -> read(c, closed))
                    .compose(
                        header -> {
                          assertFalse(header.open(), "the closed history's header");
                          assertEquals(EVENTS, header.lastEventId());
                          return read(c, open);
                        })
                    .map(
                        header -> {
                          assertTrue(header.open(), "an open task's header, made of its events");
                          assertEquals(EVENTS, header.lastEventId());
                          return null;
                        })
                    .eventually(c::close))
        .onComplete(
            ctx.succeeding(
                v ->
                    ctx.verify(
                        () -> {
                          assertEquals(6, plans.size(), "a header and two pages, twice");
                          for (JsonObject plan : plans) {
                            String text = plan.encode();
                            assertFalse(text.contains("\"Seq Scan\""), text);
                            assertTrue(AutoExplain.blocks(plan) < 20, "pages read: " + text);
                            // a plan made for the values would name them, not the parameter
                            assertTrue(text.contains("$1"), "planned once: " + text);
                          }
                          ctx.completeNow();
                        })));
  }

  /** Reads a history's header and its first page both ways; answers the header. */
  private Future<HistoryStore.Header> read(SqlConnection c, String executionId) {
    return store
        .page(c, TENANT, executionId, false, 0, EVENTS + 1)
        .compose(
            forward ->
                store
                    .page(c, TENANT, executionId, true, Long.MAX_VALUE, EVENTS + 1)
                    .map(
                        reverse -> {
                          assertEquals(forward.size(), reverse.size(), "both ways");
                          return forward.size();
                        }))
        .compose(
            size ->
                store
                    .header(c, TENANT, executionId)
                    .map(
                        header -> {
                          assertEquals(size == 0, header.isEmpty(), "a header iff events");
                          return header.orElse(null);
                        }));
  }

  private static Future<Void> fill(SqlConnection c) {
    return c.preparedQuery(
            "INSERT INTO ordo_history_event"
                + " (tenant, execution_id, event_id, event_type, event_time, attributes)"
                + " SELECT $1, ('00000000-0000-0000-0000-' || lpad(h::text, 12, '0'))::uuid, e, 'TaskStarted', now(), '{}'::jsonb"
                + " FROM generate_series(1, $2) AS h, generate_series(1, $3) AS e")
        .execute(Tuple.of(TENANT, HISTORIES, EVENTS))
        .compose(
            v ->
                c.preparedQuery(
                        "INSERT INTO ordo_history_execution (tenant, execution_id, kind, open,"
                            + " started_at, closed_at, last_event_id, summary)"
                            + " SELECT $1, ('00000000-0000-0000-0000-' || lpad(h::text, 12, '0'))::uuid, 'task', false, now(), now(), $3,"
                            + " '{}'::jsonb FROM generate_series(2, $2, 2) AS h")
                    .execute(Tuple.of(TENANT, HISTORIES, EVENTS)))
        .mapEmpty();
  }

  /** History {@code h}'s execution id, as {@link #fill} makes it. */
  private static String id(int h) {
    return String.format("00000000-0000-0000-0000-%012d", h);
  }
}
