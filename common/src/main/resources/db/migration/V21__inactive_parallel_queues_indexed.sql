-- Version 21: the inactive parallel queues have an index of their own. Every claim of parallel
-- messages reads which tenants' parallel queues are inactive (their messages are not taken); the
-- only index that served it was the queue table's primary key (tenant, kind, id), walked whole
-- with the kind as a condition on its second column: every serial queue's entry, on every claim
-- (43 pages a claim with 5,000 serial queues, growing with them). This one holds only the
-- inactive parallel queues, usually none; the serial queues' rows are never in it, so their
-- frequent updates (tail positions) stay HOT-eligible.
CREATE INDEX im_async_queue_inactive_parallel_idx ON im_async_queue_info (tenant)
    WHERE queue_kind = 'P' AND NOT active;
