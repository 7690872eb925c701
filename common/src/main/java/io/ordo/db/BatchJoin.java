package io.ordo.db;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How a hot-path statement joins a batch (an {@code unnest} of arrays, or the rows a CTE just
 * changed) with a table, so that the batch drives and the table is probed by key for each batch
 * row, whatever the statistics its plan was made on ({@link PlanProfile#HOT_PATH} plans once per
 * connection).
 *
 * <p>The key's first column is compared through a one-element array ({@code t.tenant = ANY
 * (ARRAY[b.tenant])}), the others by plain equality. That comparison is no merge-join clause, so
 * the planner sees no use in reading the table in key order (an index walk without conditions is
 * only offered for a merge join), and with sequential scans off no plan is left that reads the
 * table other than by the batch's keys. Both alternatives measured worse, for a finish batch of 400
 * in a 20,000-message table: plain equalities let a plan made on analyzed empty tables walk the
 * whole primary key per batch (44 ms); adding the batch's key arrays as {@code = ANY} conditions
 * made every probe sort those arrays again (7 ms with good statistics) and, planned on empty
 * tables, kept only the tenant as an index condition (70 ms). This form: 2 ms both ways.
 */
public final class BatchJoin {
  private BatchJoin() {}

  /**
   * Row {@code table} is batch row {@code batch}'s, on the key {@code columns} (the table's primary
   * key, in its order).
   */
  public static String byKey(String table, String batch, String... columns) {
    return IntStream.range(0, columns.length)
        .mapToObj(
            i ->
                i == 0
                    ? String.format(" %1$s.%3$s = ANY (ARRAY[%2$s.%3$s])", table, batch, columns[i])
                    : String.format(" %1$s.%3$s = %2$s.%3$s", table, batch, columns[i]))
        .collect(Collectors.joining(" AND"));
  }
}
