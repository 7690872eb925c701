-- The claim walks the parallel queues' runnable messages tenant by tenant: it finds the tenants
-- that have some by a loose scan of this index (one probe a tenant), leaves out those whose queue
-- is inactive, and walks each of the others in received order, stopping after a batch. Before, one
-- walk in received order across every tenant filtered the inactive ones out row by row, so a paused
-- tenant's backlog older than the runnable messages was read by every claim (48,817 paused
-- messages: another tenant's drain fell from about 8,000 to 1,618 tasks/s).
DROP INDEX im_async_task_parallel_candidates_idx;
CREATE INDEX im_async_task_parallel_candidates_idx
    ON im_async_task_info (tenant, received_at)
    WHERE waiting AND queue_kind = 'P' AND not_before IS NULL;

-- The same for the messages with a time (a delay, a back-off): walked tenant by tenant in the
-- order of their times, so that a paused tenant's messages whose time has come are not read by
-- every claim either.
DROP INDEX im_async_task_parallel_timed_idx;
CREATE INDEX im_async_task_parallel_timed_idx
    ON im_async_task_info (tenant, not_before)
    WHERE waiting AND queue_kind = 'P' AND not_before IS NOT NULL;
