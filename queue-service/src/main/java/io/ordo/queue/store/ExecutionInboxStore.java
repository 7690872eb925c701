package io.ordo.queue.store;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The SQL of {@code ordo_execution_inbox}: what happened to task messages that state-machine
 * executions scheduled, written in the same transaction as the task's change and consumed by the
 * decider. One row per message: its start ({@code type} {@value #STARTED}) or its outcome; an
 * outcome that finds the start still unread keeps it under {@code started}, so the decider learns
 * both in order. Later starts of a message (re-entry, recovery) do not replace the first.
 */
public final class ExecutionInboxStore {
  public static final String STARTED = "STARTED";

  private static final String APPEND =
      upsert(
          // $1 tenant, $2 execution id, $3 message id, $4 the task's start or outcome
          "VALUES ($1, $2, $3, $4)");

  /**
   * Appends the rows {@code rows} selects ({@code tenant, execution_id, message_id, outcome}) to
   * the inbox: a start stays one entry per message, and an outcome joins the start it finds there
   * (a start never replaces an outcome).
   */
  static String upsert(String rows) {
    return "INSERT INTO ordo_execution_inbox AS i (tenant, execution_id, message_id, outcome) "
        + rows
        + " ON CONFLICT (tenant, execution_id, message_id) DO UPDATE"
        + " SET outcome = EXCLUDED.outcome || jsonb_build_object('started', i.outcome)"
        + " WHERE i.outcome ->> 'type' = '"
        + STARTED
        + "' AND EXCLUDED.outcome ->> 'type' <> '"
        + STARTED
        + "'";
  }

  /** The inbox entry of a task's start, with the attributes of its {@code TaskStarted} event. */
  public static JsonObject started(JsonObject attributes) {
    return attributes.put("type", STARTED);
  }

  private static final String PENDING =
      "SELECT message_id, outcome FROM ordo_execution_inbox"
          // $1 tenant, $2 execution id
          + " WHERE tenant = $1 AND execution_id = $2 ORDER BY created_at, message_id";

  /**
   * Deletes what an advance applied, unless it changed meanwhile (a start that an outcome joined
   * since stays for the next advance).
   */
  private static final String DELETE =
      "DELETE FROM ordo_execution_inbox i"
          // $1 tenant, $2 execution id, $3 the message ids whose entries were applied, $4 the
          // types of the entries as they were read
          + " USING unnest($3::uuid[], $4::text[]) AS d(message_id, type)"
          + " WHERE i.tenant = $1 AND i.execution_id = $2 AND i.message_id = d.message_id"
          + " AND i.outcome ->> 'type' IS NOT DISTINCT FROM d.type";

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
  public Future<List<Entry>> pending(SqlClient client, String tenant, String executionId) {
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

  /** Deletes the entries an advance applied, as it read them. */
  public Future<Void> delete(SqlClient tx, String tenant, String executionId, List<Entry> applied) {
    if (applied.isEmpty()) {
      return Future.succeededFuture();
    }
    return tx.preparedQuery(DELETE)
        .execute(
            Tuple.of(
                tenant,
                UUID.fromString(executionId),
                applied.stream().map(e -> UUID.fromString(e.messageId())).toArray(UUID[]::new),
                applied.stream().map(e -> e.outcome().getString("type")).toArray(String[]::new)))
        .mapEmpty();
  }

  /** Deletes the outcomes of an execution that does not exist (any more). */
  public Future<Void> deleteAll(SqlClient client, String tenant, String executionId) {
    return client
        .preparedQuery(DELETE_ALL)
        .execute(Tuple.of(tenant, UUID.fromString(executionId)))
        .mapEmpty();
  }

  /** Executions with outcomes waiting. */
  public Future<List<ExecutionKey>> executions(SqlClient client, int limit) {
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
