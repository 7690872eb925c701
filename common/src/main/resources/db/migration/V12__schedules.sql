-- Version 12: recurring schedules (issue 19) and each schedule's own history of fires and skips.

-- A tenant's schedules. The queue services fire them: a due row is locked FOR UPDATE SKIP LOCKED
-- and advanced in the transaction that registers its message, so one slot fires once in the farm.
CREATE TABLE ordo_schedule (
    tenant           varchar(255) NOT NULL,
    schedule_id      varchar(50)  NOT NULL,
    -- the schedule as given: cron or intervalSeconds, timeZone, task, overlapPolicy,
    -- catchupWindowSeconds (validated before it is stored)
    spec             jsonb        NOT NULL,
    paused           boolean      NOT NULL DEFAULT false,
    -- the next slot to fire (kept while paused; recomputed from the time of resumption)
    next_fire_at     timestamptz  NOT NULL,
    -- BUFFER_ONE: a slot that came while the previous run had not ended, fired once it ends
    buffered_fire_at timestamptz,
    -- the last run this schedule started: a task message id or an execution id (for overlap)
    last_run_id      uuid,
    last_run_kind    varchar(16)  CHECK (last_run_kind IN ('task', 'execution')),
    -- + 1 on every change: a writer that read an older version lost a race
    version          bigint       NOT NULL DEFAULT 0,
    created_at       timestamptz  NOT NULL,
    updated_at       timestamptz  NOT NULL,
    PRIMARY KEY (tenant, schedule_id)
);

-- The firing loop's question: which unpaused schedules are due (or hold a buffered slot)?
CREATE INDEX ordo_schedule_due_idx ON ordo_schedule (next_fire_at) WHERE NOT paused;
CREATE INDEX ordo_schedule_buffered_idx ON ordo_schedule (buffered_fire_at)
    WHERE buffered_fire_at IS NOT NULL AND NOT paused;

-- A schedule's history: ScheduleFired (with the message or execution it created) and
-- ScheduleSkipped (with why). The newest entries are kept; deleting the schedule deletes them.
CREATE TABLE ordo_schedule_event (
    tenant        varchar(255) NOT NULL,
    schedule_id   varchar(50)  NOT NULL,
    event_id      bigserial    NOT NULL,
    event_type    varchar(20)  NOT NULL CHECK (event_type IN ('ScheduleFired', 'ScheduleSkipped')),
    fire_time     timestamptz  NOT NULL,
    recorded_at   timestamptz  NOT NULL,
    -- 'schedule' for a slot of the schedule, 'trigger' for POST .../trigger
    cause         varchar(16)  NOT NULL,
    message_id    uuid,
    execution_id  uuid,
    -- ScheduleSkipped: OVERLAP, BUFFER_FULL, MISSED, CATCHUP_WINDOW_PASSED, REFUSED
    reason        varchar(32),
    detail        text,
    PRIMARY KEY (event_id),
    FOREIGN KEY (tenant, schedule_id) REFERENCES ordo_schedule (tenant, schedule_id)
        ON DELETE CASCADE
);
CREATE INDEX ordo_schedule_event_by_schedule_idx
    ON ordo_schedule_event (tenant, schedule_id, event_id DESC);
-- The database's own guard behind exactly-once: one ScheduleFired per slot of a schedule.
CREATE UNIQUE INDEX ordo_schedule_event_one_fire_per_slot
    ON ordo_schedule_event (tenant, schedule_id, fire_time)
    WHERE event_type = 'ScheduleFired' AND cause = 'schedule';
