package io.ordo.history;

import static io.ordo.db.SqlTimes.utc;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-queue figures over a recent window, counted from the headers of the task histories a tenant
 * closed in it (their summary is the task info at its end, with its queue and outcome). A read-only
 * aggregate of {@code ordo_history_execution}, kept apart from {@link HistoryStore}'s writes; the
 * index {@code ordo_history_execution_closed_idx} (V18: closing time, then tenant) finds the
 * window's rows by range.
 */
public final class QueueFiguresStore {
  private static final String SELECT =
      "SELECT summary->>'queue' AS queue, coalesce(summary->>'queueId', '') AS queue_id,"
          + " count(*) FILTER (WHERE summary->'outcome'->>'type' = 'COMPLETED') AS completed,"
          + " count(*) FILTER (WHERE summary->'outcome'->>'type' = 'FAILED') AS failed,"
          + " count(*) FILTER (WHERE summary->'outcome'->>'type' = 'TIMED_OUT') AS timed_out,"
          + " count(*) AS ended"
          + " FROM ordo_history_execution"
          // $1 tenant, $2 start of the window (inclusive)
          + " WHERE tenant = $1 AND kind = 'task' AND NOT open AND closed_at >= $2"
          + " GROUP BY 1, 2 ORDER BY 1, 2";

  /**
   * What one queue's tasks came to in the window.
   *
   * @param queue {@code parallel} or {@code serial}
   * @param queueId the serial queue's id; empty for the parallel queue
   * @param completed tasks that completed
   * @param failed tasks that failed (their run threw, or their lease expired too often)
   * @param timedOut tasks that timed out
   * @param ended every task that left the queue (also removed, released, stopped)
   */
  public record QueueFigures(
      String queue, String queueId, long completed, long failed, long timedOut, long ended) {}

  /**
   * The figures of every queue of {@code tenant} with a task that ended at or after {@code since}.
   */
  public Future<List<QueueFigures>> since(SqlClient client, String tenant, Instant since) {
    return client
        .preparedQuery(SELECT)
        .execute(Tuple.of(tenant, utc(since)))
        .map(
            rows -> {
              List<QueueFigures> figures = new ArrayList<>();
              for (Row row : rows) {
                figures.add(
                    new QueueFigures(
                        row.getString("queue"),
                        row.getString("queue_id"),
                        row.getLong("completed"),
                        row.getLong("failed"),
                        row.getLong("timed_out"),
                        row.getLong("ended")));
              }
              return figures;
            });
  }
}
