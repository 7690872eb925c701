package io.ordo.lock;

import static io.ordo.db.SqlTimes.instant;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of {@code ordo_lock_owner}. Every lease is computed with PostgreSQL's {@code now()},
 * never a node's clock, so a node whose clock jumps neither steals nor loses locks (SPEC 6).
 */
public final class LockOwnerStore {

  private static final String REGISTER =
      "INSERT INTO ordo_lock_owner (owner_id, node_name, kind, capacity, started_at,"
          + " lease_expires_at)"
          // $1 owner id, $2 node name, $3 kind, $4 capacity, $5 lease in milliseconds
          + " VALUES ($1, $2, $3, $4, now(), now() + $5 * interval '1 millisecond')"
          + " RETURNING lease_expires_at";

  private static final String RENEW =
      "UPDATE ordo_lock_owner SET lease_expires_at = now() + $2 * interval '1 millisecond'"
          // $1 owner id, $2 lease in milliseconds; an expired lease is never revived
          + " WHERE owner_id = $1 AND lease_expires_at > now() RETURNING lease_expires_at";

  private static final String RESIGN =
      // $1 owner id
      "DELETE FROM ordo_lock_owner WHERE owner_id = $1";

  private static final String LIVE =
      "SELECT owner_id, node_name, kind, capacity, lease_expires_at FROM ordo_lock_owner"
          // $1 kind
          + " WHERE kind = $1 AND lease_expires_at > now() ORDER BY node_name";

  private static final String EXPIRED =
      "SELECT owner_id, node_name, kind, capacity, lease_expires_at FROM ordo_lock_owner"
          + " WHERE lease_expires_at <= now()";

  private static final String FORGET_EXPIRED =
      "DELETE FROM ordo_lock_owner o"
          // $1 how long an expired owner is kept for diagnosis, in milliseconds
          + " WHERE o.lease_expires_at < now() - $1 * interval '1 millisecond'"
          + " AND NOT EXISTS (SELECT 1 FROM im_async_task_info t WHERE t.lock_owner_id = o.owner_id)";

  private static final String DATABASE_NOW = "SELECT now()";

  /** Registers a new owner with a fresh lease; answers when the lease expires. */
  public Future<Instant> register(
      SqlClient client, UUID ownerId, String nodeName, String kind, int capacity, Duration lease) {
    return client
        .preparedQuery(REGISTER)
        .execute(Tuple.of(ownerId, nodeName, kind, capacity, lease.toMillis()))
        .map(rows -> instant(rows.iterator().next().getOffsetDateTime(0)));
  }

  /**
   * Renews a lease; empty if it had already expired (the owner lost its locks and must register
   * anew).
   */
  public Future<Optional<Instant>> renew(SqlClient client, UUID ownerId, Duration lease) {
    return client
        .preparedQuery(RENEW)
        .execute(Tuple.of(ownerId, lease.toMillis()))
        .map(
            rows ->
                rows.size() == 0
                    ? Optional.empty()
                    : Optional.of(instant(rows.iterator().next().getOffsetDateTime(0))));
  }

  /** Gives the lease up at once (graceful shutdown), so others need not wait for expiry. */
  public Future<Void> resign(SqlClient client, UUID ownerId) {
    return client.preparedQuery(RESIGN).execute(Tuple.of(ownerId)).mapEmpty();
  }

  public Future<List<LockOwner>> live(SqlClient client, String kind) {
    return client.preparedQuery(LIVE).execute(Tuple.of(kind)).map(LockOwnerStore::owners);
  }

  public Future<List<LockOwner>> expired(SqlClient client) {
    return client.preparedQuery(EXPIRED).execute().map(LockOwnerStore::owners);
  }

  /** Deletes owners expired longer than {@code keep} ago that hold nothing any more. */
  public Future<Void> forgetExpired(SqlClient client, Duration keep) {
    return client.preparedQuery(FORGET_EXPIRED).execute(Tuple.of(keep.toMillis())).mapEmpty();
  }

  /** The database's clock, for nodes that keep their own clock in step with it. */
  public Future<Instant> databaseNow(SqlClient client) {
    return client
        .preparedQuery(DATABASE_NOW)
        .execute()
        .map(rows -> instant(rows.iterator().next().getOffsetDateTime(0)));
  }

  private static List<LockOwner> owners(Iterable<Row> rows) {
    List<LockOwner> owners = new ArrayList<>();
    for (Row row : rows) {
      owners.add(
          new LockOwner(
              row.getUUID("owner_id").toString(),
              row.getString("node_name"),
              row.getString("kind"),
              row.getInteger("capacity"),
              instant(row.getOffsetDateTime("lease_expires_at"))));
    }
    return owners;
  }
}
