package io.ordo.lock;

import static io.ordo.db.SqlTimes.instant;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
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
          + " lease_expires_at, renewed_at, max_threads, busy, task_types, version)"
          // $1 owner id, $2 node name, $3 kind, $4 capacity, $5 lease in milliseconds,
          // $6 max threads, $7 busy, $8 task types (a JSON array), $9 version: $6..$9 the
          // owner's status, null where it reports none
          + " VALUES ($1, $2, $3, $4, now(), now() + $5 * interval '1 millisecond', now(),"
          + " $6, $7, $8, $9)"
          + " RETURNING lease_expires_at";

  private static final String RENEW =
      "UPDATE ordo_lock_owner SET lease_expires_at = now() + $2 * interval '1 millisecond',"
          // $1 owner id, $2 lease in milliseconds, $3 busy now, $4 capacity now (null: keep);
          // an expired lease is never revived
          + " renewed_at = now(), busy = coalesce($3, busy), capacity = coalesce($4, capacity)"
          + " WHERE owner_id = $1 AND lease_expires_at > now() RETURNING lease_expires_at";

  private static final String LIVE_RUNNERS =
      "SELECT owner_id, node_name, max_threads, busy, capacity, task_types, version, started_at,"
          + " renewed_at, lease_expires_at FROM ordo_lock_owner"
          // $1 kind (runner)
          + " WHERE kind = $1 AND lease_expires_at > now() ORDER BY node_name, started_at";

  private static final String RESIGN =
      // $1 owner id
      "DELETE FROM ordo_lock_owner WHERE owner_id = $1";

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
    return insert(client, ownerId, nodeName, kind, capacity, lease, null);
  }

  /**
   * Registers a new owner with a fresh lease and its status, which gives its capacity (null: it
   * reports none and takes no tasks); answers when the lease expires.
   */
  public Future<Instant> register(
      SqlClient client,
      UUID ownerId,
      String nodeName,
      String kind,
      Duration lease,
      OwnerStatus status) {
    return insert(
        client, ownerId, nodeName, kind, status == null ? 0 : status.capacity(), lease, status);
  }

  private Future<Instant> insert(
      SqlClient client,
      UUID ownerId,
      String nodeName,
      String kind,
      int capacity,
      Duration lease,
      OwnerStatus status) {
    Tuple values = Tuple.of(ownerId, nodeName, kind, capacity, lease.toMillis());
    if (status == null) {
      values.addValue(null).addValue(null).addValue(null).addValue(null);
    } else {
      values
          .addInteger(status.maxThreads())
          .addInteger(status.busy())
          .addValue(new JsonArray(status.taskTypes()))
          .addString(status.version());
    }
    return client
        .preparedQuery(REGISTER)
        .execute(values)
        .map(rows -> instant(rows.iterator().next().getOffsetDateTime(0)));
  }

  /**
   * Renews a lease; empty if it had already expired (the owner lost its locks and must register
   * anew).
   */
  public Future<Optional<Instant>> renew(SqlClient client, UUID ownerId, Duration lease) {
    return renew(client, ownerId, lease, null);
  }

  /**
   * Renews a lease and records how many tasks the owner has now and how many it takes ({@code
   * status}, null for none), in the same statement; empty if the lease had already expired.
   */
  public Future<Optional<Instant>> renew(
      SqlClient client, UUID ownerId, Duration lease, OwnerStatus status) {
    Integer busy = status == null ? null : status.busy();
    Integer capacity = status == null ? null : status.capacity();
    return client
        .preparedQuery(RENEW)
        .execute(Tuple.of(ownerId, lease.toMillis(), busy, capacity))
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

  /** The runners whose lease is live, by node name, as they last reported themselves. */
  public Future<List<LiveRunner>> liveRunners(SqlClient client) {
    return client
        .preparedQuery(LIVE_RUNNERS)
        .execute(Tuple.of(LockOwner.RUNNER))
        .map(LockOwnerStore::runners);
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

  private static List<LiveRunner> runners(Iterable<Row> rows) {
    List<LiveRunner> runners = new ArrayList<>();
    for (Row row : rows) {
      JsonArray types = (JsonArray) row.getJson("task_types");
      runners.add(
          new LiveRunner(
              row.getUUID("owner_id").toString(),
              row.getString("node_name"),
              row.getInteger("max_threads"),
              row.getInteger("busy"),
              row.getInteger("capacity"),
              types == null ? List.of() : types.stream().map(String::valueOf).toList(),
              row.getString("version"),
              instant(row.getOffsetDateTime("started_at")),
              instant(row.getOffsetDateTime("renewed_at")),
              instant(row.getOffsetDateTime("lease_expires_at"))));
    }
    return runners;
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
