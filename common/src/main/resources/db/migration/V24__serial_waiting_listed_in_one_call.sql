-- Version 24: the serial queues' listing (GET /serial-queues, GET /status) makes one call of a
-- function for the whole tenant, not one call per queue (V23). V23's per-queue SQL function went
-- through PostgreSQL's wrapper for functions with SET options on every call (its seven settings
-- switched and switched back for each of 1,000 queues), and its body was planned again in every
-- statement: 17 ms a listing of 1,000 queues × 40 messages, against 8.8 ms for the lookup written
-- in the statement when the planner chose its good plan. This function walks the tenant's serial
-- queues and, for each, its first waiting messages in the waiting index, in one query whose plan
-- PL/pgSQL keeps for the session, with the same planner settings as V23 (PlanProfile.CLAIM's,
-- index scans switched on whatever the caller's session says): never a bitmap of the tenant's
-- every message per queue (18.9 s for that listing in a benchmark run, V23). The caller orders
-- the rows.
CREATE FUNCTION ordo_serial_first_waiting(p_tenant text, p_limit integer)
    RETURNS SETOF im_async_task_info LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan SET enable_indexscan = on
    SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
    SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
    RETURN QUERY
    SELECT w.* FROM im_async_queue_info q
     CROSS JOIN LATERAL (SELECT * FROM im_async_task_info t
                          WHERE t.tenant = q.tenant AND t.queue_kind = 'S'
                            AND t.queue_id = q.queue_id AND t.waiting
                          ORDER BY t.position LIMIT p_limit) w
     WHERE q.tenant = p_tenant AND q.queue_kind = 'S';
END
$$;

DROP FUNCTION ordo_serial_waiting(text, text, integer);
