-- Version 10: delayed messages and retry policies.

-- A message's retry policy (RetryPolicy's JSON: Temporal's names); null: a failure ends it.
ALTER TABLE im_async_task_info ADD COLUMN retry jsonb;
-- How many of its runs failed (an error or a run timeout) and were retried under that policy;
-- re-entries and expired leases are not failures (the lease rule counts lease_expiries).
ALTER TABLE im_async_task_info ADD COLUMN failures integer NOT NULL DEFAULT 0;

-- A task type's default retry policy (null: none), published by the runners with its timeouts.
ALTER TABLE ordo_task_type ADD COLUMN default_retry jsonb;

-- not_before (V3: the rejection back-off) now also holds a registration's delay and a retry's
-- back-off. The claim walks two indexes instead of one: messages free to run in received order
-- (not_before null, the common case), and messages with a time in not_before order, where it
-- stops at the first one still in the future. So a million delayed messages cost the claim one
-- index probe, not a walk past each of them.
DROP INDEX im_async_task_parallel_candidates_idx;
CREATE INDEX im_async_task_parallel_candidates_idx
    ON im_async_task_info (received_at) WHERE waiting AND queue_kind = 'P' AND not_before IS NULL;
CREATE INDEX im_async_task_parallel_timed_idx
    ON im_async_task_info (not_before) WHERE waiting AND queue_kind = 'P' AND not_before IS NOT NULL;
