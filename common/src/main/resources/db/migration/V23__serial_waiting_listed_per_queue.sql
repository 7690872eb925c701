-- Version 23: the serial queues' listing (GET /serial-queues, GET /status) walks each queue's
-- waiting messages in the waiting index, whatever the statistics. Its general-pool connections
-- plan every execution on the statistics of the moment; after a busy hour the waiting index was
-- bloated enough, and the estimate of a tenant's rows stale enough, that the planner preferred a
-- bitmap of the primary key's entries for the whole tenant, filtered and sorted, once per queue:
-- 18.9 s for a listing of 1,000 queues holding 40,000 messages (3.1 million buffers), during a
-- serial benchmark run polled by that listing (auto_explain). The lookup of one queue's first
-- messages is a function with the claim profile's planner settings (PlanProfile.CLAIM), as the
-- serial heads' lookups are (V22): only index scans (switched on whatever the caller's session
-- says), no sort where an index gives the order, one plan however PostgreSQL caches it. It
-- is called once per queue of the listing. It is estimated at 10 rows a call (a function's default
-- is 1,000: a listing of 1,000 queues was then priced above jit_above_cost and compiled, 222 ms).
CREATE FUNCTION ordo_serial_waiting(p_tenant text, p_queue_id text, p_limit integer)
    RETURNS SETOF im_async_task_info LANGUAGE sql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan SET enable_indexscan = on
    SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
    SET enable_hashjoin = off SET enable_mergejoin = off AS $$
    SELECT * FROM im_async_task_info w
     WHERE w.tenant = p_tenant AND w.queue_kind = 'S' AND w.queue_id = p_queue_id AND w.waiting
     ORDER BY w.position LIMIT p_limit
$$;
