package io.ordo.queue.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.ZoneOffset;

/** Many waiting messages at once, written straight into the task table. */
public final class WaitingRows {
  private WaitingRows() {}

  /**
   * Inserts {@code count} waiting messages of a task type, received one millisecond apart from
   * {@code receivedAt}, each with {@code notBefore} (null: none).
   */
  public static Future<Void> insert(
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
                + " $3::timestamptz, $3::timestamptz + i * interval '1 millisecond', 1, 1,"
                + " $4::timestamptz"
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

  /**
   * Adds {@code queues} active serial queues {@code q1 … qN} (empty), then {@code perQueue} waiting
   * messages of a task type in each, at positions 1, 2 …: position p of queue i is received {@code
   * (p × queues + i)} milliseconds after {@code receivedAt}, so heads come first.
   */
  public static Future<Void> serial(
      SqlClient client, String tenant, String type, int queues, int perQueue, Instant receivedAt) {
    return serial(client, tenant, type, queues, perQueue, receivedAt, null);
  }

  /**
   * As {@link #serial(SqlClient, String, String, int, int, Instant)}, each message with {@code
   * notBefore} (null: none), as a delayed registration writes it.
   */
  public static Future<Void> serial(
      SqlClient client,
      String tenant,
      String type,
      int queues,
      int perQueue,
      Instant receivedAt,
      Instant notBefore) {
    return client
        .preparedQuery(
            "INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active, created_at)"
                + " SELECT $1, 'S', 'q' || i, true, $2 FROM generate_series(1, $3) AS i")
        .execute(Tuple.of(tenant, receivedAt.atOffset(ZoneOffset.UTC), queues))
        .compose(
            v ->
                client
                    .preparedQuery(
                        "INSERT INTO im_async_task_info (tenant, message_id, queue_kind,"
                            + " queue_id, position, state, task_class_name, timeouts, sent_at,"
                            + " received_at, last_event_id, scheduled_event_id, not_before)"
                            + " SELECT $1, gen_random_uuid(), 'S', 'q' || i, p, 'WAITING', $2,"
                            + " '{}'::jsonb, $3::timestamptz,"
                            + " $3::timestamptz + (p * $4 + i) * interval '1 millisecond', 1, 1,"
                            + " $6::timestamptz"
                            + " FROM generate_series(1, $5) AS p, generate_series(1, $4) AS i"
                            + " ORDER BY p, i")
                    .execute(
                        Tuple.of(
                            tenant,
                            type,
                            receivedAt.atOffset(ZoneOffset.UTC),
                            queues,
                            perQueue,
                            notBefore == null ? null : notBefore.atOffset(ZoneOffset.UTC))))
        .mapEmpty();
  }
}
