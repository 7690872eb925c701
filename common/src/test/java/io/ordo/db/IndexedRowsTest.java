package io.ordo.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ordo.testing.TestDatabase;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.junit5.VertxExtension;
import io.vertx.junit5.VertxTestContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rows {@link IndexedRows} gives answer what the PostgreSQL client's rows answer, by name and
 * by position, for every type the stores read, in the result's order.
 */
@ExtendWith(VertxExtension.class)
class IndexedRowsTest {
  private static final String SQL =
      "SELECT i AS n, 'row ' || i AS text, i::bigint * 10 AS big, i % 2 = 0 AS even,"
          + " ('00000000-0000-0000-0000-00000000000' || i)::uuid AS id,"
          + " timestamptz '2026-11-29 12:00:00+00' + i * interval '1 second' AS at,"
          + " jsonb_build_object('i', i) AS doc, NULL::text AS nothing, 'second' AS text"
          + " FROM generate_series(1, 3) AS i ORDER BY i";

  @Test
  void eachRow_answersWhatTheClientsRowAnswers_byNameAndByPosition(
      Vertx vertx, VertxTestContext ctx) {
    rowsOf(vertx, SQL)
        .onComplete(
            ctx.succeeding(
                rows ->
                    ctx.verify(
                        () -> {
                          List<Row> plain = new ArrayList<>();
                          rows.forEach(plain::add);
                          List<Row> indexed = new ArrayList<>();
                          IndexedRows.of(rows).forEach(indexed::add);
                          assertEquals(3, indexed.size());
                          for (int i = 0; i < 3; i++) {
                            assertSameRow(plain.get(i), indexed.get(i), i + 1);
                          }
                          ctx.completeNow();
                        })));
  }

  private static void assertSameRow(Row plain, Row row, int i) {
    assertEquals(i, row.getInteger("n"));
    assertEquals("row " + i, row.getString("text")); // the first of two columns named text
    assertEquals(plain.getString("text"), row.getString("text"));
    assertEquals("second", row.getString(8));
    assertEquals(i * 10L, row.getLong("big"));
    assertEquals(i % 2 == 0, row.getBoolean("even"));
    assertEquals(UUID.fromString("00000000-0000-0000-0000-00000000000" + i), row.getUUID("id"));
    assertEquals(
        OffsetDateTime.of(2026, 11, 29, 12, 0, i, 0, ZoneOffset.UTC).toInstant(),
        row.getOffsetDateTime("at").toInstant());
    assertEquals(new JsonObject().put("i", i), row.getValue("doc"));
    assertNull(row.getString("nothing"));
    assertEquals(plain.size(), row.size());
    assertEquals(plain.getColumnName(3), row.getColumnName(3));
    assertEquals(plain.getColumnIndex("at"), row.getColumnIndex("at"));
    assertEquals(-1, row.getColumnIndex("absent"));
    assertEquals(plain.toJson(), row.toJson());
    assertThrows(NoSuchElementException.class, () -> row.getString("absent"));
    assertThrows(UnsupportedOperationException.class, () -> row.addValue(1));
  }

  @Test
  void aResultWithoutRows_givesNone(Vertx vertx, VertxTestContext ctx) {
    rowsOf(vertx, "SELECT 1 AS one WHERE false")
        .onComplete(
            ctx.succeeding(
                rows ->
                    ctx.verify(
                        () -> {
                          assertEquals(false, IndexedRows.of(rows).iterator().hasNext());
                          ctx.completeNow();
                        })));
  }

  /** The rows of {@code sql}, read on a pool of its own that is closed after. */
  private static Future<RowSet<Row>> rowsOf(Vertx vertx, String sql) {
    Pool pool = Pools.create(vertx, TestDatabase.address(), 1, "ordo-indexed-rows-test");
    return pool.query(sql).execute().eventually(pool::close);
  }
}
