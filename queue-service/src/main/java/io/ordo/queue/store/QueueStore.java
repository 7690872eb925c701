package io.ordo.queue.store;

import static io.ordo.db.SqlTimes.utc;

import io.ordo.db.BatchJoin;
import io.ordo.model.QueueKind;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The SQL of {@code im_async_queue_info}: the tenants' parallel and serial queues. */
public final class QueueStore {
  /** The parallel queue's id in the table (serial queue ids are never empty). */
  public static final String PARALLEL_QUEUE_ID = "";

  private static final String COLUMNS =
      "tenant, queue_kind, queue_id, active, stopped_by_message_id";

  private static final String ENSURE_PARALLEL =
      "INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active, created_at)"
          // $1 tenant, $2 creation time
          + " VALUES ($1, 'P', '', true, $2) ON CONFLICT DO NOTHING";

  private static final String INSERT_SERIAL =
      "INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active, created_at)"
          // $1 tenant, $2 queue id, $3 initial state, $4 creation time
          + " VALUES ($1, 'S', $2, $3, $4) ON CONFLICT DO NOTHING RETURNING "
          + COLUMNS;

  private static final String SELECT_ONE =
      "SELECT "
          + COLUMNS
          + " FROM im_async_queue_info"
          // $1 tenant, $2 kind, $3 queue id
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3";

  private static final String SELECT_SERIAL =
      "SELECT "
          + COLUMNS
          + " FROM im_async_queue_info"
          // $1 tenant
          + " WHERE tenant = $1 AND queue_kind = 'S' ORDER BY queue_id";

  private static final String SET_ACTIVE =
      "UPDATE im_async_queue_info SET active = $4, stopped_by_message_id = NULL"
          // $1 tenant, $2 kind, $3 queue id, $4 new state
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3 RETURNING "
          + COLUMNS;

  private static final String DEACTIVATE_BY =
      "UPDATE im_async_queue_info SET active = false, stopped_by_message_id = $4"
          // $1 tenant, $2 kind, $3 queue id, $4 the message whose outcome stops the queue
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3";

  private static final String LOCK_SERIAL =
      "SELECT "
          + COLUMNS
          + " FROM im_async_queue_info"
          // $1 tenant, $2 queue id
          + " WHERE tenant = $1 AND queue_kind = 'S' AND queue_id = $2 FOR UPDATE";

  /**
   * Locks serial queues' rows in key order, as {@link #RESERVE_TAIL} does. A transaction that ends
   * or returns messages of several serial queues takes these locks first. The triggers that keep
   * each queue's runnable head lock the rows of one statement's queues in key order (V22), but a
   * message going back to waiting locks its queue's row alone (a row trigger), and a transaction of
   * several statements locks each statement's queues in turn: a registration locking two of the
   * same queues in key order could wait on it while it waits on the registration, a deadlock
   * PostgreSQL breaks only after {@code deadlock_timeout} (1 s).
   */
  private static final String LOCK_SERIAL_BATCH =
      "WITH wanted AS MATERIALIZED (SELECT DISTINCT * FROM unnest($1::text[], $2::bpchar[],"
          + "   $3::text[]) AS w(tenant, queue_kind, queue_id))"
          + " SELECT q.queue_id FROM wanted w JOIN im_async_queue_info q ON"
          + BatchJoin.byKey("q", "w", "tenant", "queue_kind", "queue_id")
          // key order, stated on the batch's columns (see RESERVE_TAIL)
          + " ORDER BY w.tenant, w.queue_kind, w.queue_id FOR UPDATE OF q";

  private static final String DELETE_SERIAL =
      // $1 tenant, $2 queue id
      "DELETE FROM im_async_queue_info WHERE tenant = $1 AND queue_kind = 'S' AND queue_id = $2";

  /**
   * Reserves the tail of each serial queue of a registration batch: each is locked, in key order
   * (so that concurrent batches never deadlock), and {@code count} positions are reserved at its
   * tail: position order is commit order and received times never go backwards in it. (A parallel
   * queue needs no reservation: its messages are selected by received time and take their positions
   * from a sequence as they are inserted, so a tenant's registrations do not wait for each other.)
   * Queues that do not exist are missing from the answer.
   */
  private static final String RESERVE_TAIL =
      // the kinds as the column's type (character(1)): compared as text, the kind could not be an
      // index condition, and each batch row walked every queue of its tenant by the primary key
      "WITH wanted AS MATERIALIZED (SELECT * FROM unnest($1::text[], $2::bpchar[], $3::text[],"
          + "   $4::int[]) AS w(tenant, queue_kind, queue_id, count)),"
          // The kind is tested on the batch's rows, not on the queue table's (a constant kind
          // there would let a plan made on empty tables walk every serial queue by the primary
          // key; BatchJoinPlanTest)
          + " serial_wanted AS MATERIALIZED (SELECT * FROM wanted WHERE queue_kind = 'S'),"
          + " locked AS (SELECT q.tenant, q.queue_kind, q.queue_id, w.count"
          + "   FROM serial_wanted w JOIN im_async_queue_info q ON"
          + BatchJoin.byKey("q", "w", "tenant", "queue_kind", "queue_id")
          // key order, stated on the batch's columns: on the table's, the order its primary key
          // gives would make a walk of every queue a plan worth keeping
          + "   ORDER BY w.tenant, w.queue_kind, w.queue_id FOR UPDATE OF q),"
          + " serial AS (UPDATE im_async_queue_info q SET last_position = q.last_position + l.count,"
          // $5: now; received times never go backwards within a serial queue
          + "   last_received_at = greatest(q.last_received_at, $5)"
          + "   FROM locked l WHERE"
          + BatchJoin.byKey("q", "l", "tenant", "queue_kind", "queue_id")
          + "   RETURNING q.tenant, q.queue_kind, q.queue_id, q.last_position,"
          + "   q.last_received_at)"
          + " SELECT * FROM serial";

  private static final String RESERVE_HEAD =
      "UPDATE im_async_queue_info SET head_position = head_position - $4"
          // $1 tenant, $2 kind, $3 queue id, $4 how many positions
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3 RETURNING head_position";

  /** Positions reserved at a queue's tail for a batch. */
  public record TailReservation(
      String tenant, QueueKind kind, String queueId, Long lastPosition, Instant receivedAt) {}

  /** A serial queue's key. */
  public record SerialKey(String tenant, String queueId) {}

  /** The key of a queue, and how many new messages a batch puts into it. */
  public record TailRequest(String tenant, QueueKind kind, String queueId, int count) {}

  /** Creates the tenant's parallel queue (active) if it does not exist yet. */
  public Future<Void> ensureParallelQueue(SqlClient client, String tenant, Instant now) {
    return client.preparedQuery(ENSURE_PARALLEL).execute(Tuple.of(tenant, utc(now))).mapEmpty();
  }

  /** Adds a serial queue; empty if one with this id exists (which is left untouched). */
  public Future<Optional<QueueRow>> addSerial(
      SqlClient client, String tenant, String queueId, boolean active, Instant now) {
    return client
        .preparedQuery(INSERT_SERIAL)
        .execute(Tuple.of(tenant, queueId, active, utc(now)))
        .map(QueueStore::first);
  }

  public Future<Optional<QueueRow>> find(
      SqlClient client, String tenant, QueueKind kind, String queueId) {
    return client
        .preparedQuery(SELECT_ONE)
        .execute(Tuple.of(tenant, kind.dbCode(), queueId))
        .map(QueueStore::first);
  }

  public Future<List<QueueRow>> serialQueues(SqlClient client, String tenant) {
    return client
        .preparedQuery(SELECT_SERIAL)
        .execute(Tuple.of(tenant))
        .map(
            rows -> {
              List<QueueRow> queues = new ArrayList<>(rows.size());
              rows.forEach(row -> queues.add(toQueue(row)));
              return queues;
            });
  }

  /** Sets a queue's state; empty if there is no such queue. */
  public Future<Optional<QueueRow>> setActive(
      SqlClient client, String tenant, QueueKind kind, String queueId, boolean active) {
    return client
        .preparedQuery(SET_ACTIVE)
        .execute(Tuple.of(tenant, kind.dbCode(), queueId, active))
        .map(QueueStore::first);
  }

  /**
   * Deactivates a queue because of a message's outcome (stopProgressOnError, release with stop).
   */
  public Future<Void> deactivateBy(
      SqlClient tx, String tenant, QueueKind kind, String queueId, String messageId) {
    return tx.preparedQuery(DEACTIVATE_BY)
        .execute(
            Tuple.of(
                tenant,
                kind.dbCode(),
                queueId,
                messageId == null ? null : UUID.fromString(messageId)))
        .mapEmpty();
  }

  /** Locks a serial queue's row for the rest of the transaction; empty if there is none. */
  public Future<Optional<QueueRow>> lockSerial(SqlClient tx, String tenant, String queueId) {
    return tx.preparedQuery(LOCK_SERIAL).execute(Tuple.of(tenant, queueId)).map(QueueStore::first);
  }

  /**
   * Locks the rows of these serial queues (tenant and queue id pairs, repeats allowed) in key
   * order; see {@link #LOCK_SERIAL_BATCH}. Queues that do not exist are skipped.
   */
  public Future<Void> lockSerial(SqlClient tx, List<SerialKey> queues) {
    if (queues.isEmpty()) {
      return Future.succeededFuture();
    }
    int n = queues.size();
    String[] tenants = new String[n];
    String[] kinds = new String[n];
    String[] queueIds = new String[n];
    for (int i = 0; i < n; i++) {
      tenants[i] = queues.get(i).tenant();
      kinds[i] = QueueKind.SERIAL.dbCode();
      queueIds[i] = queues.get(i).queueId();
    }
    return tx.preparedQuery(LOCK_SERIAL_BATCH)
        .execute(Tuple.of(tenants, kinds, queueIds))
        .mapEmpty();
  }

  public Future<Void> deleteSerial(SqlClient tx, String tenant, String queueId) {
    return tx.preparedQuery(DELETE_SERIAL).execute(Tuple.of(tenant, queueId)).mapEmpty();
  }

  /** Locks the batch's serial queues and reserves tail positions; see {@link #RESERVE_TAIL}. */
  public Future<List<TailReservation>> reserveTail(
      SqlClient tx, List<TailRequest> requests, Instant now) {
    int n = requests.size();
    String[] tenants = new String[n];
    String[] kinds = new String[n];
    String[] queueIds = new String[n];
    Integer[] counts = new Integer[n];
    for (int i = 0; i < n; i++) {
      TailRequest r = requests.get(i);
      tenants[i] = r.tenant();
      kinds[i] = r.kind().dbCode();
      queueIds[i] = r.queueId();
      counts[i] = r.count();
    }
    return tx.preparedQuery(RESERVE_TAIL)
        .execute(Tuple.of(tenants, kinds, queueIds, counts, utc(now)))
        .map(
            rows -> {
              List<TailReservation> reservations = new ArrayList<>(rows.size());
              for (Row row : rows) {
                reservations.add(
                    new TailReservation(
                        row.getString("tenant"),
                        QueueKind.fromDbCode(row.getString("queue_kind")),
                        row.getString("queue_id"),
                        row.getLong(3),
                        row.getOffsetDateTime("last_received_at").toInstant()));
              }
              return reservations;
            });
  }

  /**
   * Reserves {@code count} positions in front of each queue's head (re-entry, rejection), locking
   * the queues in key order. Answers, per request, the first of its positions (the others follow
   * it); requests for a queue that no longer exists get null.
   */
  public Future<List<Long>> reserveHead(SqlClient tx, List<TailRequest> requests) {
    List<TailRequest> sorted =
        requests.stream()
            .sorted(
                Comparator.comparing(TailRequest::tenant)
                    .thenComparing(TailRequest::kind)
                    .thenComparing(TailRequest::queueId))
            .toList();
    if (sorted.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    List<Tuple> tuples =
        sorted.stream()
            .map(r -> Tuple.of(r.tenant(), r.kind().dbCode(), r.queueId(), r.count()))
            .toList();
    return tx.preparedQuery(RESERVE_HEAD)
        .executeBatch(tuples)
        .map(
            first -> {
              Map<TailRequest, Long> positions = new HashMap<>();
              int i = 0;
              for (var rows = first; rows != null; rows = rows.next(), i++) {
                var iterator = rows.iterator();
                positions.put(
                    sorted.get(i), iterator.hasNext() ? iterator.next().getLong(0) : null);
              }
              return requests.stream().map(positions::get).toList();
            });
  }

  private static Optional<QueueRow> first(Iterable<Row> rows) {
    return Rows.first(rows, QueueStore::toQueue);
  }

  private static QueueRow toQueue(Row row) {
    UUID stoppedBy = row.getUUID("stopped_by_message_id");
    return new QueueRow(
        row.getString("tenant"),
        QueueKind.fromDbCode(row.getString("queue_kind")),
        row.getString("queue_id"),
        row.getBoolean("active"),
        stoppedBy == null ? null : stoppedBy.toString());
  }
}
