-- Version 28: the runnable serial heads (V17) indexed by their task type and apart from the
-- delayed ones, as the parallel queue's waiting messages are (V26, V27). A claim walked every queue
-- whose runnable-head hint was older than the heads it could take, and dropped (after a queue-row
-- fetch, an in-progress probe and a head lookup) each head of a task type its runner does not run
-- (one that only other runners of a heterogeneous farm run, or whose runners are gone) and each
-- head whose not_before lies in the future (a delay, a retry's or a rejection's back-off, which
-- holds its queue): with 5,000 such queues ahead, every claim of every runner read all of them (a
-- serial run behind 5,000 queues of a gone type: 164-178 tasks/s instead of 2,200-2,700). Each
-- queue's row now also says its head's task type (its class name, '' for a script) and its head's
-- not_before, kept with the hint's time by the same triggers, and a claim walks, for each task type
-- its runner runs, the heads without a time in received order and the heads whose time has come in
-- the order of their times.
--
-- The triggers compare time, type and not_before together: two messages of one registration batch
-- can share a received time, so the next head can have the time of the one before it and another
-- type.
ALTER TABLE im_async_queue_info ADD COLUMN runnable_head_type text;
ALTER TABLE im_async_queue_info ADD COLUMN runnable_head_not_before timestamptz;

COMMENT ON COLUMN im_async_queue_info.runnable_head_type IS
    'The task type of the head whose received time runnable_head_at holds: its class name, or '''''
    ' for a script. Kept with runnable_head_at by the triggers of im_async_task_info (V28).';

COMMENT ON COLUMN im_async_queue_info.runnable_head_not_before IS
    'The not_before of the head whose received time runnable_head_at holds (NULL: none). Kept with'
    ' runnable_head_at by the triggers of im_async_task_info (V28).';

DROP INDEX im_async_queue_runnable_serial_heads_idx;

CREATE INDEX im_async_queue_runnable_serial_heads_idx
    ON im_async_queue_info (runnable_head_type, runnable_head_at)
    WHERE queue_kind = 'S' AND active AND runnable_head_at IS NOT NULL
      AND runnable_head_not_before IS NULL;

CREATE INDEX im_async_queue_delayed_serial_heads_idx
    ON im_async_queue_info (runnable_head_type, runnable_head_not_before)
    WHERE queue_kind = 'S' AND active AND runnable_head_at IS NOT NULL
      AND runnable_head_not_before IS NOT NULL;

-- The queue's head, computed from its task rows: the received time, task type and not_before of
-- its first waiting message, or NULLs if it has none or has a message in progress. Planned once per
-- connection, index probes only, whichever pool runs it (V20, V22).
CREATE FUNCTION ordo_serial_head(p_tenant text, p_queue_id text,
                                 OUT received_at timestamptz, OUT task_type text,
                                 OUT not_before timestamptz)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan SET enable_seqscan = off
    SET enable_bitmapscan = off SET enable_sort = off
    SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM im_async_task_info r WHERE r.tenant = p_tenant
                 AND r.queue_kind = 'S' AND r.queue_id = p_queue_id AND NOT r.waiting) THEN
        RETURN;
    END IF;
    SELECT t.received_at, coalesce(t.task_class_name, ''), t.not_before
        INTO received_at, task_type, not_before
        FROM im_async_task_info t WHERE t.tenant = p_tenant
         AND t.queue_kind = 'S' AND t.queue_id = p_queue_id AND t.waiting
        ORDER BY t.position LIMIT 1;
END
$$;

-- The row triggers (a message inserted, or going back to WAITING), as in V17 with the type and
-- not_before. A message inserted into a queue that has a hint is behind its head.
CREATE OR REPLACE FUNCTION ordo_serial_head_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_tenant text;
    v_queue_id text;
    v_hint timestamptz;
    v_hint_type text;
    v_hint_not_before timestamptz;
    v_head record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        v_tenant := OLD.tenant;
        v_queue_id := OLD.queue_id;
    ELSE
        v_tenant := NEW.tenant;
        v_queue_id := NEW.queue_id;
    END IF;
    SELECT runnable_head_at, runnable_head_type, runnable_head_not_before
        INTO v_hint, v_hint_type, v_hint_not_before FROM im_async_queue_info
        WHERE tenant = v_tenant AND queue_kind = 'S' AND queue_id = v_queue_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' AND v_hint IS NOT NULL THEN
        -- received times never go backwards in a serial queue: a new message is behind the head
        RETURN NULL;
    END IF;
    v_head := ordo_serial_head(v_tenant, v_queue_id);
    IF (v_head.received_at, v_head.task_type, v_head.not_before)
        IS DISTINCT FROM (v_hint, v_hint_type, v_hint_not_before) THEN
        UPDATE im_async_queue_info
            SET runnable_head_at = v_head.received_at, runnable_head_type = v_head.task_type,
                runnable_head_not_before = v_head.not_before
            WHERE tenant = v_tenant AND queue_kind = 'S' AND queue_id = v_queue_id;
    END IF;
    RETURN NULL;
END
$$;

DROP FUNCTION ordo_serial_head_at(text, text);

-- The statement trigger on deletes (V22), with the type and not_before.
CREATE OR REPLACE FUNCTION ordo_serial_heads_left() RETURNS trigger LANGUAGE plpgsql
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
    UPDATE im_async_queue_info q SET runnable_head_at = h.head, runnable_head_type = h.head_type,
           runnable_head_not_before = h.head_not_before
      FROM (SELECT g.tenant, g.queue_kind, g.queue_id, f.received_at AS head,
                   f.task_type AS head_type, f.not_before AS head_not_before
              FROM (SELECT DISTINCT c.tenant, c.queue_kind, c.queue_id FROM gone c
                      WHERE c.queue_kind = 'S') g
              -- the first waiting message, unless a message of the queue is in progress
              LEFT JOIN LATERAL (SELECT t.received_at, coalesce(t.task_class_name, '') AS task_type,
                                        t.not_before
                                   FROM im_async_task_info t
                                  WHERE t.tenant = g.tenant AND t.queue_kind = 'S'
                                    AND t.queue_id = g.queue_id AND t.waiting
                                    AND NOT EXISTS (SELECT 1 FROM im_async_task_info r
                                                     WHERE r.tenant = g.tenant
                                                       AND r.queue_kind = 'S'
                                                       AND r.queue_id = g.queue_id
                                                       AND NOT r.waiting)
                                  ORDER BY t.position LIMIT 1) f ON true
            -- computed once per queue (flattened into the UPDATE, the head's lookups would run
            -- both in its condition and in its SET)
            OFFSET 0) h
     WHERE q.tenant = ANY (ARRAY[h.tenant]) AND q.queue_kind = h.queue_kind
       AND q.queue_id = h.queue_id
       AND (q.runnable_head_at, q.runnable_head_type, q.runnable_head_not_before)
           IS DISTINCT FROM (h.head, h.head_type, h.head_not_before);
    RETURN NULL;
END
$$;

-- Every queue's hint again, with its type and not_before.
UPDATE im_async_queue_info q SET runnable_head_at = h.received_at, runnable_head_type = h.task_type,
       runnable_head_not_before = h.not_before
  FROM im_async_queue_info s CROSS JOIN LATERAL ordo_serial_head(s.tenant, s.queue_id) h
 WHERE s.queue_kind = 'S' AND q.tenant = s.tenant AND q.queue_kind = s.queue_kind
   AND q.queue_id = s.queue_id;
