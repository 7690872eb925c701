-- Version 20: the serial head's computation is planned once per connection. V17's
-- ordo_serial_head_at was a SQL function, and PostgreSQL (before 18) plans the body of a SQL
-- function that is not inlined at every call: the trigger that keeps runnable_head_at called it
-- for every serial message deleted (and for every one inserted into an idle queue), and planning
-- it cost twice what running it did (pg_stat_statements over a serial run of 20,000 messages:
-- 553 ms planning, 252 ms running). PL/pgSQL keeps each statement's plan for the session.
-- The statements' index predicates (waiting / NOT waiting, queue_kind = 'S') are stated in them,
-- so a plan made once reads the queue's own entries in the waiting and in-progress indexes.
CREATE OR REPLACE FUNCTION ordo_serial_head_at(p_tenant text, p_queue_id text) RETURNS timestamptz
    LANGUAGE plpgsql STABLE AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM im_async_task_info r WHERE r.tenant = p_tenant
                 AND r.queue_kind = 'S' AND r.queue_id = p_queue_id AND NOT r.waiting) THEN
        RETURN NULL;
    END IF;
    RETURN (SELECT t.received_at FROM im_async_task_info t WHERE t.tenant = p_tenant
              AND t.queue_kind = 'S' AND t.queue_id = p_queue_id AND t.waiting
            ORDER BY t.position LIMIT 1);
END
$$;
