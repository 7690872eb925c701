-- Version 16: the parallel queue's waiting list (queue info, the admin UI's queue screen, its pages)
-- in selection order, read from an index instead of sorting every waiting message of the tenant
-- (20 ms at 20,000 waiting, seconds at a million, on every refresh of the screen).
--
-- Only waiting rows are in it: a registration adds one entry, the claim (waiting turns false) none.
CREATE INDEX im_async_task_parallel_waiting_list_idx
    ON im_async_task_info (tenant, received_at, position)
    WHERE waiting AND queue_kind = 'P';
