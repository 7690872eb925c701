-- Version 3: what the maintenance sweeps need to find their work quickly, and the counters of
-- crash recovery.

-- How many times a runner's lease expired while it held the message (SPEC 6: after max-attempts
-- such expiries the message fails with Ordo.LeaseExpired).
ALTER TABLE im_async_task_info ADD COLUMN lease_expiries integer NOT NULL DEFAULT 0;
-- When the current hold was claimed, on the database's clock (claims whose answer never reached
-- the runner are taken back after a lease).
ALTER TABLE im_async_task_info ADD COLUMN claimed_at timestamptz;

-- One partial index per deadline: the timeout sweep is an OR of these, a bitmap OR of small scans.
CREATE INDEX im_async_task_schedule_to_start_idx
    ON im_async_task_info (schedule_to_start_deadline) WHERE schedule_to_start_deadline IS NOT NULL;
CREATE INDEX im_async_task_schedule_to_close_idx
    ON im_async_task_info (schedule_to_close_deadline) WHERE schedule_to_close_deadline IS NOT NULL;
CREATE INDEX im_async_task_start_to_close_idx
    ON im_async_task_info (start_to_close_deadline) WHERE start_to_close_deadline IS NOT NULL;
CREATE INDEX im_async_task_heartbeat_idx
    ON im_async_task_info (heartbeat_deadline) WHERE heartbeat_deadline IS NOT NULL;

-- A rejected message goes back to the head of its queue but is not selected again before
-- not_before (a back-off that grows with its rejections), so a message no runner can accept does
-- not spin between claim and rejection. A serial queue keeps its order: its head simply waits.
ALTER TABLE im_async_task_info ADD COLUMN rejections integer NOT NULL DEFAULT 0;
ALTER TABLE im_async_task_info ADD COLUMN not_before timestamptz;

-- Task messages a state-machine execution scheduled name it (SPEC 7); null for plain messages.
ALTER TABLE im_async_task_info ADD COLUMN execution_id uuid;

-- The decider's inbox: a task message of an execution reached its end (completed, failed, timed
-- out, released, stopped, removed). Written in the same transaction as the task's disposal, so the
-- execution never misses an outcome; the decider deletes a row when it has advanced the execution.
CREATE TABLE ordo_execution_inbox (
    tenant       varchar(255) NOT NULL,
    execution_id uuid         NOT NULL,
    message_id   uuid         NOT NULL,
    outcome      jsonb        NOT NULL,
    created_at   timestamptz  NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant, execution_id, message_id)
);
CREATE INDEX ordo_execution_inbox_created_idx ON ordo_execution_inbox (created_at);
