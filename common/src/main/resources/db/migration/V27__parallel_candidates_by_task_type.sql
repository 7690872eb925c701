-- The claim walks each tenant's runnable parallel messages task type by task type: the class names
-- the claiming runner runs, and scripts (keyed '': an equality, so that the index gives each type's
-- messages in order), each walk in received order (or in the order of their times, for messages
-- with a delay or back-off), stopping after a batch. One walk across types read every message of a
-- type the runner does not run that was older than the runnable ones, on every claim: 56,733
-- waiting messages of such a type made each claim of another type's 128 messages take 30-37 ms
-- instead of about 1.
DROP INDEX im_async_task_parallel_candidates_idx;
CREATE INDEX im_async_task_parallel_candidates_idx
    ON im_async_task_info (tenant, (coalesce(task_class_name, '')), received_at)
    WHERE waiting AND queue_kind = 'P' AND not_before IS NULL;

DROP INDEX im_async_task_parallel_timed_idx;
CREATE INDEX im_async_task_parallel_timed_idx
    ON im_async_task_info (tenant, (coalesce(task_class_name, '')), not_before)
    WHERE waiting AND queue_kind = 'P' AND not_before IS NOT NULL;
