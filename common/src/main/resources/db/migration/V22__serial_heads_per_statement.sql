-- Version 22: the runnable serial heads (V17) kept once per statement for deletes. The row
-- trigger ran once per serial message: a completion batch of 14 serial messages ran the function
-- 14 times (a lock, two head probes and an update each), 53 µs a task of the serial run's 355 µs
-- of PostgreSQL time. A statement trigger sees the statement's deleted rows as a transition table
-- and handles each queue once: it locks the queues' rows in key order (the order a registration
-- locks them in, so the two cannot deadlock on them), then computes their heads in its next
-- statement, whose snapshot is taken after the locks: of two transactions changing one queue, the
-- later one to lock reads what the earlier one committed, as before.
--
-- Inserts keep their row trigger: a registration has locked its serial queues in key order before
-- it inserts, the trigger of a message inserted behind a head returns at once, and a statement
-- trigger on inserts cost every registration batch 0.15-0.2 ms even with no serial message in it
-- (measured end to end: 0.42-0.48 ms a registration statement with the row trigger, 0.60-0.65 ms
-- with a statement trigger). A message going back to WAITING (release, requeue, retry) keeps its
-- row trigger too: an UPDATE trigger with a transition table cannot name its columns, and would
-- run for every claim, start and heartbeat.
CREATE FUNCTION ordo_serial_heads_left() RETURNS trigger LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan SET enable_seqscan = off
    SET enable_bitmapscan = off SET enable_sort = off
    SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
    -- The statement's queues drive, each probed by key (BatchJoin's form: the tenant through a
    -- one-element array, so no plan can walk the queue table's key in order and match them to it;
    -- the hot path's connections plan this once, maybe on empty tables), locked in key order,
    -- stated on the statement's columns.
    PERFORM 1 FROM (SELECT DISTINCT c.tenant, c.queue_kind, c.queue_id FROM gone c
                      WHERE c.queue_kind = 'S') g
        JOIN im_async_queue_info q ON q.tenant = ANY (ARRAY[g.tenant])
          AND q.queue_kind = g.queue_kind AND q.queue_id = g.queue_id
        ORDER BY g.tenant, g.queue_kind, g.queue_id FOR UPDATE OF q;
    UPDATE im_async_queue_info q SET runnable_head_at = h.head
      FROM (SELECT g.tenant, g.queue_kind, g.queue_id,
                   CASE WHEN EXISTS (SELECT 1 FROM im_async_task_info r WHERE r.tenant = g.tenant
                                       AND r.queue_kind = 'S' AND r.queue_id = g.queue_id
                                       AND NOT r.waiting)
                        THEN NULL
                        ELSE (SELECT t.received_at FROM im_async_task_info t
                               WHERE t.tenant = g.tenant AND t.queue_kind = 'S'
                                 AND t.queue_id = g.queue_id AND t.waiting
                               ORDER BY t.position LIMIT 1) END AS head
              FROM (SELECT DISTINCT c.tenant, c.queue_kind, c.queue_id FROM gone c
                      WHERE c.queue_kind = 'S') g
            -- computed once per queue (flattened into the UPDATE, the head's lookups would run
            -- both in its condition and in its SET)
            OFFSET 0) h
     WHERE q.tenant = ANY (ARRAY[h.tenant]) AND q.queue_kind = h.queue_kind
       AND q.queue_id = h.queue_id
       AND q.runnable_head_at IS DISTINCT FROM h.head;
    RETURN NULL;
END
$$;

DROP TRIGGER im_async_task_serial_deleted ON im_async_task_info;

CREATE TRIGGER im_async_task_serial_deleted
    AFTER DELETE ON im_async_task_info REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION ordo_serial_heads_left();

-- The heads' lookups are planned once per connection and may only probe indexes, whichever pool
-- runs them (the claim's settings, PlanProfile.CLAIM). A slow serial run (400 tasks/s instead of
-- 4,800; auto_explain) showed the row trigger's head lookup planned as a bitmap scan of the
-- primary key's entries of the whole tenant (1,000 pages a lookup, 15,000 messages filtered),
-- the plan made on a hot-path connection (which allows bitmap scans) from statistics taken at
-- another moment. The row triggers (a message inserted, or going back to WAITING) still look
-- heads up through this function; their lock of the queue row is a probe of its whole key.
ALTER FUNCTION ordo_serial_head_at(text, text)
    SET plan_cache_mode = force_generic_plan SET enable_seqscan = off
    SET enable_bitmapscan = off SET enable_sort = off
    SET enable_hashjoin = off SET enable_mergejoin = off;
