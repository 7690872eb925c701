package io.ordo.queue.statemachine;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of {@code ordo_execution_inbox}: outcomes of task messages that state-machine executions
 * scheduled, written in the same transaction as the task's disposal and consumed by the decider.
 */
public final class ExecutionInboxStore {

  private static final String APPEND =
      "INSERT INTO ordo_execution_inbox (tenant, execution_id, message_id, outcome)"
          // $1 tenant, $2 execution id, $3 message id, $4 the task's outcome
          + " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";

  private static final String PENDING =
      "SELECT message_id, outcome FROM ordo_execution_inbox"
          // $1 tenant, $2 execution id
          + " WHERE tenant = $1 AND execution_id = $2 ORDER BY created_at, message_id";

  private static final String DELETE =
      "DELETE FROM ordo_execution_inbox"
          // $1 tenant, $2 execution id, $3 the message ids whose outcomes were applied
          + " WHERE tenant = $1 AND execution_id = $2 AND message_id = ANY($3::uuid[])";

  private static final String DELETE_ALL =
      // $1 tenant, $2 execution id
      "DELETE FROM ordo_execution_inbox WHERE tenant = $1 AND execution_id = $2";

  private static final String EXECUTIONS =
      "SELECT DISTINCT tenant, execution_id FROM ordo_execution_inbox"
          // $1 the most to answer
          + " LIMIT $1";

  /** A task's outcome for its execution. */
  public record Entry(String tenant, String executionId, String messageId, JsonObject outcome) {}

  public Future<Void> append(SqlClient tx, List<Entry> entries) {
    if (entries.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Tuple> rows = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      rows.add(
          Tuple.of(
              e.tenant(),
              UUID.fromString(e.executionId()),
              UUID.fromString(e.messageId()),
              e.outcome()));
    }
    return tx.preparedQuery(APPEND).executeBatch(rows).mapEmpty();
  }

  /** The outcomes waiting for an execution, oldest first. */
  Future<List<Entry>> pending(SqlClient client, String tenant, String executionId) {
    return client
        .preparedQuery(PENDING)
        .execute(Tuple.of(tenant, UUID.fromString(executionId)))
        .map(
            rows -> {
              List<Entry> entries = new ArrayList<>();
              for (Row row : rows) {
                entries.add(
                    new Entry(
                        tenant,
                        executionId,
                        row.getUUID("message_id").toString(),
                        (JsonObject) row.getValue("outcome")));
              }
              return entries;
            });
  }

  /** Deletes the outcomes an advance applied. */
  Future<Void> delete(SqlClient tx, String tenant, String executionId, List<String> messageIds) {
    if (messageIds.isEmpty()) {
      return Future.succeededFuture();
    }
    return tx.preparedQuery(DELETE)
        .execute(
            Tuple.of(
                tenant,
                UUID.fromString(executionId),
                messageIds.stream().map(UUID::fromString).toArray(UUID[]::new)))
        .mapEmpty();
  }

  /** Deletes the outcomes of an execution that does not exist (any more). */
  Future<Void> deleteAll(SqlClient client, String tenant, String executionId) {
    return client
        .preparedQuery(DELETE_ALL)
        .execute(Tuple.of(tenant, UUID.fromString(executionId)))
        .mapEmpty();
  }

  /** Executions with outcomes waiting. */
  Future<List<ExecutionKey>> executions(SqlClient client, int limit) {
    return client
        .preparedQuery(EXECUTIONS)
        .execute(Tuple.of(limit))
        .map(
            rows -> {
              List<ExecutionKey> keys = new ArrayList<>();
              for (Row row : rows) {
                keys.add(
                    new ExecutionKey(
                        row.getString("tenant"), row.getUUID("execution_id").toString()));
              }
              return keys;
            });
  }
}
