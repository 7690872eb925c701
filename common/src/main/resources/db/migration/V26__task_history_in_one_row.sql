-- Version 26: a task's history in one row.
--
-- A task message's lifecycle events used to be a row each in ordo_history_event (TaskScheduled at
-- registration, TaskAccepted in the claim, TaskStarted at the start, the outcome at the end), and
-- its header a fifth row when it closed: seven rows a task with its message and its context, five
-- of them the history's. Now the message row keeps what those events say while it lives, and the
-- statement that ends it writes the history's header with every event it kept and its end in one
-- JSON array: three rows a task (the message, its context, the closed header).
--
-- While the message lives (one transaction writes each change and what its event says):
--   * TaskScheduled (event 1) is the row's `scheduled` (the event's attributes without the
--     parameter, which is the row's `parameter`) at its received time;
--   * TaskAccepted of the current hold is the row's `accepted_event_id`, at `accept_at`, with the
--     row's `node` and `lock_version` (the fencing token);
--   * TaskStarted of the current attempt is the row's `started_event_id`, at `start_at`, with the
--     node, the fencing token and `attempt`.
-- A statement that gives the hold up without ending the message (a rejection, a release with
-- re-entry, a retry, a lease expiry) writes that hold's TaskAccepted and TaskStarted as rows of
-- ordo_history_event first, in the same transaction. Every other event (a release's, a timeout's,
-- a retry's, a queue stopped) is a row as before.
--
-- When the message ends, its header's `events` holds the events its row kept and those of its end,
-- in the order of their ids ({eventId, type, time, attributes}); TaskScheduled there again without
-- the parameter, which is the summary's. Events written after the close (TaskRerun) are rows.
--
-- Both new documents are JSON kept as text: Ordo writes them (Vert.x encodes them), reads them
-- seldom and never by their content on the hot path, so PostgreSQL need not parse them as they are
-- written. Parsing is what a history's documents cost most: for 200 headers of no-op tasks, by
-- hand, the header alone took 12.5 µs a row, its summary parsed as jsonb 12 µs more and these
-- events parsed as json another 12 (as jsonb they also took 1.26 kB, which brought headers to the
-- 2 kB TOAST threshold). The views below parse them for readers.
--
-- Readers take the union of ordo_history_event and the two views below, ordered by event id. A row
-- an earlier Ordo registered (`scheduled` null, `accepted_event_id` null) has its events as rows;
-- from its next hold on, its history is kept as above, and it closes like any other.
ALTER TABLE im_async_task_info ADD COLUMN scheduled text;
ALTER TABLE im_async_task_info ADD COLUMN accepted_event_id bigint;
ALTER TABLE ordo_history_execution ADD COLUMN events text;

COMMENT ON COLUMN im_async_task_info.scheduled IS
    'The attributes of the message''s TaskScheduled event (id 1, at received_at) without its'
    ' parameter (the row''s parameter); null for a message an Ordo before V26 registered (then'
    ' its TaskScheduled is a row of ordo_history_event).';
COMMENT ON COLUMN im_async_task_info.accepted_event_id IS
    'The id of the current hold''s TaskAccepted (at accept_at, node and lock_version), which the'
    ' row keeps with the hold''s TaskStarted (started_event_id); null while the message waits, and'
    ' for a hold an Ordo before V26 took (its events are rows).';
COMMENT ON COLUMN ordo_history_execution.events IS
    'A task history''s events kept in its header: [{eventId, type, time, attributes}], written'
    ' when the task ended (TaskScheduled without its parameter: the summary''s). Null for'
    ' executions and for tasks an Ordo before V26 closed.';

-- The events an open message's row keeps.
CREATE VIEW ordo_task_row_event AS
    SELECT tenant, message_id AS execution_id, 1::bigint AS event_id,
           'TaskScheduled'::varchar(64) AS event_type, received_at AS event_time,
           scheduled::jsonb || jsonb_build_object('parameter', parameter) AS attributes
    FROM im_async_task_info WHERE scheduled IS NOT NULL
    UNION ALL
    SELECT tenant, message_id, accepted_event_id, 'TaskAccepted', accept_at,
           jsonb_build_object('node', node, 'scheduledEventId', 1, 'fencingToken', lock_version)
    FROM im_async_task_info WHERE accepted_event_id IS NOT NULL
    UNION ALL
    SELECT tenant, message_id, started_event_id, 'TaskStarted', start_at,
           jsonb_build_object('node', node, 'scheduledEventId', 1, 'fencingToken', lock_version,
                              'attempt', attempt)
    FROM im_async_task_info WHERE accepted_event_id IS NOT NULL AND started_event_id IS NOT NULL;

-- The events a closed task's header keeps.
CREATE VIEW ordo_task_packed_event AS
    SELECT h.tenant, h.execution_id, (e ->> 'eventId')::bigint AS event_id,
           (e ->> 'type')::varchar(64) AS event_type, (e ->> 'time')::timestamptz AS event_time,
           CASE WHEN e ->> 'type' = 'TaskScheduled'
                THEN (e -> 'attributes')::jsonb
                     || jsonb_build_object('parameter', h.summary -> 'parameter')
                ELSE (e -> 'attributes')::jsonb END AS attributes
    FROM ordo_history_execution h CROSS JOIN LATERAL json_array_elements(h.events::json) AS e
    WHERE h.events IS NOT NULL;

-- An open message's history header, as readers make it: opened at its received time, its last
-- event so far.
CREATE VIEW ordo_task_row_header AS
    SELECT tenant, message_id AS execution_id, received_at AS started_at, last_event_id
    FROM im_async_task_info;

-- Every event of every history, wherever it is kept: for operators' queries and tests (readers of
-- one history page through the three sources themselves, so that a page of a long history reads
-- only its own rows).
CREATE VIEW ordo_history_all_events AS
    SELECT tenant, execution_id, event_id, event_type, event_time, attributes
    FROM ordo_history_event
    UNION ALL SELECT * FROM ordo_task_packed_event
    UNION ALL SELECT * FROM ordo_task_row_event;
