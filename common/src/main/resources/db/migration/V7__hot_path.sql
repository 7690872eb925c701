-- Version 7: the hot path's schema. Every message is inserted, claimed (READY), started (RUNNING)
-- and deleted; every step should touch as few index entries and fire as few triggers as it can.

-- Per-row foreign-key triggers the writers make redundant: a message is inserted only into a
-- queue that exists (registration reserves its position in the queue row; a serial queue is
-- removed only when it holds no message), its context is inserted and deleted with it in the same
-- statements, and a history's events are written after its header and purged with it.
ALTER TABLE im_async_task_info
    DROP CONSTRAINT IF EXISTS im_async_task_info_tenant_queue_kind_queue_id_fkey;
ALTER TABLE im_async_context_info
    DROP CONSTRAINT IF EXISTS im_async_context_info_tenant_message_id_fkey;
ALTER TABLE ordo_history_event
    DROP CONSTRAINT IF EXISTS ordo_history_event_tenant_execution_id_fkey;

-- Index predicates name the stored flag "waiting", not the state: READY → RUNNING (and heartbeats
-- without a heartbeat timeout) then change no indexed column, so PostgreSQL can update the row in
-- place (a HOT update: no new index entries), given room on its page (fillfactor).
ALTER TABLE im_async_task_info
    ADD COLUMN waiting boolean GENERATED ALWAYS AS (state = 'WAITING') STORED;

DROP INDEX im_async_task_waiting_idx;
CREATE INDEX im_async_task_waiting_idx
    ON im_async_task_info (tenant, queue_kind, queue_id, position) WHERE waiting;
DROP INDEX im_async_task_parallel_candidates_idx;
CREATE INDEX im_async_task_parallel_candidates_idx
    ON im_async_task_info (received_at) WHERE waiting AND queue_kind = 'P';
DROP INDEX im_async_task_in_progress_idx;
CREATE INDEX im_async_task_in_progress_idx
    ON im_async_task_info (tenant, queue_kind, queue_id) WHERE NOT waiting;
-- The serial-queue rule, unchanged in meaning: at most one message of a serial queue in progress.
DROP INDEX im_async_task_one_in_progress_per_serial_queue;
CREATE UNIQUE INDEX im_async_task_one_in_progress_per_serial_queue
    ON im_async_task_info (tenant, queue_id) WHERE queue_kind = 'S' AND NOT waiting;
-- Lease expiry looks through the messages in progress (the index above), not by owner.
DROP INDEX IF EXISTS im_async_task_owner_idx;

ALTER TABLE im_async_task_info SET (fillfactor = 80);

-- The parallel queue's messages take their positions from a sequence as they are inserted, so
-- that registrations of one tenant do not queue up on its queue row's lock (they are selected by
-- received time; positions order the waiting list and go below zero for head re-entries).
CREATE SEQUENCE im_async_task_parallel_position_seq;
SELECT setval('im_async_task_parallel_position_seq',
              greatest(1, (SELECT max(last_position) + 1 FROM im_async_queue_info
                           WHERE queue_kind = 'P')));
