package io.ordo.queue.schedule;

import static io.ordo.db.SqlTimes.utc;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of {@code ordo_schedule} and its history {@code ordo_schedule_event}. A due schedule is
 * locked with {@code FOR UPDATE SKIP LOCKED} in the transaction that fires it, so another queue
 * service passes it by; its update checks the version it read, and zero rows means a lost race.
 */
final class ScheduleStore {
  /** History entries kept per schedule (older ones are deleted as new ones come). */
  static final int KEPT_EVENTS = 100;

  private static final String RETURNING = " RETURNING " + ScheduleRow.COLUMNS;

  private static final String UPSERT =
      "INSERT INTO ordo_schedule (tenant, schedule_id, spec, next_fire_at, created_at, updated_at)"
          // $1 tenant, $2 schedule id, $3 spec, $4 first slot, $5 now
          + " VALUES ($1, $2, $3, $4, $5, $5)"
          + " ON CONFLICT (tenant, schedule_id) DO UPDATE SET spec = EXCLUDED.spec,"
          + " next_fire_at = EXCLUDED.next_fire_at, buffered_fire_at = NULL,"
          + " version = ordo_schedule.version + 1, updated_at = EXCLUDED.updated_at"
          + RETURNING
          + ", (xmax = 0) AS created";

  private static final String SELECT_ONE =
      "SELECT "
          + ScheduleRow.COLUMNS
          // $1 tenant, $2 schedule id
          + " FROM ordo_schedule WHERE tenant = $1 AND schedule_id = $2";

  private static final String LOCK_ONE = SELECT_ONE + " FOR UPDATE";

  private static final String SELECT_TENANT =
      "SELECT "
          + ScheduleRow.COLUMNS
          // $1 tenant
          + " FROM ordo_schedule WHERE tenant = $1 ORDER BY schedule_id";

  /**
   * The due schedules no other transaction holds, the earliest $2 of them, answered in the order
   * their firings must lock serial queue rows: those into serial queues first, by the queues' key
   * (tenant, queue id, in the database's own collation, as every other writer locks them), then the
   * others in due order. Fired in due order, two firings into serial queues could lock them against
   * the key order of a registration or report batch holding the same queues: a deadlock.
   */
  private static final String LOCK_DUE =
      "SELECT "
          + ScheduleRow.COLUMNS
          + " FROM (SELECT * FROM ordo_schedule"
          // $1 now, $2 the most schedules one transaction fires
          + "   WHERE NOT paused AND (next_fire_at <= $1 OR buffered_fire_at IS NOT NULL)"
          + "   ORDER BY next_fire_at LIMIT $2 FOR UPDATE SKIP LOCKED) d"
          + " ORDER BY (d.spec -> 'task' ->> 'queue') IS DISTINCT FROM 'serial', d.tenant,"
          + " d.spec -> 'task' ->> 'queueId', d.next_fire_at";

  private static final String ADVANCE =
      "UPDATE ordo_schedule SET next_fire_at = $4, buffered_fire_at = $5,"
          + " last_run_id = $6, last_run_kind = $7, version = version + 1"
          // $1 tenant, $2 schedule id, $3 the version read, $4 next slot, $5 buffered slot or
          // null, $6 last run id, $7 last run kind
          + " WHERE tenant = $1 AND schedule_id = $2 AND version = $3";

  private static final String SET_PAUSED =
      "UPDATE ordo_schedule SET paused = $3, next_fire_at = COALESCE($4, next_fire_at),"
          + " buffered_fire_at = NULL, version = version + 1, updated_at = $5"
          // $1 tenant, $2 schedule id, $3 paused, $4 the next slot on resumption (null: keep),
          // $5 now
          + " WHERE tenant = $1 AND schedule_id = $2"
          + RETURNING;

  private static final String DELETE =
      // $1 tenant, $2 schedule id (its history goes with it: ON DELETE CASCADE)
      "DELETE FROM ordo_schedule WHERE tenant = $1 AND schedule_id = $2";

  private static final String INSERT_EVENTS =
      "INSERT INTO ordo_schedule_event ("
          + ScheduleEvent.COLUMNS
          + ") SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[],"
          // $1 tenants, $2 schedule ids, $3 event types, $4 fire times, $5 recorded times,
          // $6 causes, $7 message ids, $8 execution ids, $9 skip reasons, $10 details
          + " $5::timestamptz[], $6::text[], $7::uuid[], $8::uuid[], $9::text[], $10::text[])"
          // a slot fired twice would break the one-fire-per-slot index: the row lock prevents it
          + " RETURNING event_id";

  private static final String TRIM_EVENTS =
      "DELETE FROM ordo_schedule_event WHERE tenant = $1 AND schedule_id = $2 AND event_id <"
          // $1 tenant, $2 schedule id, $3 how many to keep
          + " (SELECT min(event_id) FROM (SELECT event_id FROM ordo_schedule_event"
          + " WHERE tenant = $1 AND schedule_id = $2 ORDER BY event_id DESC LIMIT $3) kept)";

  private static final String RECENT_EVENTS =
      "SELECT "
          + ScheduleEvent.COLUMNS
          + " FROM (SELECT *, row_number() OVER (PARTITION BY schedule_id ORDER BY event_id DESC)"
          + "   AS newness FROM ordo_schedule_event"
          // $1 tenant, $2 the schedule ids
          + "   WHERE tenant = $1 AND schedule_id = ANY($2)) e"
          // $3 the most entries per schedule
          + " WHERE newness <= $3 ORDER BY schedule_id, event_id DESC";

  /** The stored row, and whether the upsert created it. */
  record Upserted(ScheduleRow row, boolean created) {}

  Future<Upserted> upsert(
      SqlClient client, String tenant, String id, JsonObject spec, Instant next, Instant now) {
    return client
        .preparedQuery(UPSERT)
        .execute(Tuple.of(tenant, id, spec, utc(next), utc(now)))
        .map(rows -> rows.iterator().next())
        .map(row -> new Upserted(ScheduleRow.of(row), row.getBoolean("created")));
  }

  Future<Optional<ScheduleRow>> find(SqlClient client, String tenant, String id) {
    return client.preparedQuery(SELECT_ONE).execute(Tuple.of(tenant, id)).map(ScheduleStore::one);
  }

  /** Locks a schedule for a fire (waits for another transaction holding it). */
  Future<Optional<ScheduleRow>> lock(SqlClient tx, String tenant, String id) {
    return tx.preparedQuery(LOCK_ONE).execute(Tuple.of(tenant, id)).map(ScheduleStore::one);
  }

  Future<List<ScheduleRow>> list(SqlClient client, String tenant) {
    return client.preparedQuery(SELECT_TENANT).execute(Tuple.of(tenant)).map(ScheduleStore::all);
  }

  /** Locks due schedules that no other transaction holds, in lock order (see LOCK_DUE). */
  Future<List<ScheduleRow>> lockDue(SqlClient tx, Instant now, int limit) {
    return tx.preparedQuery(LOCK_DUE).execute(Tuple.of(utc(now), limit)).map(ScheduleStore::all);
  }

  /** Stores a locked schedule's next state; false if its version moved (a lost race). */
  Future<Boolean> advance(SqlClient tx, ScheduleRow read, ScheduleRow next) {
    return tx.preparedQuery(ADVANCE)
        .execute(
            Tuple.of(
                read.tenant(),
                read.scheduleId(),
                read.version(),
                utc(next.nextFireAt()),
                utc(next.bufferedFireAt()),
                next.lastRunId(),
                next.lastRunKind()))
        .map(rows -> rows.rowCount() == 1);
  }

  /**
   * Pauses or resumes.
   *
   * @param next the next slot when resuming (slots passed while paused do not fire); null to keep
   */
  Future<Optional<ScheduleRow>> setPaused(
      SqlClient client, String tenant, String id, boolean paused, Instant next, Instant now) {
    return client
        .preparedQuery(SET_PAUSED)
        .execute(Tuple.of(tenant, id, paused, utc(next), utc(now)))
        .map(ScheduleStore::one);
  }

  Future<Boolean> delete(SqlClient client, String tenant, String id) {
    return client
        .preparedQuery(DELETE)
        .execute(Tuple.of(tenant, id))
        .map(rows -> rows.rowCount() == 1);
  }

  /** Appends history entries of one schedule, then keeps its newest {@link #KEPT_EVENTS}. */
  Future<Void> record(SqlClient tx, List<ScheduleEvent> events) {
    if (events.isEmpty()) {
      return Future.succeededFuture();
    }
    Tuple columns =
        Tuple.tuple()
            .addValue(events.stream().map(ScheduleEvent::tenant).toArray(String[]::new))
            .addValue(events.stream().map(ScheduleEvent::scheduleId).toArray(String[]::new))
            .addValue(events.stream().map(ScheduleEvent::eventType).toArray(String[]::new))
            .addValue(
                events.stream()
                    .map(e -> utc(e.fireTime()))
                    .toArray(java.time.OffsetDateTime[]::new))
            .addValue(
                events.stream()
                    .map(e -> utc(e.recordedAt()))
                    .toArray(java.time.OffsetDateTime[]::new))
            .addValue(events.stream().map(ScheduleEvent::cause).toArray(String[]::new))
            .addValue(events.stream().map(ScheduleEvent::messageId).toArray(UUID[]::new))
            .addValue(events.stream().map(ScheduleEvent::executionId).toArray(UUID[]::new))
            .addValue(events.stream().map(ScheduleEvent::reason).toArray(String[]::new))
            .addValue(events.stream().map(ScheduleEvent::detail).toArray(String[]::new));
    ScheduleEvent first = events.get(0);
    return tx.preparedQuery(INSERT_EVENTS)
        .execute(columns)
        .compose(
            v ->
                tx.preparedQuery(TRIM_EVENTS)
                    .execute(Tuple.of(first.tenant(), first.scheduleId(), KEPT_EVENTS)))
        .mapEmpty();
  }

  /** The newest history entries of each schedule, newest first, by schedule id (one statement). */
  Future<Map<String, List<ScheduleEvent>>> recent(
      SqlClient client, String tenant, List<String> ids, int limit) {
    return client
        .preparedQuery(RECENT_EVENTS)
        .execute(Tuple.of(tenant, ids.toArray(String[]::new), limit))
        .map(
            rows -> {
              Map<String, List<ScheduleEvent>> events = new HashMap<>();
              rows.forEach(
                  row -> {
                    ScheduleEvent event = ScheduleEvent.of(row);
                    events.computeIfAbsent(event.scheduleId(), id -> new ArrayList<>()).add(event);
                  });
              return events;
            });
  }

  private static Optional<ScheduleRow> one(RowSet<Row> rows) {
    return rows.size() == 0
        ? Optional.empty()
        : Optional.of(ScheduleRow.of(rows.iterator().next()));
  }

  private static List<ScheduleRow> all(RowSet<Row> rows) {
    List<ScheduleRow> result = new ArrayList<>();
    rows.forEach(row -> result.add(ScheduleRow.of(row)));
    return result;
  }
}
