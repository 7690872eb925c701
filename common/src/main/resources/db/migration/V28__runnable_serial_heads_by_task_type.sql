-- Version 28: the runnable serial heads (V17) indexed by their task type, as the parallel queue's
-- waiting messages are since V27. A claim walked every queue whose runnable head was received
-- before the heads it could take, and dropped those of a task type its runner does not run (one
-- that only other runners of a heterogeneous farm run, or whose runners are gone): with 2,000 such
-- queues ahead, every claim of every runner read 2,000 queue rows and their heads. Each queue's row
-- now also says its head's task type (its class name, '' for a script), kept by the same triggers
-- with the head's time, and a claim walks the runnable heads of each task type its runner runs.
--
-- The triggers compare time and type together: two messages of one registration batch can share a
-- received time, so the next head can have the time of the one before it and another type.
ALTER TABLE im_async_queue_info ADD COLUMN runnable_head_type text;

COMMENT ON COLUMN im_async_queue_info.runnable_head_type IS
    'The task type of the head whose received time runnable_head_at holds: its class name, or '''''
    ' for a script. Kept with runnable_head_at by the triggers of im_async_task_info (V28).';

DROP INDEX im_async_queue_runnable_serial_heads_idx;

CREATE INDEX im_async_queue_runnable_serial_heads_idx
    ON im_async_queue_info (runnable_head_type, runnable_head_at)
    WHERE queue_kind = 'S' AND active AND runnable_head_at IS NOT NULL;

-- The queue's head, computed from its task rows: the received time and task type of its first
-- waiting message, or NULLs if it has none or has a message in progress. Planned once per
-- connection, index probes only, whichever pool runs it (V20, V22).
CREATE FUNCTION ordo_serial_head(p_tenant text, p_queue_id text,
                                 OUT received_at timestamptz, OUT task_type text)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan SET enable_seqscan = off
    SET enable_bitmapscan = off SET enable_sort = off
    SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM im_async_task_info r WHERE r.tenant = p_tenant
                 AND r.queue_kind = 'S' AND r.queue_id = p_queue_id AND NOT r.waiting) THEN
        RETURN;
    END IF;
    SELECT t.received_at, coalesce(t.task_class_name, '') INTO received_at, task_type
        FROM im_async_task_info t WHERE t.tenant = p_tenant
         AND t.queue_kind = 'S' AND t.queue_id = p_queue_id AND t.waiting
        ORDER BY t.position LIMIT 1;
END
$$;

-- The row triggers (a message inserted, or going back to WAITING), as in V17 with the type.
CREATE OR REPLACE FUNCTION ordo_serial_head_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_tenant text;
    v_queue_id text;
    v_hint timestamptz;
    v_hint_type text;
    v_head record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        v_tenant := OLD.tenant;
        v_queue_id := OLD.queue_id;
    ELSE
        v_tenant := NEW.tenant;
        v_queue_id := NEW.queue_id;
    END IF;
    SELECT runnable_head_at, runnable_head_type INTO v_hint, v_hint_type FROM im_async_queue_info
        WHERE tenant = v_tenant AND queue_kind = 'S' AND queue_id = v_queue_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' AND v_hint IS NOT NULL THEN
        -- received times never go backwards in a serial queue: a new message is behind the head
        RETURN NULL;
    END IF;
    v_head := ordo_serial_head(v_tenant, v_queue_id);
    IF (v_head.received_at, v_head.task_type) IS DISTINCT FROM (v_hint, v_hint_type) THEN
        UPDATE im_async_queue_info
            SET runnable_head_at = v_head.received_at, runnable_head_type = v_head.task_type
            WHERE tenant = v_tenant AND queue_kind = 'S' AND queue_id = v_queue_id;
    END IF;
    RETURN NULL;
END
$$;

DROP FUNCTION ordo_serial_head_at(text, text);

-- The statement trigger on deletes (V22), with the type.
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
    UPDATE im_async_queue_info q SET runnable_head_at = h.head, runnable_head_type = h.head_type
      FROM (SELECT g.tenant, g.queue_kind, g.queue_id, f.received_at AS head,
                   f.task_type AS head_type
              FROM (SELECT DISTINCT c.tenant, c.queue_kind, c.queue_id FROM gone c
                      WHERE c.queue_kind = 'S') g
              -- the first waiting message, unless a message of the queue is in progress
              LEFT JOIN LATERAL (SELECT t.received_at, coalesce(t.task_class_name, '') AS task_type
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
       AND (q.runnable_head_at, q.runnable_head_type) IS DISTINCT FROM (h.head, h.head_type);
    RETURN NULL;
END
$$;

-- Every queue's hint again, with its type.
UPDATE im_async_queue_info q SET runnable_head_at = h.received_at, runnable_head_type = h.task_type
  FROM im_async_queue_info s CROSS JOIN LATERAL ordo_serial_head(s.tenant, s.queue_id) h
 WHERE s.queue_kind = 'S' AND q.tenant = s.tenant AND q.queue_kind = s.queue_kind
   AND q.queue_id = s.queue_id;
