package io.ordo.queue.store;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The SQL of {@code im_async_context_info}: registration contexts, deleted with their message. */
public final class ContextStore {

  private static final String INSERT =
      "INSERT INTO im_async_context_info"
          + " (tenant, message_id, principal, locale, time_zone, trace_id, traceparent, attributes)"
          // $1 tenant, $2 message id, $3 principal, $4 locale, $5 time zone, $6 trace id,
          // $7 traceparent header, $8 attributes
          + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

  private static final String SELECT_MANY =
      "SELECT message_id, principal, locale, time_zone, trace_id, traceparent, attributes"
          + " FROM im_async_context_info"
          // $1 tenant per message, $2 message ids
          + " WHERE (tenant, message_id) IN (SELECT * FROM unnest($1::text[], $2::uuid[]))";

  /** A context to store for a message. */
  public record Entry(String tenant, String messageId, ContextRow context) {}

  public Future<Void> insert(SqlClient tx, List<Entry> entries) {
    if (entries.isEmpty()) {
      return Future.succeededFuture(); // executeBatch refuses an empty batch
    }
    List<Tuple> rows = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      ContextRow c = e.context();
      rows.add(
          Tuple.from(
              new Object[] {
                e.tenant(),
                UUID.fromString(e.messageId()),
                c.principal(),
                c.locale(),
                c.timeZone(),
                c.traceId(),
                c.traceparent(),
                c.attributes() == null ? new JsonObject() : c.attributes()
              }));
    }
    return tx.preparedQuery(INSERT).executeBatch(rows).mapEmpty();
  }

  /** The contexts of the given messages (tenants and ids aligned), by message id. */
  public Future<Map<String, ContextRow>> find(
      SqlClient client, List<String> tenants, List<UUID> messageIds) {
    if (messageIds.isEmpty()) {
      return Future.succeededFuture(Map.of());
    }
    return client
        .preparedQuery(SELECT_MANY)
        .execute(
            Tuple.tuple()
                .addValue(tenants.toArray(new String[0]))
                .addValue(messageIds.toArray(new UUID[0])))
        .map(
            rows -> {
              Map<String, ContextRow> contexts = new HashMap<>();
              for (Row row : rows) {
                contexts.put(
                    row.getUUID("message_id").toString(),
                    new ContextRow(
                        row.getString("principal"),
                        row.getString("locale"),
                        row.getString("time_zone"),
                        row.getString("trace_id"),
                        row.getString("traceparent"),
                        (JsonObject) row.getValue("attributes")));
              }
              return contexts;
            });
  }
}
