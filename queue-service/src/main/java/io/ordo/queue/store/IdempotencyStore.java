package io.ordo.queue.store;

import static io.ordo.db.SqlTimes.utc;

import io.ordo.db.BatchJoin;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The SQL of {@code ordo_idempotency_key}. A key is claimed with {@code INSERT … ON CONFLICT DO
 * NOTHING}: a concurrent registration with the same key waits for the first one's transaction and
 * then finds its message, so one key always means one message.
 */
public final class IdempotencyStore {

  private static final String CLAIM =
      "INSERT INTO ordo_idempotency_key (tenant, idempotency_key, message_id, created_at)"
          // $1 tenants, $2 keys, $3 message ids the registrations would create, $4 now
          + " SELECT t, k, m, $4 FROM unnest($1::text[], $2::text[], $3::uuid[]) AS x(t, k, m)"
          + " ON CONFLICT DO NOTHING RETURNING tenant, idempotency_key";

  private static final String EXISTING =
      "SELECT k.tenant, k.idempotency_key, k.message_id"
          // $1 tenants, $2 keys; a join, not a semi-join (IN, EXISTS): a semi-join on BatchJoin's
          // keys cannot make the batch distinct, so its only plan walked the table
          + " FROM unnest($1::text[], $2::text[]) AS b(tenant, idempotency_key)"
          + " JOIN ordo_idempotency_key k ON"
          + BatchJoin.byKey("k", "b", "tenant", "idempotency_key");

  private static final String RELEASE =
      "DELETE FROM ordo_idempotency_key k"
          // $1 tenants, $2 keys, $3 message ids: keys whose registration was refused
          + " USING unnest($1::text[], $2::text[], $3::uuid[]) AS b(tenant, idempotency_key, message_id)"
          + " WHERE"
          + BatchJoin.byKey("k", "b", "tenant", "idempotency_key")
          + " AND k.message_id = b.message_id";

  private static final String PURGE =
      // $1 keys created before this time are forgotten
      "DELETE FROM ordo_idempotency_key WHERE created_at < $1";

  /** A key a registration wants, with the id of the message it would create. */
  public record Claim(String tenant, String key, String messageId) {}

  /**
   * Claims keys; answers the claims that were already taken, mapped to the message id holding them.
   */
  public Future<Map<Claim, String>> claim(SqlClient tx, List<Claim> claims, Instant now) {
    if (claims.isEmpty()) {
      return Future.succeededFuture(Map.of());
    }
    String[] tenants = claims.stream().map(Claim::tenant).toArray(String[]::new);
    String[] keys = claims.stream().map(Claim::key).toArray(String[]::new);
    UUID[] ids = claims.stream().map(c -> UUID.fromString(c.messageId())).toArray(UUID[]::new);
    return tx.preparedQuery(CLAIM)
        .execute(Tuple.of(tenants, keys, ids, utc(now)))
        .compose(
            inserted -> {
              Set<String> won = new HashSet<>();
              for (Row row : inserted) {
                won.add(row.getString("tenant") + "\u0000" + row.getString("idempotency_key"));
              }
              List<Claim> lost =
                  claims.stream()
                      .filter(c -> !won.contains(c.tenant() + "\u0000" + c.key()))
                      .toList();
              return lost.isEmpty() ? Future.succeededFuture(Map.of()) : existing(tx, lost);
            });
  }

  private Future<Map<Claim, String>> existing(SqlClient tx, List<Claim> lost) {
    String[] tenants = lost.stream().map(Claim::tenant).toArray(String[]::new);
    String[] keys = lost.stream().map(Claim::key).toArray(String[]::new);
    return tx.preparedQuery(EXISTING)
        .execute(
            Tuple.tuple().addValue(tenants).addValue(keys)) // not Tuple.of: it would spread keys
        .map(
            rows -> {
              Map<String, String> byKey = new HashMap<>();
              for (Row row : rows) {
                byKey.put(
                    row.getString("tenant") + "\u0000" + row.getString("idempotency_key"),
                    row.getUUID("message_id").toString());
              }
              Map<Claim, String> result = new HashMap<>();
              for (Claim claim : lost) {
                result.put(claim, byKey.get(claim.tenant() + "\u0000" + claim.key()));
              }
              return result;
            });
  }

  /** Gives back keys whose registration was refused in the same transaction. */
  public Future<Void> release(SqlClient tx, List<Claim> claims) {
    if (claims.isEmpty()) {
      return Future.succeededFuture();
    }
    String[] tenants = claims.stream().map(Claim::tenant).toArray(String[]::new);
    String[] keys = claims.stream().map(Claim::key).toArray(String[]::new);
    UUID[] ids = claims.stream().map(c -> UUID.fromString(c.messageId())).toArray(UUID[]::new);
    return tx.preparedQuery(RELEASE).execute(Tuple.of(tenants, keys, ids)).mapEmpty();
  }

  /** Forgets keys older than the given time (they are kept at least 24 hours). */
  public Future<Integer> purge(SqlClient client, Instant before) {
    return client.preparedQuery(PURGE).execute(Tuple.of(utc(before))).map(rows -> rows.rowCount());
  }
}
