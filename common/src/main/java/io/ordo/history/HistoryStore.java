package io.ordo.history;

import static io.ordo.db.SqlTimes.instant;
import static io.ordo.db.SqlTimes.utc;

import io.ordo.db.BatchJoin;
import io.ordo.model.TaskInfo;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The SQL of the history tables ({@code ordo_history_execution}, {@code ordo_history_event}).
 * Writes take the caller's transaction, so that an event is stored exactly when its state change
 * is.
 */
public final class HistoryStore {

  private static final String INSERT_EXECUTION =
      "INSERT INTO ordo_history_execution"
          + " (tenant, execution_id, kind, open, started_at, last_event_id, summary)"
          // $1 tenant, $2 execution id, $3 start time, $4 last event id so far, $5 summary (the
          // execution's description); a task's header is written at its close (CLOSE_TASKS)
          + " VALUES ($1, $2, 'execution', true, $3, $4, $5)";

  /** A batch of events in one statement, one array per column. */
  private static final String INSERT_EVENTS =
      "INSERT INTO ordo_history_event"
          + " (tenant, execution_id, event_id, event_type, event_time, attributes)"
          + " SELECT tenant, execution_id, event_id, event_type, event_time, attributes::jsonb"
          // $1 tenants, $2 execution ids, $3 event ids, $4 types, $5 times, $6 attributes (text)
          + " FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::text[], $5::timestamptz[],"
          + "   $6::text[]) AS e(tenant, execution_id, event_id, event_type, event_time, attributes)";

  /** A batch of execution closings in one statement, one array per column. */
  private static final String CLOSE_EXECUTIONS =
      "UPDATE ordo_history_execution h SET open = false, closed_at = c.closed_at,"
          + " last_event_id = c.last_event_id, summary = c.summary::jsonb"
          // $1 tenants, $2 execution ids, $3 close times, $4 last event ids, $5 summaries (text)
          + " FROM unnest($1::text[], $2::uuid[], $3::timestamptz[], $4::bigint[], $5::text[])"
          + "   AS c(tenant, execution_id, closed_at, last_event_id, summary)"
          + " WHERE"
          + BatchJoin.byKey("h", "c", "tenant", "execution_id");

  /**
   * A batch of task closings in one statement: a task history's header is written once, when it
   * closes (while it is open, the task's row and its events are what it is). A header that an
   * earlier Ordo opened at registration is closed in place.
   */
  private static final String CLOSE_TASKS =
      "INSERT INTO ordo_history_execution"
          + " (tenant, execution_id, kind, open, started_at, closed_at, last_event_id, summary)"
          + " SELECT tenant, execution_id, 'task', false, started_at, closed_at, last_event_id,"
          + "   summary::jsonb"
          // $1-$5 as for executions, $6 the tasks' received times
          + " FROM unnest($1::text[], $2::uuid[], $3::timestamptz[], $4::bigint[], $5::text[],"
          + "   $6::timestamptz[])"
          + "   AS c(tenant, execution_id, closed_at, last_event_id, summary, started_at)"
          + " ON CONFLICT (tenant, execution_id) DO UPDATE SET open = false,"
          + " closed_at = excluded.closed_at, last_event_id = excluded.last_event_id,"
          + " summary = excluded.summary";

  /**
   * A history's header; for an open task, which has none yet, one made from its events: opened at
   * its first event ({@code TaskScheduled}, at its received time), its last event so far.
   */
  private static final String SELECT_EXECUTION =
      "SELECT kind, open, started_at, closed_at, last_event_id, summary"
          + " FROM ordo_history_execution"
          // $1 tenant, $2 execution id
          + " WHERE tenant = $1 AND execution_id = $2"
          + " UNION ALL"
          + " SELECT 'task', true, e.event_time, NULL, (SELECT max(m.event_id)"
          + "   FROM ordo_history_event m WHERE m.tenant = $1 AND m.execution_id = $2),"
          + "   '{}'::jsonb FROM ordo_history_event e"
          + " WHERE e.tenant = $1 AND e.execution_id = $2 AND e.event_id = 1"
          + " AND NOT EXISTS (SELECT 1 FROM ordo_history_execution h"
          + "   WHERE h.tenant = $1 AND h.execution_id = $2)";

  /** A closed task's summary with its {@code TaskScheduled} event's attributes (TaskSummaries). */
  private static final String SELECT_CLOSED_TASK =
      "SELECT h.started_at, h.summary, e.attributes AS scheduled FROM ordo_history_execution h"
          + " LEFT JOIN ordo_history_event e ON e.tenant = h.tenant"
          + "   AND e.execution_id = h.execution_id AND e.event_id = 1"
          // $1 tenant, $2 execution id
          + " WHERE h.tenant = $1 AND h.execution_id = $2 AND h.kind = 'task' AND NOT h.open";

  private static final String SELECT_EVENTS_FORWARD =
      "SELECT event_id, event_type, event_time, attributes FROM ordo_history_event"
          // $1 tenant, $2 execution id, $3 events after this id, $4 page size
          + " WHERE tenant = $1 AND execution_id = $2 AND event_id > $3"
          + " ORDER BY event_id LIMIT $4";

  private static final String SELECT_EVENTS_REVERSE =
      "SELECT event_id, event_type, event_time, attributes FROM ordo_history_event"
          // $1 tenant, $2 execution id, $3 events before this id, $4 page size
          + " WHERE tenant = $1 AND execution_id = $2 AND event_id < $3"
          + " ORDER BY event_id DESC LIMIT $4";

  /**
   * One event appended after a history's last, numbered under the header's row lock (so that
   * concurrent appends to a closed history take successive ids); no row if the history is gone.
   */
  private static final String APPEND_AFTER_LAST =
      "WITH h AS (UPDATE ordo_history_execution SET last_event_id = last_event_id + 1"
          // $1 tenant, $2 execution id
          + "   WHERE tenant = $1 AND execution_id = $2"
          + "   RETURNING tenant, execution_id, last_event_id)"
          + " INSERT INTO ordo_history_event"
          + " (tenant, execution_id, event_id, event_type, event_time, attributes)"
          // $3 type, $4 time, $5 attributes
          + " SELECT tenant, execution_id, last_event_id, $3, $4, $5 FROM h RETURNING event_id";

  /**
   * Purges closed histories past their tenant's retention (events go with their header, in the same
   * statement). Open executions are never touched.
   */
  private static final String PURGE =
      "WITH purged AS (DELETE FROM ordo_history_execution h USING ("
          + "   SELECT e.tenant, e.execution_id FROM ordo_history_execution e"
          + "   LEFT JOIN unnest($2::text[], $3::int[]) AS r(tenant, days) ON r.tenant = e.tenant"
          // $1 now, $2 tenants with their own retention, $3 their days, $4 the default days,
          // $5 the most to purge in one statement
          + "   WHERE NOT e.open"
          + "   AND e.closed_at <= $1::timestamptz - make_interval(days => coalesce(r.days, $4))"
          + "   LIMIT $5 FOR UPDATE OF e SKIP LOCKED) due"
          + " WHERE h.tenant = due.tenant AND h.execution_id = due.execution_id"
          + " RETURNING h.tenant, h.execution_id, h.last_event_id),"
          // the events go with their header, in the same statement (no foreign-key cascade)
          + " events AS (DELETE FROM ordo_history_event ev USING purged p"
          + "   WHERE ev.tenant = p.tenant AND ev.execution_id = p.execution_id)"
          + " SELECT last_event_id FROM purged";

  /** What one purge removed. */
  public record Purged(int histories, long events) {}

  /** A state-machine execution's history to open: its header. */
  public record Opening(String tenant, String executionId, Instant startedAt, JsonObject summary) {}

  /** A history to close: its last event and the summary of how it ended. */
  public record Closing(
      String tenant, String executionId, Instant closedAt, long lastEventId, JsonObject summary) {}

  /**
   * A task's history to close: its header is written now (while the task ran, its row and its
   * events were its history), started at the task's received time.
   */
  public record TaskClosing(Closing closing, Instant receivedAt) {}

  /** A history header as stored. */
  public record Header(
      String kind,
      boolean open,
      Instant startedAt,
      Instant closedAt,
      long lastEventId,
      JsonObject summary) {}

  /**
   * Opens executions' histories (headers only; their first events come through {@link #append}).
   */
  public Future<Void> open(SqlClient tx, List<Opening> openings, List<Long> lastEventIds) {
    if (openings.isEmpty()) {
      return Future.succeededFuture();
    }
    List<Tuple> rows = new ArrayList<>(openings.size());
    for (int i = 0; i < openings.size(); i++) {
      Opening o = openings.get(i);
      rows.add(
          Tuple.of(
              o.tenant(),
              UUID.fromString(o.executionId()),
              utc(o.startedAt()),
              lastEventIds.get(i),
              o.summary()));
    }
    return tx.preparedQuery(INSERT_EXECUTION).executeBatch(rows).mapEmpty();
  }

  /** Appends events whose ids the caller allocated (from the instance's last event id). */
  public Future<Void> append(SqlClient tx, List<HistoryEvent> events) {
    if (events.isEmpty()) {
      return Future.succeededFuture();
    }
    int n = events.size();
    String[] tenants = new String[n];
    UUID[] executions = new UUID[n];
    Long[] ids = new Long[n];
    String[] types = new String[n];
    OffsetDateTime[] times = new OffsetDateTime[n];
    String[] attributes = new String[n];
    for (int i = 0; i < n; i++) {
      HistoryEvent e = events.get(i);
      tenants[i] = e.tenant();
      executions[i] = UUID.fromString(e.executionId());
      ids[i] = e.eventId();
      types[i] = e.type().name();
      times[i] = utc(e.time());
      attributes[i] = e.attributes().encode();
    }
    return tx.preparedQuery(INSERT_EVENTS)
        .execute(Tuple.of(tenants, executions, ids, types, times, attributes))
        .mapEmpty();
  }

  /**
   * Closes state-machine executions' histories (their headers were written when they started): from
   * now on retention may purge them.
   */
  public Future<Void> closeExecutions(SqlClient tx, List<Closing> closings) {
    if (closings.isEmpty()) {
      return Future.succeededFuture();
    }
    return tx.preparedQuery(CLOSE_EXECUTIONS).execute(closingColumns(closings)).mapEmpty();
  }

  /** Closes tasks' histories, writing their headers: from now on retention may purge them. */
  public Future<Void> closeTasks(SqlClient tx, List<TaskClosing> closings) {
    if (closings.isEmpty()) {
      return Future.succeededFuture();
    }
    Tuple params = closingColumns(closings.stream().map(TaskClosing::closing).toList());
    params.addValue(closings.stream().map(c -> utc(c.receivedAt())).toArray(OffsetDateTime[]::new));
    return tx.preparedQuery(CLOSE_TASKS).execute(params).mapEmpty();
  }

  /** The closings' columns, one array each, in the order both closing statements take them. */
  private static Tuple closingColumns(List<Closing> closings) {
    int n = closings.size();
    String[] tenants = new String[n];
    UUID[] executions = new UUID[n];
    OffsetDateTime[] times = new OffsetDateTime[n];
    Long[] lastEventIds = new Long[n];
    String[] summaries = new String[n];
    for (int i = 0; i < n; i++) {
      Closing c = closings.get(i);
      tenants[i] = c.tenant();
      executions[i] = UUID.fromString(c.executionId());
      times[i] = utc(c.closedAt());
      lastEventIds[i] = c.lastEventId();
      summaries[i] = c.summary().encode();
    }
    return Tuple.of(tenants, executions, times, lastEventIds, summaries);
  }

  /**
   * Appends one event after the history's last one, open or closed (a closed task's {@code
   * TaskRerun}), numbering it itself.
   *
   * @return its event id; empty if the history does not exist (never did, or purged)
   */
  public Future<Optional<Long>> appendAfterLast(
      SqlClient tx,
      String tenant,
      String executionId,
      HistoryEventType type,
      Instant time,
      JsonObject attributes) {
    return tx.preparedQuery(APPEND_AFTER_LAST)
        .execute(Tuple.of(tenant, UUID.fromString(executionId), type.name(), utc(time), attributes))
        .map(
            rows ->
                rows.size() == 0
                    ? Optional.empty()
                    : Optional.of(rows.iterator().next().getLong(0)));
  }

  /** Purges up to {@code limit} closed histories whose retention passed at {@code now}. */
  public Future<Purged> purge(
      SqlClient client,
      Instant now,
      java.util.Map<String, Integer> retentionDays,
      int defaultDays,
      int limit) {
    String[] tenants = retentionDays.keySet().toArray(new String[0]);
    Integer[] days =
        java.util.Arrays.stream(tenants).map(retentionDays::get).toArray(Integer[]::new);
    return client
        .preparedQuery(PURGE)
        .execute(Tuple.of(utc(now), tenants, days, defaultDays, limit))
        .map(
            rows -> {
              long events = 0;
              for (Row row : rows) {
                events += row.getLong(0);
              }
              return new Purged(rows.rowCount(), events);
            });
  }

  public Future<Optional<Header>> header(SqlClient client, String tenant, String executionId) {
    return oneRow(client, SELECT_EXECUTION, tenant, executionId)
        .map(
            found ->
                found.map(
                    row ->
                        new Header(
                            row.getString("kind"),
                            row.getBoolean("open"),
                            instant(row.getOffsetDateTime("started_at")),
                            instant(row.getOffsetDateTime("closed_at")),
                            row.getLong("last_event_id"),
                            (JsonObject) row.getValue("summary"))));
  }

  /** A closed task history's task info ({@link TaskSummaries#info}); empty if none. */
  public Future<Optional<TaskInfo>> closedTask(
      SqlClient client, String tenant, String executionId) {
    return oneRow(client, SELECT_CLOSED_TASK, tenant, executionId)
        .map(
            found ->
                found.map(
                    row ->
                        TaskSummaries.info(
                            (JsonObject) row.getValue("summary"),
                            (JsonObject) row.getValue("scheduled"),
                            executionId,
                            instant(row.getOffsetDateTime("started_at")))));
  }

  /** The first row a statement on ($1 tenant, $2 execution id) answers, if any. */
  private static Future<Optional<Row>> oneRow(
      SqlClient client, String sql, String tenant, String executionId) {
    return client
        .preparedQuery(sql)
        .execute(Tuple.of(tenant, UUID.fromString(executionId)))
        .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next()));
  }

  /**
   * A page of events.
   *
   * @param fromEventId exclusive bound: events after it (forward) or before it (reverse)
   */
  public Future<List<HistoryEvent>> page(
      SqlClient client,
      String tenant,
      String executionId,
      boolean reverse,
      long fromEventId,
      int pageSize) {
    return client
        .preparedQuery(reverse ? SELECT_EVENTS_REVERSE : SELECT_EVENTS_FORWARD)
        .execute(Tuple.of(tenant, UUID.fromString(executionId), fromEventId, pageSize))
        .map(
            rows -> {
              List<HistoryEvent> events = new ArrayList<>(rows.size());
              for (Row row : rows) {
                events.add(
                    new HistoryEvent(
                        tenant,
                        executionId,
                        row.getLong("event_id"),
                        HistoryEventType.valueOf(row.getString("event_type")),
                        instant(row.getOffsetDateTime("event_time")),
                        (JsonObject) row.getValue("attributes")));
              }
              return events;
            });
  }
}
