-- Version 25: a claim no longer clears the runnable-head hint (V17) of the serial queues whose
-- heads it takes. The hint stays on a queue while its head is in progress, and the end of that
-- message (its delete, or its going back to WAITING) computes it again, as before. A claim walks
-- such a queue early (its hint is usually among the oldest) and passes it with one probe of the
-- in-progress index, before its head is looked up. Such queues are the farm's serial messages in
-- progress: those running, those whose outcome is on its way (a runner stops claiming past 8 per
-- thread), and those of a runner gone until the orphan sweep takes them back. The clearing cost
-- every serial task a second non-HOT update of its queue's row (a new row version, a primary key
-- and a hint index entry): the serial benchmark (1,000 queues × 20 no-op tasks, preloaded, warm
-- nodes) ran 9-27 % faster without it.
-- No schema change: this migration records the rule where the column is.
COMMENT ON COLUMN im_async_queue_info.runnable_head_at IS
    'The received time of the queue''s head while it may be runnable: never NULL while the queue has'
    ' a waiting head and nothing in progress; may stay set while its head is in progress (claims'
    ' re-check). Kept by the triggers of im_async_task_info (V17, V20, V22).';
