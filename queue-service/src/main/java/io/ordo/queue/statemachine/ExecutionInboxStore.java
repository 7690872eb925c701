package io.ordo.queue.statemachine;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
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
}
