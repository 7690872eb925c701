package io.ordo.queue.store;

import static io.ordo.db.SqlTimes.instant;
import static io.ordo.db.SqlTimes.utc;

import io.ordo.db.BatchJoin;
import io.ordo.db.IndexedRows;
import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.vertx.core.Future;
import io.vertx.core.json.Json;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The SQL of {@code im_async_task_info}: registering, reading, removing, claiming and moving
 * messages through their lifecycle. Writes take the caller's transaction.
 */
public final class TaskStore {

  /**
   * Registers a batch of messages in one statement: the task rows (WAITING, the history starting
   * with {@code TaskScheduled} as event 1), their contexts and their {@code TaskScheduled} events,
   * one array per column, and answers whether any of them went into an active queue. A task
   * history's header is written when it closes.
   */
  private static final String INSERT_SCHEDULED =
      // $3, the queue kinds, as the column's type (character(1)), so that the probe of the queue
      // table below finds each queue by its whole key (see QueueStore.RESERVE_TAIL)
      "WITH t AS (SELECT * FROM unnest($1::text[], $2::uuid[], $3::bpchar[], $4::text[],"
          + "   $5::bigint[], $6::text[], $7::text[], $8::text[], $9::bool[], $10::text[],"
          + "   $11::timestamptz[], $12::timestamptz[], $13::timestamptz[], $14::timestamptz[],"
          + "   $15::uuid[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[],"
          + "   $21::text[], $22::text[], $23::text[], $24::timestamptz[], $25::text[])"
          + "   AS t(tenant, message_id, queue_kind, queue_id, position, task_class_name, js_path,"
          + "   parameter, stop_progress_on_error, timeouts, sent_at, received_at,"
          + "   schedule_to_start_deadline, schedule_to_close_deadline, execution_id, principal,"
          + "   locale, time_zone, trace_id, traceparent, attributes, scheduled, role, not_before,"
          + "   retry)),"
          + " tasks AS (INSERT INTO im_async_task_info (tenant, message_id, queue_kind, queue_id,"
          + "   position, state, task_class_name, js_path, parameter, stop_progress_on_error,"
          + "   timeouts, sent_at, received_at, last_event_id, scheduled_event_id,"
          + "   schedule_to_start_deadline, schedule_to_close_deadline, execution_id, not_before,"
          + "   retry)"
          + "   SELECT tenant, message_id, queue_kind, queue_id,"
          + "   coalesce(position, nextval('im_async_task_parallel_position_seq')), 'WAITING',"
          + "   task_class_name, js_path, parameter::jsonb, stop_progress_on_error,"
          + "   timeouts::jsonb, sent_at, received_at, 1, 1, schedule_to_start_deadline,"
          + "   schedule_to_close_deadline, execution_id, not_before, retry::jsonb FROM t),"
          + " contexts AS (INSERT INTO im_async_context_info (tenant, message_id, principal,"
          + "   locale, time_zone, trace_id, traceparent, attributes, role)"
          + "   SELECT tenant, message_id, principal, locale, time_zone, trace_id, traceparent,"
          + "   attributes::jsonb, role FROM t),"
          // no history header: a task's is written once, when it closes (HistoryStore)
          + " events AS (INSERT INTO ordo_history_event"
          + "   (tenant, execution_id, event_id, event_type, event_time, attributes)"
          + "   SELECT tenant, message_id, 1, 'TaskScheduled', received_at, scheduled::jsonb"
          + "   FROM t)"
          // whether a message went into an active queue: the runners are told of new work
          + " SELECT EXISTS (SELECT 1 FROM (SELECT DISTINCT tenant, queue_kind, queue_id FROM t) b"
          + "   JOIN im_async_queue_info q ON"
          + BatchJoin.byKey("q", "b", "tenant", "queue_kind", "queue_id")
          + "   WHERE q.active) AS active_fed";

  private static final String SELECT_ONE =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + " FROM im_async_task_info"
          // $1 tenant, $2 message id
          + " WHERE tenant = $1 AND message_id = $2";

  private static final String SELECT_WAITING =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + " FROM im_async_task_info"
          // $1 tenant, $2 kind, $3 queue id, $4 limit
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3 AND waiting"
          + " ORDER BY position LIMIT $4";

  /**
   * The parallel queue's waiting messages in the order they are selected: received time (its
   * positions come from a sequence as concurrent registrations commit, so they can differ from it;
   * a re-entered message keeps its received time and comes first).
   */
  private static final String SELECT_PARALLEL_WAITING =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + " FROM im_async_task_info"
          // $1 tenant, $2 limit
          + " WHERE tenant = $1 AND queue_kind = 'P' AND waiting"
          + " ORDER BY received_at, position LIMIT $2";

  /** A page of a serial queue's waiting list after a cursor, in position order. */
  private static final String SELECT_WAITING_AFTER =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + ", position FROM im_async_task_info"
          // $1 tenant, $2 kind, $3 queue id, $4 the cursor's position (exclusive), $5 limit
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3 AND waiting"
          + " AND position > $4 ORDER BY position LIMIT $5";

  /** A page of the parallel queue's waiting list after a cursor, in its selection order. */
  private static final String SELECT_PARALLEL_WAITING_AFTER =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + ", position FROM im_async_task_info"
          // $1 tenant, $2 the cursor's received time, $3 its position (exclusive), $4 limit
          + " WHERE tenant = $1 AND queue_kind = 'P' AND waiting"
          + " AND (received_at, position) > ($2, $3) ORDER BY received_at, position LIMIT $4";

  private static final String SELECT_IN_PROGRESS =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + " FROM im_async_task_info"
          // $1 tenant, $2 kind, $3 queue id, $4 limit
          + " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3 AND NOT waiting"
          + " ORDER BY received_at LIMIT $4";

  /**
   * The first waiting messages of each serial queue: a walk of the waiting index per queue that
   * stops after $2, not a sort of every waiting serial message of the tenant. The walks are V24's
   * function, one call for the tenant, planned with index scans only: planned here on the
   * statistics of the moment, the lookup was once a bitmap of the whole tenant per queue (18.9 s
   * for 1,000 queues).
   */
  private static final String SELECT_SERIAL_WAITING =
      "SELECT "
          + TaskRows.infoColumns("t")
          // $1 tenant, $2 limit per queue
          + " FROM ordo_serial_first_waiting($1, $2) t ORDER BY t.queue_id, t.position";

  private static final String SELECT_SERIAL_IN_PROGRESS =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + " FROM im_async_task_info"
          // $1 tenant
          + " WHERE tenant = $1 AND queue_kind = 'S' AND NOT waiting";

  private static final String COUNT_BY_QUEUE =
      "SELECT queue_kind, queue_id, count(*) FILTER (WHERE waiting) AS waiting,"
          + " count(*) FILTER (WHERE NOT waiting) AS in_progress"
          + " FROM im_async_task_info"
          // $1 tenant
          + " WHERE tenant = $1 GROUP BY queue_kind, queue_id";

  /**
   * Every queue of every tenant with its counts, empty queues included (for the gauges). The
   * messages are counted first, in one pass, and then joined to the queues: joined queue by queue,
   * a plan made with stale statistics (a few rows) read every message of a tenant once per queue.
   * The count is a materialized CTE, computed once whatever the join: as a subquery (kept apart by
   * {@code OFFSET 0}) it could still be the inner side of a nested loop, run again for each queue,
   * and in the serial benchmark one refresh planned on statistics of one queue took 22 s (1,001
   * parallel scans of the task table, auto_explain).
   */
  private static final String COUNT_EVERY_QUEUE =
      "WITH c AS MATERIALIZED ("
          + "   SELECT tenant, queue_kind, queue_id, count(*) FILTER (WHERE waiting) AS waiting,"
          + "   count(*) FILTER (WHERE NOT waiting) AS in_progress"
          + "   FROM im_async_task_info GROUP BY tenant, queue_kind, queue_id)"
          + " SELECT q.tenant, q.queue_kind, q.queue_id, coalesce(c.waiting, 0) AS waiting,"
          + " coalesce(c.in_progress, 0) AS in_progress"
          + " FROM im_async_queue_info q LEFT JOIN c"
          + " ON c.tenant = q.tenant AND c.queue_kind = q.queue_kind AND c.queue_id = q.queue_id";

  // One queue's messages are read as two halves, waiting and not, each from its partial index
  // (im_async_task_waiting_idx, im_async_task_in_progress_idx); stated without the halves, the
  // lookup has no index but the primary key's tenant and reads every message of the tenant.
  private static final String ONE_QUEUE =
      " WHERE tenant = $1 AND queue_kind = $2 AND queue_id = $3";

  private static final String COUNT_ONE_QUEUE =
      "SELECT (SELECT count(*) FROM im_async_task_info"
          // $1 tenant, $2 kind, $3 queue id
          + ONE_QUEUE
          + " AND waiting) AS waiting, (SELECT count(*) FROM im_async_task_info"
          + ONE_QUEUE
          + " AND NOT waiting) AS in_progress";

  private static final String ANY_IN_QUEUE =
      "SELECT EXISTS (SELECT 1 FROM im_async_task_info"
          // $1 tenant, $2 kind, $3 queue id
          + ONE_QUEUE
          + " AND waiting) OR EXISTS (SELECT 1 FROM im_async_task_info"
          + ONE_QUEUE
          + " AND NOT waiting)";

  /**
   * A statement deleting messages (returning at least their tenant and id) that deletes their
   * contexts too: the context lives and dies with its message, in the same statement (no foreign
   * key trigger does it).
   */
  private static String withContexts(String deleteReturning) {
    return withContexts(deleteReturning, "");
  }

  /**
   * As {@link #withContexts(String)}, with more data-modifying steps over the deleted rows ({@code
   * more}: {@code , name AS (... FROM gone ...)} each).
   */
  private static String withContexts(String deleteReturning, String more) {
    return "WITH gone AS ("
        + deleteReturning
        + "), contexts AS (DELETE FROM im_async_context_info c USING gone g"
        + " WHERE"
        + sameMessage("c", "g")
        + ")"
        + more
        + " SELECT * FROM gone";
  }

  private static final String DELETE_WAITING =
      withContexts(
          "DELETE FROM im_async_task_info"
              // $1 tenant, $2 message id, $3 the queue kind the caller names ('P', 'S'); a message
              // a runner accepted but has not started (prefetched) can go too: its runner is told
              // (the hold it answers), and its start report finds it gone
              + " WHERE tenant = $1 AND message_id = $2 AND queue_kind = $3"
              + " AND state IN ('WAITING', 'READY')"
              + " RETURNING "
              + TaskRows.INFO_COLUMNS
              + ", last_event_id, lock_owner_id, lock_version");

  /** Waiting parallel messages without a time: the rows of the candidates index. */
  private static final String FREE_PARALLEL =
      " t.queue_kind = 'P' AND t.waiting AND t.not_before IS NULL";

  /** Waiting parallel messages with a time (a delay, a back-off): the rows of the timed index. */
  private static final String TIMED_PARALLEL =
      " t.queue_kind = 'P' AND t.waiting AND t.not_before IS NOT NULL";

  /**
   * The task types ({@link #taskTypeKey}: class names, '' for scripts) of tenant $1's waiting
   * parallel messages, those without a time and those with one: a loose scan of each of the claim's
   * walks' indexes (V27), one probe a type however many messages each has.
   */
  private static final String PARALLEL_WAITING_TYPES =
      "WITH RECURSIVE"
          + typesWith("free_types", FREE_PARALLEL)
          + ","
          + typesWith("timed_types", TIMED_PARALLEL)
          + " SELECT name FROM free_types WHERE name IS NOT NULL"
          + " UNION SELECT name FROM timed_types WHERE name IS NOT NULL";

  /**
   * The CTE {@code name(tenant)}: the tenants that have task rows {@code rows} (the predicate of a
   * partial index keyed by tenant first), found by a loose scan of that index.
   */
  private static String tenantsWith(String name, String rows) {
    return looseScan(name, "tenant", "t.tenant", rows);
  }

  /**
   * The CTE {@code name(name)}: the task types of tenant $1's task rows {@code rows} (the predicate
   * of a partial index keyed by tenant and task type first), found by a loose scan of that index.
   */
  private static String typesWith(String name, String rows) {
    return looseScan(name, "name", taskTypeKey("t"), " t.tenant = $1 AND" + rows);
  }

  /**
   * The CTE {@code name(column)}: the distinct values of {@code key} over the task rows {@code
   * rows} ({@code t}), found by a loose scan of an index that gives them in order: one probe a
   * value, for the next value after the last one found, however many rows each has.
   */
  private static String looseScan(String name, String column, String key, String rows) {
    return " "
        + name
        + "("
        + column
        + ") AS ("
        + "   (SELECT "
        + key
        + " FROM im_async_task_info t WHERE"
        + rows
        + "     ORDER BY "
        + key
        + " LIMIT 1)"
        + "   UNION ALL SELECT (SELECT "
        + key
        + " FROM im_async_task_info t WHERE"
        + rows
        + "     AND "
        + key
        + " > w."
        + column
        + " ORDER BY "
        + key
        + " LIMIT 1)"
        + "   FROM "
        + name
        + " w WHERE w."
        + column
        + " IS NOT NULL)";
  }

  /**
   * Of each tenant of the CTE {@code tenants} whose parallel queue is active, and of each task type
   * the claiming runner runs, the first $2 rows that meet {@code condition} in the order {@code
   * order} (walking an index keyed by tenant, task type ({@link #taskTypeKey}), then that order),
   * locked as they are read: rows another claimer holds are skipped and the next ones taken ({@code
   * ctid, received_at}). A walk per tenant, so that an inactive tenant's messages are never read;
   * and per task type, so that a backlog of a type this runner does not run (one that only other
   * runners have, or whose runners are gone) is never read either: one walk across types read every
   * such message older than the runnable ones on every claim (56,733 of them: 30-37 ms a claim
   * instead of about 1). Scripts are a type of their own: every runner runs them, since every node
   * sees the scripts directory. The caller takes the oldest of the walks' rows; the others it
   * locked are free again at commit.
   */
  private static String perActiveTenant(String tenants, String condition, String order) {
    return "   SELECT r.ctid, r.received_at FROM "
        + tenants
        + " w CROSS JOIN LATERAL unnest("
        // $3 the task class names the claiming runner knows, and '' for scripts
        + TASK_TYPE
        + ") AS n(name) CROSS JOIN LATERAL ("
        + "     SELECT t.ctid, t.received_at FROM im_async_task_info t"
        + "     WHERE t.tenant = w.tenant AND "
        + taskTypeKey("t")
        + " = n.name AND"
        + condition
        // $2 how many the owner can take
        + "     ORDER BY "
        + order
        + " LIMIT $2 FOR UPDATE OF t SKIP LOCKED) r"
        // not a tenant whose parallel queue is inactive (INACTIVE_TENANTS)
        + "   WHERE w.tenant IS NOT NULL"
        + "     AND w.tenant <> ALL ((SELECT tenants FROM inactive_tenants)::text[])"
        + "     AND EXISTS (SELECT 1 FROM owner)";
  }

  /**
   * The task type of row {@code alias} as the parallel walks' indexes key it (V27): its class name,
   * or '' for a script (an equality, so that the index gives each type's messages in order).
   */
  private static String taskTypeKey(String alias) {
    return "coalesce(" + alias + ".task_class_name, '')";
  }

  /**
   * The task types the claiming runner runs: its class names ($3) and scripts ('': every node sees
   * the scripts directory).
   */
  private static final String TASK_TYPE = "array_append($3::text[], '')";

  /**
   * The CTE {@code inactive_tenants(tenants)}: the tenants whose parallel queue is inactive, read
   * once a statement for both walks of the parallel queue (every tenant with messages has its queue
   * row; the inactive ones have their own partial index, V21).
   */
  private static final String INACTIVE_TENANTS =
      " inactive_tenants AS (SELECT ARRAY(SELECT q.tenant FROM im_async_queue_info q"
          + "   WHERE q.queue_kind = 'P' AND NOT q.active) AS tenants)";

  /** A candidate is older than the barrier. */
  private static final String BEFORE_BARRIER =
      " t.received_at < coalesce((SELECT received_at FROM barrier), 'infinity')";

  /**
   * Ends a subquery that looks rows up by the key of the row it is correlated with: the planner
   * keeps it apart ({@code OFFSET 0}), so it is always a probe per outer row, never a join the
   * statistics could turn around (the claim's plan is made once per connection).
   */
  private static final String PROBE = " OFFSET 0";

  /** The head of the serial queue {@code q} (tenant, queue_id): its first waiting message, as h. */
  private static final String SERIAL_HEAD_OF_Q =
      "   CROSS JOIN LATERAL (SELECT t.ctid, t.received_at, t.not_before, t.task_class_name,"
          + "     t.js_path FROM im_async_task_info t WHERE t.tenant = q.tenant"
          + "     AND t.queue_kind = 'S' AND t.queue_id = q.queue_id AND t.waiting"
          + "     ORDER BY t.position LIMIT 1) h";

  /**
   * Of each task type the claiming owner runs, the runnable serial heads whose hints (V17, V28)
   * meet {@code hints}, walked in the order {@code order} of an index keyed by type and that order
   * and re-checked against the task rows ({@code ctid, received_at, runnable_head_at}): the first
   * $4 + 1 (the heads the owner can take and the barrier behind them). A queue whose head is in
   * progress is passed with one probe of the in-progress index, before its head is looked up.
   */
  private static String runnableHeads(String hints, String order) {
    return "   SELECT w.ctid, w.received_at, w.runnable_head_at FROM unnest("
        + TASK_TYPE
        + ") AS n(name) CROSS JOIN LATERAL ("
        + "   SELECT h.ctid, h.received_at, q.runnable_head_at FROM im_async_queue_info q"
        + SERIAL_HEAD_OF_Q
        + "   WHERE q.runnable_head_type = n.name AND q.queue_kind = 'S' AND q.active"
        + "     AND q.runnable_head_at IS NOT NULL AND "
        + hints
        + "     AND EXISTS (SELECT 1 FROM owner) AND"
        + HEAD_RUNNABLE
        + "     AND NOT EXISTS (SELECT 1 FROM im_async_task_info r WHERE r.tenant = q.tenant"
        + "       AND r.queue_kind = 'S' AND r.queue_id = q.queue_id AND NOT r.waiting"
        + PROBE
        + ")"
        // $4 how many serial heads the owner can start at once (its free threads)
        + "   ORDER BY "
        + order
        + " LIMIT $4 + 1) w";
  }

  /**
   * A head h the claiming owner may run now. A head with a time (a delay, a retry's or a
   * rejection's back-off) holds its queue until then ($5 now, on the queue service's clock): strict
   * order is the point of a serial queue. The owner runs its task type ({@link #TASK_TYPE}).
   */
  private static final String HEAD_RUNNABLE =
      " (h.not_before IS NULL OR h.not_before <= $5)"
          + " AND "
          + taskTypeKey("h")
          + " = ANY("
          + TASK_TYPE
          + ")";

  /**
   * Claims and accepts up to $2 runnable messages for lock owner $1 in one statement (SPEC 3.4):
   * heads of active parallel queues and of active, idle serial queues (at most $4 of those: a
   * serial head goes only to a runner with a free thread), oldest received first, of the task types
   * the runner knows ($3; a serial head of another type waits for a runner that knows it). Rows
   * another claimer holds are skipped ({@code SKIP LOCKED}); a row whose state changed since it was
   * read is re-checked and dropped. Each claim bumps the lock version (the fencing token), moves
   * the message INITIAL → READY at once (claim and accept are one write: a runner takes only what
   * it will accept, and a rejection puts the message back) and writes its {@code TaskAccepted}
   * event. The owner must hold a live lease, or nothing is claimed. The unique index on serial
   * queues in progress makes a second task of one serial queue impossible even if this statement
   * were wrong. Answers each message with its registration context.
   */
  // package-private: its plan is checked by a test
  static final String CLAIM =
      // RECURSIVE for the tenants' loose scans (tenantsWith)
      "WITH RECURSIVE owner AS ("
          + "   SELECT owner_id, node_name FROM ordo_lock_owner"
          // $1 the claiming lock owner
          + "   WHERE owner_id = $1 AND lease_expires_at > now()),"
          + " serial_heads AS ("
          // the head of each active serial queue with nothing in progress (read, not locked:
          // a locked head must not let the message behind it through), oldest first: the first
          // $4 are claimed, the next one is a barrier for prefetching. The queues are walked in
          // the order of their runnable heads (V17: a hint the triggers keep, re-checked here),
          // per task type the owner runs, the heads without a time in received order and those
          // whose time has come in the order of their times (V28: the hint has its head's type
          // and not_before, so the heads of a type the owner does not run, and those whose time
          // has not come, are never read), and each walk stops once enough heads pass. A claimed
          // head's queue keeps its hint while its message is in progress (the end of the message
          // sets the next head's): the walk passes such a queue with one probe of the in-progress
          // index, before its head is looked up. Such queues are the farm's serial messages in
          // progress (running, their outcome on its way, or held by a runner gone until the
          // orphan sweep), and a claim that takes a queue's head writes nothing to the queue's row
          + "   SELECT s.ctid, s.received_at FROM ("
          + runnableHeads("q.runnable_head_not_before IS NULL", "q.runnable_head_at")
          + "   UNION ALL"
          // $5 now, on the queue service's clock
          + runnableHeads(
              "q.runnable_head_not_before IS NOT NULL AND q.runnable_head_not_before <= $5",
              "q.runnable_head_not_before")
          + "   ) s ORDER BY s.runnable_head_at LIMIT $4 + 1),"
          // The next head of each serial queue whose task ended on the owner and whose outcome
          // is on its way: not runnable until the outcome is applied, and not to be overtaken
          // meanwhile. $8 the oldest of those the owner knows (each claim of a serial head answers
          // the next head's received time, below); $6 tenants, $7 queue ids: the others, looked up
          + " settling AS (SELECT least(min(h.received_at), $8::timestamptz) AS received_at"
          + "   FROM unnest($6::text[], $7::text[]) AS q(tenant, queue_id)"
          + SERIAL_HEAD_OF_Q
          + "   WHERE"
          + HEAD_RUNNABLE
          + "     AND EXISTS (SELECT 1 FROM im_async_queue_info a WHERE a.tenant = q.tenant"
          + "       AND a.queue_kind = 'S' AND a.queue_id = q.queue_id AND a.active"
          + PROBE
          + ")),"
          // The oldest runnable serial head the owner cannot take, or a settling queue's head if
          // older: no message younger than it is taken, so that prefetching never lets a younger
          // message overtake it.
          + " barrier AS (SELECT least((SELECT received_at FROM serial_heads ORDER BY received_at"
          + "   OFFSET $4 LIMIT 1), (SELECT received_at FROM settling)) AS received_at),"
          // The waiting messages of active parallel queues are read by walks of two indexes, tenant
          // by tenant: messages without a time in received order (ready), and messages whose time
          // (a delay, a back-off) has come in the order of their times (due). Each walk stops after
          // $2; the oldest received of all are taken below (the extra rows locked are free again
          // at commit). One walk across tenants read every message of a paused queue that was
          // received (or due) before the runnable ones, on every claim.
          + INACTIVE_TENANTS
          + ","
          + tenantsWith("free_tenants", FREE_PARALLEL)
          + ","
          + tenantsWith("timed_tenants", TIMED_PARALLEL)
          + ", ready AS ("
          + perActiveTenant(
              "free_tenants", FREE_PARALLEL + " AND" + BEFORE_BARRIER, "t.received_at")
          + "), due AS ("
          + perActiveTenant(
              "timed_tenants",
              TIMED_PARALLEL
                  // $5 now, on the queue service's clock
                  + " AND t.not_before <= $5"
                  // the barrier as a filter, not an index condition: the only index this walk
                  // can use is the one of the times (a plan made on an empty table could
                  // otherwise read every waiting message through the waiting list's index,
                  // which has the received time too)
                  + " AND ("
                  + BEFORE_BARRIER
                  + ") IS TRUE",
              "t.not_before")
          + "),"
          + " parallel AS (SELECT * FROM ready UNION ALL SELECT * FROM due),"
          + " serial AS ("
          // the heads locked where they were read (no state condition here, so no partial index
          // is chosen whatever the statistics say); a head that changed meanwhile is dropped below
          + "   SELECT t.ctid, t.received_at, t.waiting FROM im_async_task_info t"
          + "   WHERE t.ctid = ANY (ARRAY(SELECT ctid FROM serial_heads WHERE received_at"
          + "     < coalesce((SELECT received_at FROM settling), 'infinity')"
          + "     ORDER BY received_at LIMIT $4))"
          + "   FOR UPDATE OF t SKIP LOCKED),"
          + " picked AS ("
          + "   SELECT ctid, received_at FROM parallel UNION ALL"
          + "   SELECT ctid, received_at FROM serial WHERE waiting"
          + "   ORDER BY received_at LIMIT $2),"
          + " claimed AS ("
          + "   UPDATE im_async_task_info t SET state = 'READY', lock_owner_id = $1,"
          + "   lock_version = t.lock_version + 1, node = (SELECT node_name FROM owner),"
          // $5 the accept time on the queue service's clock
          + "   claimed_at = now(), accept_at = greatest($5, t.received_at),"
          + "   schedule_to_start_deadline = NULL, last_event_id = t.last_event_id + 1"
          // the rows this statement locked, where it locked them: a TID scan, whatever the
          // statistics (a row another transaction changed before it was locked is not visible
          // there to this statement's snapshot, and is left for the next claim)
          + "   WHERE t.ctid = ANY (ARRAY(SELECT ctid FROM picked))"
          + "   RETURNING t.tenant, t.message_id, t.queue_kind, t.queue_id, t.task_class_name,"
          + "   t.js_path, t.parameter, t.timeouts, t.attempt, t.lock_version, t.received_at,"
          + "   t.node, t.accept_at, t.last_event_id, t.execution_id),"
          + " accepted AS ("
          + "   INSERT INTO ordo_history_event"
          + "   (tenant, execution_id, event_id, event_type, event_time, attributes)"
          + "   SELECT c.tenant, c.message_id, c.last_event_id, 'TaskAccepted', c.accept_at,"
          + "   jsonb_build_object('node', c.node, 'scheduledEventId', 1,"
          + "     'fencingToken', c.lock_version) FROM claimed c)"
          + " SELECT c.*, x.principal, x.locale, x.time_zone, x.trace_id, x.traceparent, x.role,"
          + "   x.attributes AS context_attributes, x.message_id IS NOT NULL AS has_context,"
          + "   n.next_head_received_at"
          + " FROM claimed c LEFT JOIN LATERAL (SELECT * FROM im_async_context_info x"
          + "   WHERE x.tenant = c.tenant AND x.message_id = c.message_id"
          + PROBE
          + ") x ON true"
          // a claimed serial head's next head, the first waiting message behind it (the head is
          // still waiting in this statement's snapshot): its received time while it is runnable
          // for the owner, so that the owner can name it while the head's outcome is on its way
          // without having it looked up ($8 above); one probe a serial head, none for the others
          + " LEFT JOIN LATERAL (SELECT CASE WHEN"
          + HEAD_RUNNABLE
          + "   THEN h.received_at END AS next_head_received_at FROM im_async_task_info h"
          + "   WHERE c.queue_kind = 'S' AND h.tenant = c.tenant AND h.queue_kind = 'S'"
          + "     AND h.queue_id = c.queue_id AND h.waiting AND h.message_id <> c.message_id"
          + "   ORDER BY h.position LIMIT 1) n ON true"
          // the runner lines prefetched messages up in this order
          + " ORDER BY c.received_at";

  /** What a retry decision reads of a message. */
  private static final String RETRYABLE_COLUMNS =
      "t.tenant, t.message_id, t.failures, t.retry, t.schedule_to_close_deadline,"
          + " t.start_to_close_deadline, t.heartbeat_deadline";

  /** The runner's reports, one array per column: the holds they name. */
  private static final String REPORTED =
      "unnest($1::text[], $2::uuid[], $3::uuid[], $4::bigint[], $5::timestamptz[])"
          + " AS i(tenant, message_id, owner_id, version, time)";

  /** A set-based statement over holds that takes no more columns than the holds' own. */
  private static final Function<List<Integer>, Object[]> NO_MORE_COLUMNS = sent -> new Object[0];

  /** Row {@code alias} of a table is batch row {@code batch}'s message (BatchJoin). */
  private static String sameMessage(String alias, String batch) {
    return BatchJoin.byKey(alias, batch, "tenant", "message_id");
  }

  /** Holds only while the owner's lease is live and the lock version is the one claimed. */
  private static final String HELD_BY_REPORT =
      sameMessage("t", "i")
          + " AND t.lock_owner_id = i.owner_id"
          + " AND t.lock_version = i.version"
          + " AND EXISTS (SELECT 1 FROM ordo_lock_owner o WHERE o.owner_id = i.owner_id"
          + "   AND o.lease_expires_at > now())";

  /**
   * A deadline: the time {@code from} plus the task's {@code timeout} in seconds (null when the
   * message has none).
   */
  private static String deadline(String timeout, String from) {
    return String.format(
        " CASE WHEN jsonb_typeof(t.timeouts -> '%1$s') = 'number'"
            + " THEN %2$s + (t.timeouts ->> '%1$s')::bigint * interval '1 second' END",
        timeout, from);
  }

  /**
   * The attributes of a {@code TaskStarted} event, from the row {@code t} of the task that starts
   * and its {@code attempt} (the new attempt number).
   */
  private static String startedAttributes(String attempt) {
    return "jsonb_build_object('node', t.node, 'scheduledEventId', 1,"
        + " 'fencingToken', t.lock_version, 'attempt', "
        + attempt
        + ") AS attributes";
  }

  /**
   * What a start writes besides the task row, over the started rows {@code rows} ({@code tenant,
   * message_id, last_event_id} = the event id, {@code start_at, attributes, execution_id}): their
   * {@code TaskStarted} events and, for a task a state-machine execution scheduled, the start in
   * the execution's inbox ({@code , started AS (...), inbox AS (...)}).
   */
  private static String startedWrites(String rows) {
    return ", started AS (INSERT INTO ordo_history_event"
        + " (tenant, execution_id, event_id, event_type, event_time, attributes)"
        + " SELECT tenant, message_id, last_event_id, 'TaskStarted', start_at, attributes FROM "
        + rows
        + "), inbox AS ("
        + ExecutionInboxStore.upsert(
            "SELECT tenant, execution_id, message_id,"
                + " attributes || jsonb_build_object('type', '"
                + ExecutionInboxStore.STARTED
                + "') FROM "
                + rows
                + " WHERE execution_id IS NOT NULL")
        + ")";
  }

  /**
   * READY → RUNNING for a batch of holds in one statement (attempt + 1, deadlines armed), with the
   * {@code TaskStarted} events and, for a task a state-machine execution scheduled, the start in
   * the execution's inbox. Safe to repeat: a report whose first delivery was applied but whose
   * answer was lost finds the message RUNNING under the same hold and is answered as applied,
   * without a second event ({@code fresh} false). Rows of lost holds are simply absent from the
   * answer.
   */
  private static final String START =
      "WITH target AS (SELECT t.tenant, t.message_id, t.state, i.time"
          + "   FROM im_async_task_info t JOIN "
          + REPORTED
          + "   ON"
          + HELD_BY_REPORT
          + "   WHERE t.state IN ('READY', 'RUNNING') ORDER BY t.message_id FOR UPDATE OF t),"
          + " moved AS (UPDATE im_async_task_info t SET state = 'RUNNING',"
          + "   start_at = greatest(g.time, t.accept_at), attempt = t.attempt + 1,"
          + "   last_event_id = t.last_event_id + 1, started_event_id = t.last_event_id + 1,"
          + "   start_to_close_deadline ="
          + deadline("startToClose", "g.time")
          + ",  heartbeat_deadline ="
          + deadline("heartbeat", "g.time")
          + "   FROM target g WHERE"
          + sameMessage("t", "g")
          + "   AND g.state = 'READY'"
          + "   RETURNING t.tenant, t.message_id, t.last_event_id, t.start_at, t.attempt,"
          + "   t.received_at, true AS fresh, t.execution_id, t.queue_kind, "
          + startedAttributes("t.attempt")
          + ")"
          + startedWrites("moved")
          + " SELECT tenant, message_id, last_event_id, start_at, attempt, received_at, fresh,"
          + " execution_id, queue_kind, attributes FROM moved UNION ALL"
          + " SELECT t.tenant, t.message_id, t.last_event_id, t.start_at, t.attempt, t.received_at,"
          + " false, t.execution_id, t.queue_kind, NULL FROM im_async_task_info t"
          + " JOIN target g ON"
          + sameMessage("t", "g")
          + " WHERE g.state = 'RUNNING'";

  /** Records a batch of heartbeats of held running messages in one statement. */
  private static final String HEARTBEAT =
      "UPDATE im_async_task_info t SET last_heartbeat_at = i.time,"
          + " heartbeat_details = i.details::jsonb, heartbeat_deadline ="
          + deadline("heartbeat", "i.time")
          // $1-$5 the holds and their heartbeat times, $6 their details (JSON text or null)
          + " FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::bigint[], $5::timestamptz[],"
          + "   $6::text[]) AS i(tenant, message_id, owner_id, version, time, details)"
          + " WHERE"
          + HELD_BY_REPORT
          + " AND t.state = 'RUNNING' RETURNING t.tenant, t.message_id";

  /** Deletes the held messages of a batch that are in one of the states $6, in one statement. */
  private static final String FINISH =
      withContexts(
          "DELETE FROM im_async_task_info t USING "
              + REPORTED
              + " WHERE"
              + HELD_BY_REPORT
              // $6 the states they may be in
              + " AND t.state = ANY($6) RETURNING "
              + TaskRows.infoColumns("t")
              + ", t.last_event_id, t.started_event_id");

  /**
   * READY → started and ended at once, for held messages whose start and successful outcome came in
   * one report batch: the row is deleted (with its contexts) without being written as RUNNING in
   * between, its {@code TaskStarted} event is written (and, for a task a state-machine execution
   * scheduled, the start in the execution's inbox), and it is answered as {@link #START} and {@link
   * #FINISH} would have answered it: the message as it was when it ended (RUNNING, its start time
   * and attempt), with the {@code TaskStarted} event id and attributes. A message that is not READY
   * under the hold (lost, or started already) is absent from the answer.
   */
  private static final String START_AND_FINISH =
      withContexts(
          "DELETE FROM im_async_task_info t USING "
              + REPORTED
              + " WHERE"
              + HELD_BY_REPORT
              + " AND t.state = 'READY' RETURNING "
              + TaskRows.infoColumns(
                  "t",
                  Map.of(
                      "state", "'RUNNING'",
                      "start_at", "greatest(i.time, t.accept_at)",
                      "attempt", "t.attempt + 1"))
              + ", t.last_event_id + 1 AS last_event_id, t.last_event_id + 1 AS started_event_id,"
              + " true AS fresh, "
              + startedAttributes("t.attempt + 1"),
          startedWrites("gone"));

  /**
   * Back to the head in WAITING, the hold given up. Answers the message as it now is, but the
   * started event id it had ({@code was}: the row as the statement found it), for the events that
   * refer to the run that ended.
   */
  private static final String REQUEUE =
      "UPDATE im_async_task_info t SET state = 'WAITING', position = i.position,"
          + " lock_owner_id = NULL, node = NULL, accept_at = NULL, start_at = NULL,"
          + " started_event_id = NULL, last_heartbeat_at = NULL, heartbeat_details = NULL,"
          + " start_to_close_deadline = NULL, heartbeat_deadline = NULL, claimed_at = NULL,"
          + " last_event_id = t.last_event_id + i.events,"
          + " rejections = t.rejections + CASE WHEN i.backoff THEN 1 ELSE 0 END,"
          + " not_before = CASE WHEN i.backoff"
          + "   THEN now() + least(60, power(2, t.rejections)) * interval '1 second' END"
          // $1-$5 the holds (REPORTED), $6 the states they may be in; per hold: $7 its new
          // position (at the head), $8 how many events the caller writes, $9 whether it was
          // rejected (not selected again for 1, 2, 4 … 60 s)
          + " FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::bigint[], $5::timestamptz[],"
          + "   $7::bigint[], $8::int[], $9::boolean[])"
          + "   AS i(tenant, message_id, owner_id, version, time, position, events, backoff),"
          + " im_async_task_info was"
          + " WHERE"
          + sameMessage("was", "i")
          + " AND"
          + HELD_BY_REPORT
          + " AND t.state = ANY($6) RETURNING "
          + TaskRows.infoColumns("t")
          + ", t.last_event_id, was.started_event_id";

  /**
   * Held messages of a batch of failure reports that have a retry policy, locked for the caller's
   * transaction, with what the retry decision needs.
   */
  private static final String LOCK_RETRYABLE_HELD =
      "SELECT "
          + RETRYABLE_COLUMNS
          + ", i.owner_id AS lock_owner_id, i.version AS lock_version"
          + " FROM im_async_task_info t JOIN "
          + REPORTED
          + " ON"
          + HELD_BY_REPORT
          // $6 the states they may be in
          + " WHERE t.state = ANY($6) AND t.retry IS NOT NULL ORDER BY t.message_id FOR UPDATE OF t";

  /** A message a timeout has fired for at {@code $1} (the timeout sweep's statements). */
  private static final String TIMED_OUT =
      "(schedule_to_start_deadline <= $1 OR schedule_to_close_deadline <= $1"
          + " OR (state = 'RUNNING'"
          + "   AND (start_to_close_deadline <= $1 OR heartbeat_deadline <= $1)))";

  /**
   * A message held by an owner whose lease expired (on the database's clock), or claimed but not
   * started within {@code $2} milliseconds (the claim's answer never reached the runner, or the
   * runner kept it waiting for a thread that long); the table is aliased {@code t}.
   */
  private static final String ORPHANED =
      "(NOT t.waiting AND ("
          + "   NOT EXISTS (SELECT 1 FROM ordo_lock_owner o WHERE o.owner_id = t.lock_owner_id"
          + "     AND o.lease_expires_at > now())"
          + "   OR (t.state = 'READY' AND t.claimed_at < now() - $2 * interval '1 millisecond')))";

  /**
   * Running messages with a retry policy whose run timed out (START_TO_CLOSE or HEARTBEAT) at $1,
   * locked for the caller's transaction (at most $2; rows another sweeper holds are skipped).
   */
  private static final String LOCK_RETRYABLE_TIMED_OUT =
      "SELECT "
          + RETRYABLE_COLUMNS
          + ", t.lock_owner_id, t.lock_version FROM im_async_task_info t"
          + " WHERE t.state = 'RUNNING' AND t.retry IS NOT NULL"
          // $1 now, $2 the most to take
          + " AND (t.start_to_close_deadline <= $1 OR t.heartbeat_deadline <= $1)"
          + " LIMIT $2 FOR UPDATE OF t SKIP LOCKED";

  /**
   * A failed run to be retried: back to WAITING at its own position (a serial queue's head stays
   * its head, and the queue waits for it), its received time kept, not selected before $3, with one
   * more failure, SCHEDULE_TO_START counting from $3 again, and one event id reserved (its {@code
   * TaskRetryScheduled}). Answers the message as it now is, but the started event id of the run
   * that failed.
   */
  private static final String RETRY =
      "UPDATE im_async_task_info t SET state = 'WAITING', lock_owner_id = NULL, node = NULL,"
          + " accept_at = NULL, start_at = NULL, started_event_id = NULL,"
          + " last_heartbeat_at = NULL, heartbeat_details = NULL, start_to_close_deadline = NULL,"
          + " heartbeat_deadline = NULL, claimed_at = NULL, last_event_id = t.last_event_id + 1,"
          + " failures = t.failures + 1, not_before = i.not_before, schedule_to_start_deadline ="
          + deadline("scheduleToStart", "i.not_before")
          // $1 tenants, $2 message ids (locked by this transaction), $3 the next attempts' times
          + " FROM unnest($1::text[], $2::uuid[], $3::timestamptz[])"
          + "   AS i(tenant, message_id, not_before), im_async_task_info was"
          + " WHERE"
          + sameMessage("t", "i")
          + " AND"
          + sameMessage("was", "i")
          + " AND t.state = 'RUNNING' RETURNING "
          + TaskRows.infoColumns("t")
          + ", t.last_event_id, was.started_event_id";

  /**
   * Messages past a timeout deadline (SPEC 4), taken out of the table; rows another sweeper holds
   * are skipped. SCHEDULE_TO_START's deadline is cleared when a runner accepts the message, so it
   * only ever fires for messages not yet accepted. A running message with a retry policy whose
   * run's deadline passed (and not its SCHEDULE_TO_CLOSE) is taken only if its policy was asked and
   * ends it ($3): one the policy was not asked about yet (more of them than one round takes) waits
   * for the next round's, instead of ending without its retries.
   */
  private static final String DELETE_TIMED_OUT =
      withContexts(
          "DELETE FROM im_async_task_info t USING (SELECT tenant, message_id"
              + "   FROM im_async_task_info"
              // $1 now, $2 the most to take
              + "   WHERE "
              + TIMED_OUT
              // $3 the messages whose retry policy ends them after this run
              + "   AND (retry IS NULL OR state <> 'RUNNING' OR schedule_to_close_deadline <= $1"
              + "     OR message_id = ANY($3::uuid[]))"
              + "   LIMIT $2 FOR UPDATE SKIP LOCKED) due"
              + " WHERE t.tenant = due.tenant AND t.message_id = due.message_id RETURNING "
              + TaskRows.infoColumns("t")
              + ", t.last_event_id, t.started_event_id, t.lock_owner_id, t.lock_version,"
              + " t.schedule_to_start_deadline, t.schedule_to_close_deadline,"
              + " t.start_to_close_deadline, t.heartbeat_deadline");

  /**
   * Messages held by owners whose lease expired (on the database's clock), or claimed but not
   * started within {@code $2} milliseconds: locked for the caller's transaction.
   */
  private static final String LOCK_ORPHANED =
      "SELECT "
          + TaskRows.INFO_COLUMNS
          + ", last_event_id, started_event_id, lock_owner_id, lease_expiries,"
          + " NOT EXISTS (SELECT 1 FROM ordo_lock_owner o WHERE o.owner_id = t.lock_owner_id"
          + "   AND o.lease_expires_at > now()) AS lease_expired"
          + " FROM im_async_task_info t WHERE "
          + ORPHANED
          // $1 the most to take
          + " LIMIT $1 FOR UPDATE OF t SKIP LOCKED";

  /**
   * The serial queues of messages the timeout sweep would take now (no row locked): it locks their
   * rows first, in key order, as registrations and report batches do, before the statements whose
   * head triggers would lock them one by one in the order they meet the messages.
   */
  private static final String SERIAL_QUEUES_TIMED_OUT =
      // the messages read are limited as the sweep's are: a flood of timed-out messages is not
      // read whole at every round
      "SELECT DISTINCT tenant, queue_id FROM (SELECT tenant, queue_id FROM im_async_task_info"
          // $1 now, $2 the most to take
          + "   WHERE queue_kind = 'S' AND "
          + TIMED_OUT
          + "   LIMIT $2) due";

  /** The serial queues of the orphans the orphan sweep would take now; as above. */
  private static final String SERIAL_QUEUES_ORPHANED =
      "SELECT DISTINCT tenant, queue_id FROM (SELECT t.tenant, t.queue_id FROM im_async_task_info t"
          // $1 the most to take, $2 the claim timeout in milliseconds
          + "   WHERE t.queue_kind = 'S' AND "
          + ORPHANED
          + "   LIMIT $1) orphaned";

  private static final String REQUEUE_LOCKED =
      "UPDATE im_async_task_info t SET state = 'WAITING', position = i.position,"
          + " lock_owner_id = NULL, node = NULL, accept_at = NULL, start_at = NULL,"
          + " started_event_id = NULL, last_heartbeat_at = NULL, heartbeat_details = NULL,"
          + " start_to_close_deadline = NULL, heartbeat_deadline = NULL, claimed_at = NULL,"
          + " lease_expiries = t.lease_expiries + i.lease_expiries,"
          + " last_event_id = t.last_event_id + i.events"
          // $1 tenants, $2 message ids (locked by this transaction), $3 head positions,
          // $4 lease expiries to add, $5 events the callers write
          + " FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::int[], $5::int[])"
          + "   AS i(tenant, message_id, position, lease_expiries, events)"
          + " WHERE"
          + sameMessage("t", "i")
          + " RETURNING t.tenant, t.message_id, t.last_event_id";

  private static final String DELETE_LOCKED =
      withContexts(
          "DELETE FROM im_async_task_info t"
              // $1 tenants, $2 message ids (locked by this transaction)
              + " USING unnest($1::text[], $2::uuid[]) AS i(tenant, message_id)"
              + " WHERE"
              + sameMessage("t", "i")
              + " RETURNING t.tenant, t.message_id");

  private static final String SELECT_HOLD =
      "SELECT queue_kind, state, lock_owner_id, lock_version FROM im_async_task_info"
          // $1 tenant, $2 message id
          + " WHERE tenant = $1 AND message_id = $2";

  private static final String IN_PROGRESS_BY_OWNER =
      // Farm-wide on purpose: runner capacity is shared by every tenant; only counts leave here.
      "SELECT lock_owner_id, count(*) AS tasks FROM im_async_task_info"
          + " WHERE NOT waiting AND lock_owner_id IS NOT NULL GROUP BY lock_owner_id";

  /** How many messages a queue holds. */
  public record Counts(int waiting, int inProgress) {
    public static final Counts NONE = new Counts(0, 0);
  }

  /** A message a timeout took out: how it looked, its event ids, its holder and deadlines. */
  public record TimedOut(
      String tenant,
      TaskInfo info,
      long lastEventId,
      Long startedEventId,
      String ownerId,
      long version,
      Instant scheduleToStart,
      Instant scheduleToClose,
      Instant startToClose,
      Instant heartbeat) {}

  /**
   * The serial queues of the messages timed out at {@code now}; see {@link
   * #SERIAL_QUEUES_TIMED_OUT}.
   */
  public Future<List<QueueStore.SerialKey>> serialQueuesTimedOut(
      SqlClient tx, Instant now, int limit) {
    return tx.preparedQuery(SERIAL_QUEUES_TIMED_OUT)
        .execute(Tuple.of(utc(now), limit))
        .map(TaskStore::serialKeys);
  }

  /** The serial queues of the orphans; see {@link #SERIAL_QUEUES_ORPHANED}. */
  public Future<List<QueueStore.SerialKey>> serialQueuesOrphaned(
      SqlClient tx, int limit, java.time.Duration claimTimeout) {
    return tx.preparedQuery(SERIAL_QUEUES_ORPHANED)
        .execute(Tuple.of(limit, claimTimeout.toMillis()))
        .map(TaskStore::serialKeys);
  }

  private static List<QueueStore.SerialKey> serialKeys(RowSet<Row> rows) {
    List<QueueStore.SerialKey> keys = new ArrayList<>(rows.size());
    rows.forEach(
        row ->
            keys.add(new QueueStore.SerialKey(row.getString("tenant"), row.getString("queue_id"))));
    return keys;
  }

  /**
   * Takes out up to {@code limit} messages whose timeout passed at {@code now}.
   *
   * @param retriesEnded the running messages with a retry policy whose timed-out run it does not
   *     retry (the others with a policy and a run timeout are not taken)
   */
  public Future<List<TimedOut>> deleteTimedOut(
      SqlClient tx, Instant now, int limit, Collection<String> retriesEnded) {
    return tx.preparedQuery(DELETE_TIMED_OUT)
        .execute(
            Tuple.of(
                utc(now), limit, retriesEnded.stream().map(UUID::fromString).toArray(UUID[]::new)))
        .map(
            rows -> {
              List<TimedOut> timedOut = new ArrayList<>(rows.size());
              for (Row row : IndexedRows.of(rows)) {
                timedOut.add(
                    new TimedOut(
                        row.getString("tenant"),
                        TaskRows.toInfo(row),
                        row.getLong("last_event_id"),
                        row.getLong("started_event_id"),
                        ownerOf(row),
                        row.getLong("lock_version"),
                        instant(row.getOffsetDateTime("schedule_to_start_deadline")),
                        instant(row.getOffsetDateTime("schedule_to_close_deadline")),
                        instant(row.getOffsetDateTime("start_to_close_deadline")),
                        instant(row.getOffsetDateTime("heartbeat_deadline"))));
              }
              return timedOut;
            });
  }

  /** A message whose holder is gone: how it looked, and why it is orphaned. */
  public record Orphan(
      String tenant,
      TaskInfo info,
      long lastEventId,
      Long startedEventId,
      String ownerId,
      int leaseExpiries,
      boolean leaseExpired) {}

  /**
   * Locks, for the caller's transaction, messages whose holder's lease expired or whose claim was
   * not started within {@code claimTimeout}.
   */
  public Future<List<Orphan>> lockOrphans(
      SqlClient tx, int limit, java.time.Duration claimTimeout) {
    return tx.preparedQuery(LOCK_ORPHANED)
        .execute(Tuple.of(limit, claimTimeout.toMillis()))
        .map(
            rows -> {
              List<Orphan> orphans = new ArrayList<>(rows.size());
              for (Row row : IndexedRows.of(rows)) {
                orphans.add(
                    new Orphan(
                        row.getString("tenant"),
                        TaskRows.toInfo(row),
                        row.getLong("last_event_id"),
                        row.getLong("started_event_id"),
                        ownerOf(row),
                        row.getInteger("lease_expiries"),
                        row.getBoolean("lease_expired")));
              }
              return orphans;
            });
  }

  /** A locked message going back to the head of its queue. */
  public record Requeue(
      String tenant, String messageId, long position, int leaseExpiries, int events) {}

  /** Puts messages this transaction locked back at the head; answers each new last event id. */
  public Future<List<Long>> requeueLocked(SqlClient tx, List<Requeue> requeues) {
    Tuple params =
        Tuple.of(
            requeues.stream().map(Requeue::tenant).toArray(String[]::new),
            requeues.stream().map(r -> UUID.fromString(r.messageId())).toArray(UUID[]::new),
            requeues.stream().map(Requeue::position).toArray(Long[]::new),
            requeues.stream().map(Requeue::leaseExpiries).toArray(Integer[]::new),
            requeues.stream().map(Requeue::events).toArray(Integer[]::new));
    return eachLocked(
        tx,
        REQUEUE_LOCKED,
        params,
        requeues.stream().map(r -> key(r.tenant(), r.messageId())).toList(),
        row -> row.getLong("last_event_id"));
  }

  /** Deletes messages this transaction locked ({@code {tenant, message id}} each). */
  public Future<Void> deleteLocked(SqlClient tx, List<String[]> tenantAndIds) {
    // two arrays: added one by one (Tuple.of would spread the second as its varargs)
    Tuple params =
        Tuple.tuple()
            .addValue(tenantAndIds.stream().map(k -> k[0]).toArray(String[]::new))
            .addValue(tenantAndIds.stream().map(k -> UUID.fromString(k[1])).toArray(UUID[]::new));
    return eachLocked(
            tx,
            DELETE_LOCKED,
            params,
            tenantAndIds.stream().map(k -> key(k[0], k[1])).toList(),
            row -> row)
        .mapEmpty();
  }

  /** Who holds a message now. */
  public record CurrentHold(QueueKind kind, String state, String ownerId, long version) {}

  /** Who holds a message now; empty if it is not in the task table. */
  public Future<Optional<CurrentHold>> currentHold(
      SqlClient client, String tenant, UUID messageId) {
    return client
        .preparedQuery(SELECT_HOLD)
        .execute(Tuple.of(tenant, messageId))
        .map(
            rows ->
                Rows.first(
                    rows,
                    row ->
                        new CurrentHold(
                            QueueKind.fromDbCode(row.getString("queue_kind")),
                            row.getString("state"),
                            ownerOf(row),
                            row.getLong("lock_version"))));
  }

  /**
   * A message a claim handed to a runner (and accepted for it), with the fencing version of that
   * hold, its {@code TaskAccepted} event and its registration context (null if it has none).
   */
  public record ClaimedRow(
      String tenant,
      String messageId,
      QueueKind kind,
      String queueId,
      String taskClassName,
      String jsPath,
      io.vertx.core.json.JsonObject parameter,
      io.vertx.core.json.JsonObject timeouts,
      int attempt,
      long version,
      String node,
      Instant acceptedAt,
      long acceptedEventId,
      String executionId,
      ContextRow context,
      Instant receivedAt,
      Instant nextHeadReceivedAt) {}

  /**
   * A removed message: its last state, the last event id of its history, and the hold a runner had
   * on it (null owner for a WAITING message).
   *
   * @param ownerId the lock owner that had accepted it, or null
   * @param version that hold's lock version
   */
  public record Removed(TaskInfo info, long lastEventId, String ownerId, long version) {}

  /** A message to register: its row, its registration context and its {@code TaskScheduled}. */
  public record Scheduling(
      NewTask task, ContextRow context, io.vertx.core.json.JsonObject scheduled) {}

  /**
   * Registers messages, their contexts and the start of their histories in one statement; answers
   * whether any of them went into an active queue.
   */
  public Future<Boolean> insertScheduled(SqlClient tx, List<Scheduling> batch) {
    if (batch.isEmpty()) {
      return Future.succeededFuture(false);
    }
    int n = batch.size();
    Object[][] columns = new Object[25][];
    columns[0] = new String[n];
    columns[1] = new UUID[n];
    for (int c : new int[] {2, 3, 5, 6, 7, 9, 15, 16, 17, 18, 19, 20, 21, 22, 24}) {
      columns[c] = new String[n];
    }
    columns[4] = new Long[n];
    columns[8] = new Boolean[n];
    for (int c : new int[] {10, 11, 12, 13, 23}) {
      columns[c] = new java.time.OffsetDateTime[n];
    }
    columns[14] = new UUID[n];
    for (int i = 0; i < n; i++) {
      Scheduling s = batch.get(i);
      NewTask t = s.task();
      ContextRow c = s.context();
      Object[] row = {
        t.tenant(),
        UUID.fromString(t.messageId()),
        t.kind().dbCode(),
        t.queueId(),
        t.position(),
        t.taskClassName(),
        t.jsPath(),
        t.parameter() == null ? null : t.parameter().encode(),
        t.stopProgressOnError(),
        t.timeouts().encode(),
        utc(t.sentAt()),
        utc(t.receivedAt()),
        utc(t.scheduleToStartDeadline()),
        utc(t.scheduleToCloseDeadline()),
        t.executionId() == null ? null : UUID.fromString(t.executionId()),
        c.principal(),
        c.locale(),
        c.timeZone(),
        c.traceId(),
        c.traceparent(),
        (c.attributes() == null ? new io.vertx.core.json.JsonObject() : c.attributes()).encode(),
        s.scheduled().encode(),
        c.role(),
        utc(t.notBefore()),
        t.retry() == null ? null : t.retry().encode()
      };
      for (int col = 0; col < row.length; col++) {
        columns[col][i] = row[col];
      }
    }
    return tx.preparedQuery(INSERT_SCHEDULED)
        .execute(Tuple.from(columns))
        .map(rows -> rows.iterator().next().getBoolean("active_fed"));
  }

  public Future<Optional<TaskInfo>> find(SqlClient client, String tenant, UUID messageId) {
    return client
        .preparedQuery(SELECT_ONE)
        .execute(Tuple.of(tenant, messageId))
        .map(rows -> infos(rows).stream().findFirst());
  }

  /** A queue's waiting messages in queue order (the parallel queue's: in received order). */
  public Future<List<TaskInfo>> waiting(
      SqlClient client, String tenant, QueueKind kind, String queueId, int limit) {
    if (kind == QueueKind.PARALLEL) {
      return client
          .preparedQuery(SELECT_PARALLEL_WAITING)
          .execute(Tuple.of(tenant, limit))
          .map(TaskStore::infos);
    }
    return client
        .preparedQuery(SELECT_WAITING)
        .execute(Tuple.of(tenant, kind.dbCode(), queueId, limit))
        .map(TaskStore::infos);
  }

  /**
   * Where a page of a waiting list ends: the next page starts after it (keyset paging, so that
   * messages leaving the head meanwhile shift nothing).
   *
   * @param receivedAt the last entry's received time (the parallel queue's order)
   * @param position the last entry's position
   */
  public record WaitingCursor(Instant receivedAt, long position) {
    /** Before the first entry. */
    public static final WaitingCursor START = new WaitingCursor(Instant.EPOCH, Long.MIN_VALUE);
  }

  /** A page of a waiting list, and for each entry the cursor a page after it starts from. */
  public record WaitingPage(List<TaskInfo> tasks, List<WaitingCursor> cursors) {}

  /** The waiting messages after {@code after}, in the order of {@link #waiting}. */
  public Future<WaitingPage> waitingAfter(
      SqlClient client,
      String tenant,
      QueueKind kind,
      String queueId,
      WaitingCursor after,
      int limit) {
    Future<RowSet<Row>> rows =
        kind == QueueKind.PARALLEL
            ? client
                .preparedQuery(SELECT_PARALLEL_WAITING_AFTER)
                .execute(Tuple.of(tenant, utc(after.receivedAt()), after.position(), limit))
            : client
                .preparedQuery(SELECT_WAITING_AFTER)
                .execute(Tuple.of(tenant, kind.dbCode(), queueId, after.position(), limit));
    return rows.map(
        page -> {
          List<WaitingCursor> cursors = new ArrayList<>(page.size());
          for (Row row : page) {
            cursors.add(
                new WaitingCursor(
                    instant(row.getOffsetDateTime("received_at")), row.getLong("position")));
          }
          return new WaitingPage(infos(page), cursors);
        });
  }

  /** A queue's messages in progress (INITIAL..RUNNING). */
  public Future<List<TaskInfo>> inProgress(
      SqlClient client, String tenant, QueueKind kind, String queueId, int limit) {
    return client
        .preparedQuery(SELECT_IN_PROGRESS)
        .execute(Tuple.of(tenant, kind.dbCode(), queueId, limit))
        .map(TaskStore::infos);
  }

  /** The first {@code limit} waiting messages of every serial queue of the tenant, by queue. */
  public Future<Map<String, List<TaskInfo>>> serialWaiting(
      SqlClient client, String tenant, int limit) {
    return client
        .preparedQuery(SELECT_SERIAL_WAITING)
        .execute(Tuple.of(tenant, limit))
        .map(TaskStore::byQueue);
  }

  /** The message in progress of every busy serial queue of the tenant, by queue. */
  public Future<Map<String, List<TaskInfo>>> serialInProgress(SqlClient client, String tenant) {
    return client
        .preparedQuery(SELECT_SERIAL_IN_PROGRESS)
        .execute(Tuple.of(tenant))
        .map(TaskStore::byQueue);
  }

  /**
   * The task types of the tenant's waiting parallel messages: their class names, and null for
   * scripts.
   */
  public Future<Set<String>> parallelWaitingTypes(SqlClient client, String tenant) {
    return client
        .preparedQuery(PARALLEL_WAITING_TYPES)
        .execute(Tuple.of(tenant))
        .map(
            rows -> {
              Set<String> types = new HashSet<>();
              for (Row row : rows) {
                String name = row.getString("name");
                types.add(name.isEmpty() ? null : name);
              }
              return types;
            });
  }

  /** A queue's counts, with the queue. */
  public record QueueCounts(String tenant, QueueKind kind, String queueId, Counts counts) {}

  /** Counts of every queue of every tenant, empty queues included. */
  public Future<List<QueueCounts>> countsOfEveryQueue(SqlClient client) {
    return client
        .preparedQuery(COUNT_EVERY_QUEUE)
        .execute()
        .map(
            rows -> {
              List<QueueCounts> counts = new ArrayList<>(rows.size());
              for (Row row : rows) {
                counts.add(
                    new QueueCounts(
                        row.getString("tenant"),
                        QueueKind.fromDbCode(row.getString("queue_kind")),
                        row.getString("queue_id"),
                        countsOf(row)));
              }
              return counts;
            });
  }

  /** Counts per queue of the tenant, keyed by {@link #queueKey}. */
  public Future<Map<String, Counts>> countsByQueue(SqlClient client, String tenant) {
    return client
        .preparedQuery(COUNT_BY_QUEUE)
        .execute(Tuple.of(tenant))
        .map(
            rows -> {
              Map<String, Counts> counts = new HashMap<>();
              for (Row row : rows) {
                counts.put(
                    queueKey(
                        QueueKind.fromDbCode(row.getString("queue_kind")),
                        row.getString("queue_id")),
                    countsOf(row));
              }
              return counts;
            });
  }

  public Future<Counts> counts(SqlClient client, String tenant, QueueKind kind, String queueId) {
    return client
        .preparedQuery(COUNT_ONE_QUEUE)
        .execute(Tuple.of(tenant, kind.dbCode(), queueId))
        .map(
            rows -> {
              Row row = rows.iterator().next();
              return countsOf(row);
            });
  }

  public Future<Boolean> anyInQueue(SqlClient tx, String tenant, QueueKind kind, String queueId) {
    return tx.preparedQuery(ANY_IN_QUEUE)
        .execute(Tuple.of(tenant, kind.dbCode(), queueId))
        .map(rows -> rows.iterator().next().getBoolean(0));
  }

  /**
   * Deletes a message of the given queue kind that has not started (WAITING, or READY on a runner
   * that has not started it); empty if there is none in those states.
   */
  public Future<Optional<Removed>> deleteUnstarted(
      SqlClient tx, String tenant, UUID messageId, QueueKind kind) {
    return tx.preparedQuery(DELETE_WAITING)
        .execute(Tuple.of(tenant, messageId, kind.dbCode()))
        .map(
            rows ->
                Rows.first(
                    rows,
                    row ->
                        new Removed(
                            TaskRows.toInfo(row),
                            row.getLong("last_event_id"),
                            ownerOf(row),
                            row.getLong("lock_version"))));
  }

  /**
   * Claims and accepts runnable messages for a lock owner, in one statement; see {@link #CLAIM}.
   * Meant for connections of the claim's profile ({@code PlanProfile.CLAIM}: planned once per
   * connection, no bitmap scans, bounded in time); the statement needs no transaction around it.
   *
   * @param capacity the most messages to take
   * @param serialCapacity the most serial-queue heads among them
   * @param settling serial queues whose outcome is on its way from this owner, with the next heads
   *     it knows: nothing received after their next heads is taken
   * @param acceptedAt the accept time (the queue service's clock)
   */
  public Future<List<ClaimedRow>> claim(
      SqlClient client,
      UUID ownerId,
      int capacity,
      int serialCapacity,
      List<String> taskTypes,
      Settling settling,
      Instant acceptedAt) {
    return client
        .preparedQuery(CLAIM)
        .execute(
            Tuple.of(
                ownerId,
                capacity,
                taskTypes.toArray(String[]::new),
                Math.min(serialCapacity, capacity),
                utc(acceptedAt),
                settling.unknown().stream().map(SerialQueue::tenant).toArray(String[]::new),
                settling.unknown().stream().map(SerialQueue::queueId).toArray(String[]::new),
                utc(settling.knownFrom())))
        .map(
            rows -> {
              List<ClaimedRow> claimed = new ArrayList<>(rows.size());
              for (Row row : IndexedRows.of(rows)) {
                UUID execution = row.getUUID("execution_id");
                claimed.add(
                    new ClaimedRow(
                        row.getString("tenant"),
                        row.getUUID("message_id").toString(),
                        QueueKind.fromDbCode(row.getString("queue_kind")),
                        row.getString("queue_id"),
                        row.getString("task_class_name"),
                        row.getString("js_path"),
                        (io.vertx.core.json.JsonObject) row.getValue("parameter"),
                        (io.vertx.core.json.JsonObject) row.getValue("timeouts"),
                        row.getInteger("attempt"),
                        row.getLong("lock_version"),
                        row.getString("node"),
                        instant(row.getOffsetDateTime("accept_at")),
                        row.getLong("last_event_id"),
                        execution == null ? null : execution.toString(),
                        row.getBoolean("has_context")
                            ? new ContextRow(
                                row.getString("principal"),
                                row.getString("locale"),
                                row.getString("time_zone"),
                                row.getString("trace_id"),
                                row.getString("traceparent"),
                                (io.vertx.core.json.JsonObject) row.getValue("context_attributes"),
                                row.getString("role"))
                            : null,
                        instant(row.getOffsetDateTime("received_at")),
                        instant(row.getOffsetDateTime("next_head_received_at"))));
              }
              return claimed;
            });
  }

  /** A serial queue of a tenant. */
  public record SerialQueue(String tenant, String queueId) {}

  /**
   * A claiming owner's serial queues whose outcome is on its way: their next heads are not to be
   * overtaken.
   *
   * @param knownFrom the oldest received time among the next heads the owner knows (from the claims
   *     of their queues' heads), or null
   * @param unknown the queues whose next heads the owner does not know: looked up by the claim
   */
  public record Settling(Instant knownFrom, List<SerialQueue> unknown) {
    /** No queue settling. */
    public static final Settling NONE = new Settling(null, List.of());
  }

  /** A lock holder's reference to a message: which one, and the hold it claims to have. */
  public record Hold(String tenant, String messageId, String ownerId, long version) {}

  /** A message that left the task table, or went back to waiting: how it looked, its event ids. */
  public record Moved(TaskInfo info, long lastEventId, Long startedEventId) {}

  /**
   * What a start wrote: the event id, the attempt, the transition's time, the message's received
   * time, whether this call made the change (false: a repeat), the state-machine execution that
   * scheduled the message (null: none), its queue kind, and the attributes of its {@code
   * TaskStarted} event (null for a repeat).
   */
  public record Stepped(
      long eventId,
      int attempt,
      Instant time,
      Instant receivedAt,
      boolean fresh,
      String executionId,
      QueueKind kind,
      io.vertx.core.json.JsonObject attributes) {
    static Stepped of(Row row) {
      UUID execution = row.getUUID("execution_id");
      return new Stepped(
          row.getLong("last_event_id"),
          row.getInteger("attempt"),
          row.getOffsetDateTime("start_at").toInstant(),
          row.getOffsetDateTime("received_at").toInstant(),
          row.getBoolean("fresh"),
          execution == null ? null : execution.toString(),
          QueueKind.fromDbCode(row.getString("queue_kind")),
          (io.vertx.core.json.JsonObject) row.getValue("attributes"));
    }
  }

  /**
   * READY → RUNNING (attempt + 1, deadlines armed) for a batch, with its events, in one statement
   * (on a pool: one round trip and one commit); per hold in the given order, empty where the hold
   * was lost (or named again in the same batch).
   */
  public Future<List<Optional<Stepped>>> start(
      SqlClient client, List<Hold> holds, List<Instant> times) {
    return byHold(client, START, holds, times, null, NO_MORE_COLUMNS, Stepped::of);
  }

  /**
   * Records heartbeats in one statement; per hold, whether it still held. Of two heartbeats of one
   * message in the batch, the later one is written, and both are answered alike.
   */
  public Future<List<Boolean>> heartbeat(
      SqlClient tx, List<Hold> holds, List<Object> details, List<Instant> times) {
    if (holds.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    Map<String, Integer> latest = new LinkedHashMap<>();
    for (int i = 0; i < holds.size(); i++) {
      latest.put(key(holds.get(i)), i);
    }
    List<Integer> sent = List.copyOf(latest.values());
    Tuple params = holdColumns(holds, times, sent);
    params.addValue(
        sent.stream()
            .map(i -> details.get(i) == null ? null : Json.encode(details.get(i)))
            .toArray(String[]::new));
    return tx.preparedQuery(HEARTBEAT)
        .execute(params)
        .map(
            rows -> {
              Set<String> held = new HashSet<>();
              rows.forEach(row -> held.add(rowKey(row)));
              List<Boolean> results = new ArrayList<>(holds.size());
              for (int i = 0; i < holds.size(); i++) {
                Hold h = holds.get(i);
                Hold written = holds.get(latest.get(key(h)));
                results.add(
                    held.contains(key(h))
                        && written.version() == h.version()
                        && written.ownerId().equals(h.ownerId()));
              }
              return results;
            });
  }

  private static String key(Hold hold) {
    return key(hold.tenant(), hold.messageId());
  }

  /** A message's key as {@link #rowKey} reads it from a row. */
  private static String key(String tenant, String messageId) {
    return tenant + "/" + messageId;
  }

  private static String rowKey(Row row) {
    return key(row.getString("tenant"), row.getUUID("message_id").toString());
  }

  /**
   * The columns of the holds at {@code indexes} as arrays, {@link #REPORTED}'s $1-$5: tenants,
   * message ids, owners, versions, times (null when {@code times} is).
   */
  private static Tuple holdColumns(List<Hold> holds, List<Instant> times, List<Integer> indexes) {
    int n = indexes.size();
    String[] tenants = new String[n];
    UUID[] messages = new UUID[n];
    UUID[] owners = new UUID[n];
    Long[] versions = new Long[n];
    java.time.OffsetDateTime[] at = new java.time.OffsetDateTime[n];
    for (int k = 0; k < n; k++) {
      Hold h = holds.get(indexes.get(k));
      tenants[k] = h.tenant();
      messages[k] = UUID.fromString(h.messageId());
      owners[k] = UUID.fromString(h.ownerId());
      versions[k] = h.version();
      at[k] = times == null ? null : utc(times.get(indexes.get(k)));
    }
    return Tuple.of(tenants, messages, owners, versions, at);
  }

  /**
   * Deletes held messages that are in one of {@code states}, in one statement; per hold in the
   * given order, empty where the hold was lost.
   */
  public Future<List<Optional<Moved>>> finish(SqlClient tx, List<Hold> holds, String[] states) {
    return byHold(tx, FINISH, holds, null, states, NO_MORE_COLUMNS, TaskStore::moved);
  }

  /** What {@link #startAndFinish} did to one message: its start, and its end. */
  public record StartedAndEnded(Stepped start, Moved end) {
    static StartedAndEnded of(Row row) {
      return new StartedAndEnded(Stepped.of(row), moved(row));
    }
  }

  /**
   * Starts and ends at once (deletes, with their contexts) held READY messages whose start and
   * successful outcome came together, with their {@code TaskStarted} events, in one statement; per
   * hold in the given order, empty where the hold was lost or the message is not READY.
   *
   * @param times the start reports' times
   */
  public Future<List<Optional<StartedAndEnded>>> startAndFinish(
      SqlClient tx, List<Hold> holds, List<Instant> times) {
    return byHold(tx, START_AND_FINISH, holds, times, null, NO_MORE_COLUMNS, StartedAndEnded::of);
  }

  /**
   * Runs a set-based statement over holds (their columns as arrays, {@link #REPORTED}; then the
   * states, if any; then {@code perHold}'s arrays for the holds sent, by their indexes) and lines
   * its rows up with the holds by message. A message held twice in the batch is sent once.
   */
  private static <T> Future<List<Optional<T>>> byHold(
      SqlClient client,
      String sql,
      List<Hold> holds,
      List<Instant> times,
      String[] states,
      Function<List<Integer>, Object[]> perHold,
      Function<Row, T> map) {
    if (holds.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    Map<String, Integer> first = new HashMap<>();
    List<Integer> sent = new ArrayList<>();
    for (int i = 0; i < holds.size(); i++) {
      if (first.putIfAbsent(key(holds.get(i)), i) == null) {
        sent.add(i);
      }
    }
    Tuple params = holdColumns(holds, times, sent);
    if (states != null) {
      params.addValue(states);
    }
    for (Object column : perHold.apply(sent)) {
      params.addValue(column);
    }
    return client
        .preparedQuery(sql)
        .execute(params)
        .map(
            rows -> {
              Map<String, T> found = new HashMap<>();
              for (Row row : IndexedRows.of(rows)) {
                found.put(rowKey(row), map.apply(row));
              }
              List<Optional<T>> results = new ArrayList<>(holds.size());
              for (int i = 0; i < holds.size(); i++) {
                String key = key(holds.get(i));
                // a repeat within the batch finds the message already moved by the first
                results.add(
                    first.get(key) == i ? Optional.ofNullable(found.get(key)) : Optional.empty());
              }
              return results;
            });
  }

  /**
   * A running message with a retry policy, locked for a retry decision: its failures so far, its
   * policy's JSON, its deadlines and the hold its run had.
   */
  public record Retryable(
      String tenant,
      String messageId,
      int failures,
      io.vertx.core.json.JsonObject retry,
      Instant scheduleToClose,
      Instant startToClose,
      Instant heartbeat,
      String ownerId,
      long version) {
    static Retryable of(Row row) {
      return new Retryable(
          row.getString("tenant"),
          row.getUUID("message_id").toString(),
          row.getInteger("failures"),
          (io.vertx.core.json.JsonObject) row.getValue("retry"),
          instant(row.getOffsetDateTime("schedule_to_close_deadline")),
          instant(row.getOffsetDateTime("start_to_close_deadline")),
          instant(row.getOffsetDateTime("heartbeat_deadline")),
          ownerOf(row),
          row.getLong("lock_version"));
    }
  }

  /**
   * Locks the held messages (in one of {@code states}) that have a retry policy; per hold, empty
   * where the hold was lost or the message has none.
   */
  public Future<List<Optional<Retryable>>> lockRetryable(
      SqlClient tx, List<Hold> holds, String[] states) {
    return byHold(tx, LOCK_RETRYABLE_HELD, holds, null, states, NO_MORE_COLUMNS, Retryable::of);
  }

  /** Locks up to {@code limit} running messages with a retry policy whose run timed out. */
  public Future<List<Retryable>> lockRetryableTimedOut(SqlClient tx, Instant now, int limit) {
    return tx.preparedQuery(LOCK_RETRYABLE_TIMED_OUT)
        .execute(Tuple.of(utc(now), limit))
        .map(
            rows -> {
              List<Retryable> locked = new ArrayList<>(rows.size());
              IndexedRows.of(rows).forEach(row -> locked.add(Retryable.of(row)));
              return locked;
            });
  }

  /** A failed run to retry: the locked message and the time its next attempt may start. */
  public record RetryAt(String tenant, String messageId, Instant notBefore) {}

  /** Puts locked running messages back to wait for their next attempt; see {@link #RETRY}. */
  public Future<List<Moved>> retry(SqlClient tx, List<RetryAt> retries) {
    Tuple params =
        Tuple.of(
            retries.stream().map(RetryAt::tenant).toArray(String[]::new),
            retries.stream().map(r -> UUID.fromString(r.messageId())).toArray(UUID[]::new),
            retries.stream().map(r -> utc(r.notBefore())).toArray(OffsetDateTime[]::new));
    return eachLocked(
        tx,
        RETRY,
        params,
        retries.stream().map(r -> key(r.tenant(), r.messageId())).toList(),
        TaskStore::moved);
  }

  /**
   * Puts held messages back at the given (head) positions in WAITING if they are in one of {@code
   * states}, reserving {@code events} event ids each, in one statement; per hold in the given
   * order, empty where the hold was lost.
   */
  public Future<List<Optional<Moved>>> requeue(
      SqlClient tx,
      List<Hold> holds,
      String[] states,
      List<Long> positions,
      List<Integer> events,
      List<Boolean> backoff) {
    return byHold(
        tx,
        REQUEUE,
        holds,
        null,
        states,
        sent ->
            new Object[] {
              sent.stream().map(positions::get).toArray(Long[]::new),
              sent.stream().map(events::get).toArray(Integer[]::new),
              sent.stream().map(backoff::get).toArray(Boolean[]::new)
            },
        TaskStore::moved);
  }

  private static Moved moved(Row row) {
    return new Moved(
        TaskRows.toInfo(row), row.getLong("last_event_id"), row.getLong("started_event_id"));
  }

  /**
   * Runs one set-based statement over messages this transaction locked ({@code keys},
   * tenant/message id, distinct): each must answer a row (its tenant and message id among the
   * columns), answered in the order of the keys.
   */
  private static <T> Future<List<T>> eachLocked(
      SqlClient tx, String sql, Tuple params, List<String> keys, Function<Row, T> map) {
    if (keys.isEmpty()) {
      return Future.succeededFuture(List.of());
    }
    return tx.preparedQuery(sql)
        .execute(params)
        .compose(
            rows -> {
              Map<String, T> found = new HashMap<>();
              for (Row row : IndexedRows.of(rows)) {
                found.put(rowKey(row), map.apply(row));
              }
              List<T> results = new ArrayList<>(keys.size());
              for (String key : keys) {
                T result = found.get(key);
                if (result == null) {
                  return Future.failedFuture(
                      new IllegalStateException("message " + key + " was not locked as it was"));
                }
                results.add(result);
              }
              return Future.succeededFuture(results);
            });
  }

  /** Tasks in progress per lock owner, across tenants (for runner capacity). */
  public Future<Map<String, Integer>> inProgressByOwner(SqlClient client) {
    return client
        .preparedQuery(IN_PROGRESS_BY_OWNER)
        .execute()
        .map(
            rows -> {
              Map<String, Integer> byOwner = new HashMap<>();
              rows.forEach(
                  row ->
                      byOwner.put(
                          row.getUUID("lock_owner_id").toString(), row.getInteger("tasks")));
              return byOwner;
            });
  }

  /** The key {@link #countsByQueue} uses: {@code P:} or {@code S:<queueId>}. */
  public static String queueKey(QueueKind kind, String queueId) {
    return kind.dbCode() + ":" + (queueId == null ? "" : queueId);
  }

  private static List<TaskInfo> infos(RowSet<Row> rows) {
    List<TaskInfo> infos = new ArrayList<>(rows.size());
    IndexedRows.of(rows).forEach(row -> infos.add(TaskRows.toInfo(row)));
    return infos;
  }

  private static Map<String, List<TaskInfo>> byQueue(RowSet<Row> rows) {
    Map<String, List<TaskInfo>> byQueue = new HashMap<>();
    for (Row row : IndexedRows.of(rows)) {
      byQueue
          .computeIfAbsent(row.getString("queue_id"), id -> new ArrayList<>())
          .add(TaskRows.toInfo(row));
    }
    return byQueue;
  }

  /** The lock owner a row names, if any. */
  private static String ownerOf(Row row) {
    UUID owner = row.getUUID("lock_owner_id");
    return owner == null ? null : owner.toString();
  }

  /** The waiting and in-progress counts a row has. */
  private static Counts countsOf(Row row) {
    return new Counts(row.getInteger("waiting"), row.getInteger("in_progress"));
  }
}
