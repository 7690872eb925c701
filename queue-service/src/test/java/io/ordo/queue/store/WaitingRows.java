package io.ordo.queue.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;

/** Many waiting parallel-queue messages at once, written straight into the task table. */
final class WaitingRows {
  private WaitingRows() {}

  /**
   * Inserts {@code count} waiting messages of a task type, received one millisecond apart from
   * {@code receivedAt}, each with {@code notBefore} (null: none).
   */
  static Future<Void> insert(
      SqlClient client,
      String tenant,
      String type,
      int count,
      Instant receivedAt,
      Instant notBefore) {
    return client
        .preparedQuery(
            "INSERT INTO im_async_task_info (tenant, message_id, queue_kind, queue_id, position,"
                + " state, task_class_name, timeouts, sent_at, received_at, last_event_id,"
                + " scheduled_event_id, not_before)"
                + " SELECT $1, gen_random_uuid(), 'P', '',"
                + " nextval('im_async_task_parallel_position_seq'), 'WAITING', $2, '{}'::jsonb,"
                + " $3, $3 + i * interval '1 millisecond', 1, 1, $4"
                + " FROM generate_series(1, $5) AS i")
        .execute(
            Tuple.of(
                tenant,
                type,
                receivedAt.atOffset(ZoneOffset.UTC),
                notBefore == null ? null : notBefore.atOffset(ZoneOffset.UTC),
                count))
        .mapEmpty();
  }
}
