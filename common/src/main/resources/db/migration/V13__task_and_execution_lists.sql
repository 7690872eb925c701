-- Version 13: the lists of tasks and executions across queues and state machines (GET /tasks,
-- GET /executions), newest first, a page at a time.
--
-- A task lives in im_async_task_info while it waits or runs and, once it ended, in its closed
-- history header (ordo_history_execution, kind 'task'), whose summary is its last task info and
-- outcome: retention purges the header, so a purged task leaves the list with it. Both are ordered
-- by (received time, message id), which never change, so a page cursor is stable while tasks end.

-- The list status of a finished task, computed from what closing its history already writes (no
-- extra write on the path that ends a message): the outcome type, LEASE_EXPIRED for a task that
-- failed because its runners' leases expired too often. Null for every other history.
ALTER TABLE ordo_history_execution ADD COLUMN task_status varchar(16) GENERATED ALWAYS AS (
    CASE WHEN kind = 'task' AND NOT open THEN
        CASE WHEN summary -> 'outcome' ->> 'error' = 'Ordo.LeaseExpired' THEN 'LEASE_EXPIRED'
             ELSE summary -> 'outcome' ->> 'type' END
    END) STORED;

CREATE INDEX ordo_history_task_finished_idx
    ON ordo_history_execution (tenant, started_at DESC, execution_id DESC)
    WHERE task_status IS NOT NULL;
CREATE INDEX ordo_history_task_status_idx
    ON ordo_history_execution (tenant, task_status, started_at DESC, execution_id DESC)
    WHERE task_status IS NOT NULL;

-- Live tasks newest first. received_at and message_id never change, so the index costs a
-- registration one entry and leaves later updates HOT-eligible.
--
-- The predicate holds for every row (a received time is a finite time) and is there to keep the
-- index out of the hot path: its statements are planned once, possibly on an empty table (PlanProfile),
-- and a non-partial index that leads with tenant competes with the primary key for their (tenant,
-- message id) lookups; planned on an empty table, the claim chose it and read every message of the
-- tenant (HotPathPlanTest). Only a statement that says "received_at > '-infinity'", as the task
-- list does, can use it; no hot-path statement says so. (Not "IS NOT NULL" of a NOT NULL column:
-- PostgreSQL 17 drops such a condition from a query before it matches indexes.)
CREATE INDEX im_async_task_received_idx
    ON im_async_task_info (tenant, received_at DESC, message_id DESC)
    WHERE received_at > '-infinity';

-- Executions of every state machine, newest first.
CREATE INDEX ordo_execution_started_idx
    ON ordo_execution (tenant, start_date DESC, execution_id DESC);
