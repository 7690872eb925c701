package io.ordo.queue.statemachine;

import static io.ordo.db.SqlTimes.instant;
import static io.ordo.db.SqlTimes.utc;

import io.ordo.InstanceLockedException;
import io.ordo.queue.store.ExecutionKey;
import io.ordo.queue.store.ListCursor;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of {@code ordo_execution}. Advancing an execution takes its instance lock (SPEC 6) with
 * one conditional UPDATE that bumps the fencing version; the advance is saved only under that
 * version, which also gives the lock back.
 */
final class ExecutionStore {
  private static final Instant END_OF_TIME = Instant.parse("9999-12-31T00:00:00Z");

  private static final String COLUMNS =
      "tenant, execution_id, state_machine, name, definition, revision, status, input, output,"
          + " error, cause, start_date, stop_date, decider_state, last_event_id, timeout_at,"
          + " lock_version";

  private static final String INSERT =
      "INSERT INTO ordo_execution (tenant, execution_id, state_machine, name, definition,"
          + " revision, status, input, output, error, cause, start_date, stop_date, decider_state,"
          + " last_event_id, timeout_at, wake_at)"
          // $1 tenant, $2 execution id, $3 state machine, $4 execution name, $5 definition,
          // $6 its revision, $7 status, $8 input, $9 output, $10 error, $11 cause,
          // $12 start date, $13 stop date, $14 decider state, $15 last event id,
          // $16 timeout deadline, $17 earliest timer
          + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
          + " ON CONFLICT (tenant, state_machine, name) DO NOTHING";

  private static final String SELECT =
      // $1 tenant, $2 execution id
      "SELECT " + COLUMNS + " FROM ordo_execution WHERE tenant = $1 AND execution_id = $2";

  private static final String SELECT_BY_NAME =
      "SELECT "
          + COLUMNS
          + " FROM ordo_execution"
          // $1 tenant, $2 state machine, $3 execution name
          + " WHERE tenant = $1 AND state_machine = $2 AND name = $3";

  private static final String LIST =
      "SELECT execution_id, name, revision, status, start_date, stop_date FROM ordo_execution"
          // $1 tenant, $2 state machine, $3 the most to answer
          + " WHERE tenant = $1 AND state_machine = $2"
          + " ORDER BY start_date DESC, execution_id LIMIT $3";

  /** Every state machine's executions, newest first, a page at a time (index of V13). */
  private static final String LIST_ALL =
      "SELECT execution_id, state_machine, name, revision, status, start_date, stop_date"
          + " FROM ordo_execution"
          // $1 tenant, $2 statuses (null: all), $3 state machine (null: all)
          + " WHERE tenant = $1 AND ($2::text[] IS NULL OR status = ANY($2))"
          + " AND ($3::text IS NULL OR state_machine = $3)"
          // $4 since, $5 until: started or stopped in [since, until)
          + " AND ((start_date >= $4 AND start_date < $5) OR (stop_date >= $4 AND stop_date < $5))"
          // $6, $7 the cursor (start date, execution id) of the last one answered; $8 the most
          + " AND (start_date, execution_id) < ($6, $7)"
          + " ORDER BY start_date DESC, execution_id DESC LIMIT $8";

  private static final String LOCK =
      "UPDATE ordo_execution e SET lock_owner_id = $3, lock_version = e.lock_version + 1"
          // $1 tenant, $2 execution id, $3 the locking owner (a queue service's lease)
          + " WHERE e.tenant = $1 AND e.execution_id = $2"
          + " AND (e.lock_owner_id IS NULL OR e.lock_owner_id = $3"
          + " OR NOT EXISTS (SELECT 1 FROM ordo_lock_owner o"
          + "   WHERE o.owner_id = e.lock_owner_id AND o.lease_expires_at > now()))"
          + " RETURNING "
          + COLUMNS;

  private static final String HOLDER =
      "SELECT e.lock_owner_id, o.lease_expires_at FROM ordo_execution e"
          + " LEFT JOIN ordo_lock_owner o ON o.owner_id = e.lock_owner_id"
          // $1 tenant, $2 execution id
          + " WHERE e.tenant = $1 AND e.execution_id = $2";

  private static final String SAVE =
      "UPDATE ordo_execution SET status = $5, output = $6, error = $7, cause = $8,"
          + " stop_date = $9, decider_state = $10, last_event_id = $11, wake_at = $12,"
          + " lock_owner_id = NULL"
          // $1 tenant, $2 execution id, $3 lock owner, $4 lock version (fencing), $5 status,
          // $6 output, $7 error, $8 cause, $9 stop date, $10 decider state, $11 last event id,
          // $12 earliest timer
          + " WHERE tenant = $1 AND execution_id = $2 AND lock_owner_id = $3 AND lock_version = $4";

  private static final String UNLOCK =
      "UPDATE ordo_execution SET lock_owner_id = NULL"
          // $1 tenant, $2 execution id, $3 lock owner, $4 lock version
          + " WHERE tenant = $1 AND execution_id = $2 AND lock_owner_id = $3 AND lock_version = $4";

  private static final String DUE =
      "SELECT tenant, execution_id, wake_at FROM ordo_execution"
          // $1 until when, $2 the most to answer
          + " WHERE wake_at <= $1 ORDER BY wake_at LIMIT $2";

  /** What an advance saves. */
  record Update(
      ExecutionStatus status,
      Object output,
      String error,
      String cause,
      Instant stopDate,
      JsonObject deciderState,
      long lastEventId,
      Instant wakeAt) {}

  /** Inserts a new execution; false if its name is already taken in its state machine. */
  Future<Boolean> insert(SqlClient tx, ExecutionRow row, Instant wakeAt) {
    return tx.preparedQuery(INSERT)
        .execute(
            Tuple.from(
                new Object[] {
                  row.tenant(),
                  UUID.fromString(row.executionId()),
                  row.stateMachine(),
                  row.name(),
                  row.definition(),
                  row.revision(),
                  row.status().name(),
                  row.input(),
                  row.output(),
                  row.error(),
                  row.cause(),
                  utc(row.startDate()),
                  utc(row.stopDate()),
                  row.deciderState(),
                  row.lastEventId(),
                  utc(row.timeoutAt()),
                  utc(wakeAt)
                }))
        .map(rows -> rows.rowCount() == 1);
  }

  Future<Optional<ExecutionRow>> find(SqlClient client, String tenant, String executionId) {
    return client
        .preparedQuery(SELECT)
        .execute(Tuple.of(tenant, UUID.fromString(executionId)))
        .map(ExecutionStore::first);
  }

  Future<Optional<ExecutionRow>> findByName(
      SqlClient client, String tenant, String stateMachine, String name) {
    return client
        .preparedQuery(SELECT_BY_NAME)
        .execute(Tuple.of(tenant, stateMachine, name))
        .map(ExecutionStore::first);
  }

  /** A state machine's executions, newest first, without their input and output. */
  Future<JsonArray> list(SqlClient client, String tenant, String stateMachine, int limit) {
    return client
        .preparedQuery(LIST)
        .execute(Tuple.of(tenant, stateMachine, limit))
        .map(
            rows -> {
              JsonArray list = new JsonArray();
              for (Row row : rows) {
                list.add(summary(row, stateMachine));
              }
              return list;
            });
  }

  /**
   * Up to {@code limit} executions of every state machine of the tenant, newest first.
   *
   * @param statuses the statuses to include; null: all
   * @param stateMachine only this machine's; null: all
   * @param after the start date and id of the last execution of the previous page; null: none
   */
  Future<List<JsonObject>> listAll(
      SqlClient client,
      String tenant,
      String[] statuses,
      String stateMachine,
      Instant since,
      Instant until,
      ListCursor after,
      int limit) {
    return client
        .preparedQuery(LIST_ALL)
        .execute(
            Tuple.of(tenant, statuses, stateMachine)
                .addOffsetDateTime(
                    utc(since == null ? Instant.parse("0001-01-01T00:00:00Z") : since))
                .addOffsetDateTime(utc(until == null ? END_OF_TIME : until))
                .addOffsetDateTime(utc(after == null ? END_OF_TIME : after.time()))
                .addUUID(
                    UUID.fromString(
                        after == null ? "ffffffff-ffff-ffff-ffff-ffffffffffff" : after.id()))
                .addInteger(limit))
        .map(
            rows -> {
              List<JsonObject> list = new ArrayList<>(rows.size());
              for (Row row : rows) {
                list.add(summary(row, row.getString("state_machine")));
              }
              return list;
            });
  }

  private static JsonObject summary(Row row, String stateMachine) {
    Instant stopDate = instant(row.getOffsetDateTime("stop_date"));
    return new JsonObject()
        .put("executionId", row.getUUID("execution_id").toString())
        .put("stateMachine", stateMachine)
        .put("name", row.getString("name"))
        .put("revision", row.getInteger("revision"))
        .put("status", row.getString("status"))
        .put("startDate", instant(row.getOffsetDateTime("start_date")).toString())
        .put("stopDate", stopDate == null ? null : stopDate.toString());
  }

  /**
   * Takes the execution's lock for {@code owner}: free, held by an owner whose lease expired, or
   * already this owner's.
   *
   * @return the execution as locked (its lock version is the fencing token), or empty if there is
   *     no such execution
   * @throws InstanceLockedException (as a failed future) if another live owner holds it
   */
  Future<Optional<ExecutionRow>> lock(SqlClient client, String tenant, String id, String owner) {
    UUID executionId = UUID.fromString(id);
    return client
        .preparedQuery(LOCK)
        .execute(Tuple.of(tenant, executionId, UUID.fromString(owner)))
        .compose(
            rows -> {
              if (rows.size() == 1) {
                return Future.succeededFuture(first(rows));
              }
              return client
                  .preparedQuery(HOLDER)
                  .execute(Tuple.of(tenant, executionId))
                  .compose(
                      holders -> {
                        if (holders.size() == 0) {
                          return Future.succeededFuture(Optional.empty());
                        }
                        Row holder = holders.iterator().next();
                        UUID holderId = holder.getUUID("lock_owner_id");
                        return Future.failedFuture(
                            new InstanceLockedException(
                                id,
                                holderId == null ? null : holderId.toString(),
                                instant(holder.getOffsetDateTime("lease_expires_at"))));
                      });
            });
  }

  /**
   * Saves an advance and gives the lock back, if the lock is still this owner's at this version.
   *
   * @return false if the lock was lost (another owner took it after this one's lease expired)
   */
  Future<Boolean> save(SqlClient tx, ExecutionRow locked, String owner, Update update) {
    return tx.preparedQuery(SAVE)
        .execute(
            Tuple.from(
                new Object[] {
                  locked.tenant(),
                  UUID.fromString(locked.executionId()),
                  UUID.fromString(owner),
                  locked.lockVersion(),
                  update.status().name(),
                  update.output(),
                  update.error(),
                  update.cause(),
                  utc(update.stopDate()),
                  update.deciderState(),
                  update.lastEventId(),
                  utc(update.wakeAt())
                }))
        .map(rows -> rows.rowCount() == 1);
  }

  /** Gives the lock back without changes (an advance that failed or had nothing to do). */
  Future<Void> unlock(SqlClient client, ExecutionRow locked, String owner) {
    return client
        .preparedQuery(UNLOCK)
        .execute(
            Tuple.of(
                locked.tenant(),
                UUID.fromString(locked.executionId()),
                UUID.fromString(owner),
                locked.lockVersion()))
        .mapEmpty();
  }

  /** Executions whose earliest timer has passed at {@code now}. */
  /** An execution's next timer. */
  record Timer(ExecutionKey key, Instant at) {}

  /** The executions whose next timer is at {@code until} or before, earliest first. */
  Future<List<Timer>> due(SqlClient client, Instant until, int limit) {
    return client
        .preparedQuery(DUE)
        .execute(Tuple.of(utc(until), limit))
        .map(
            rows -> {
              List<Timer> due = new ArrayList<>();
              for (Row row : rows) {
                due.add(
                    new Timer(
                        new ExecutionKey(
                            row.getString("tenant"), row.getUUID("execution_id").toString()),
                        row.getOffsetDateTime("wake_at").toInstant()));
              }
              return due;
            });
  }

  private static Optional<ExecutionRow> first(RowSet<Row> rows) {
    if (rows.size() == 0) {
      return Optional.empty();
    }
    Row row = rows.iterator().next();
    return Optional.of(
        new ExecutionRow(
            row.getString("tenant"),
            row.getUUID("execution_id").toString(),
            row.getString("state_machine"),
            row.getString("name"),
            (JsonObject) row.getValue("definition"),
            row.getInteger("revision"),
            ExecutionStatus.valueOf(row.getString("status")),
            json(row.getValue("input")),
            json(row.getValue("output")),
            row.getString("error"),
            row.getString("cause"),
            instant(row.getOffsetDateTime("start_date")),
            instant(row.getOffsetDateTime("stop_date")),
            (JsonObject) row.getValue("decider_state"),
            row.getLong("last_event_id"),
            instant(row.getOffsetDateTime("timeout_at")),
            row.getLong("lock_version")));
  }

  private static Object json(Object value) {
    return value == Tuple.JSON_NULL ? null : value;
  }
}
