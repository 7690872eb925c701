-- Ordo schema, version 1: queues, task messages, registration contexts, history, lock owners.
-- The tenant is part of every key of tenant data. Times are timestamptz (UTC).

-- Queues: one parallel queue per tenant (queue_kind 'P', queue_id '') and any number of serial
-- queues (queue_kind 'S'). The row is also the registration lock of its queue: registrations take
-- the next position under it, so position order is commit order.
CREATE TABLE im_async_queue_info (
    tenant                varchar(255) NOT NULL,
    queue_kind            char(1)      NOT NULL CHECK (queue_kind IN ('P', 'S')),
    queue_id              varchar(255) NOT NULL,
    active                boolean      NOT NULL,
    -- position of the newest message; new messages take last_position + 1
    last_position         bigint       NOT NULL DEFAULT 0,
    -- position of the newest head insertion (re-entry, rejection); they take head_position - 1
    head_position         bigint       NOT NULL DEFAULT 0,
    -- received time of the newest message: received times never go backwards within a queue
    last_received_at      timestamptz,
    -- the message whose outcome deactivated the queue (blockedReason STOPPED_ON_ERROR)
    stopped_by_message_id uuid,
    created_at            timestamptz  NOT NULL,
    PRIMARY KEY (tenant, queue_kind, queue_id),
    CHECK ((queue_kind = 'P') = (queue_id = ''))
);

-- Task messages, from registration to disposal (a disposed message's row is deleted; its history
-- stays in ordo_history_*).
CREATE TABLE im_async_task_info (
    tenant                 varchar(255)  NOT NULL,
    message_id             uuid          NOT NULL,
    queue_kind             char(1)       NOT NULL,
    queue_id               varchar(255)  NOT NULL,
    position               bigint        NOT NULL,
    state                  varchar(12)   NOT NULL
        CHECK (state IN ('WAITING', 'INITIAL', 'ACCEPT_WAIT', 'READY', 'RUNNING')),
    task_class_name        varchar(1024),
    js_path                varchar(1024),
    parameter              jsonb,
    stop_progress_on_error boolean       NOT NULL DEFAULT false,
    timeouts               jsonb         NOT NULL,
    sent_at                timestamptz   NOT NULL,
    received_at            timestamptz   NOT NULL,
    node                   varchar(255),
    accept_at              timestamptz,
    start_at               timestamptz,
    attempt                integer       NOT NULL DEFAULT 0,
    -- the instance lock: the owner holding the message and the fencing version of that hold
    lock_owner_id          uuid,
    lock_version           bigint        NOT NULL DEFAULT 0,
    -- history bookkeeping: the last eventId written, and the ids later events refer to
    last_event_id          bigint        NOT NULL,
    scheduled_event_id     bigint        NOT NULL,
    started_event_id       bigint,
    last_heartbeat_at      timestamptz,
    heartbeat_details      jsonb,
    -- deadlines of the four timeouts (null: none or not yet running)
    schedule_to_start_deadline timestamptz,
    schedule_to_close_deadline timestamptz,
    start_to_close_deadline    timestamptz,
    heartbeat_deadline         timestamptz,
    PRIMARY KEY (tenant, message_id),
    FOREIGN KEY (tenant, queue_kind, queue_id) REFERENCES im_async_queue_info (tenant, queue_kind, queue_id),
    CHECK ((task_class_name IS NULL) <> (js_path IS NULL))
);

-- Waiting lists in queue order, and the head of each queue.
CREATE INDEX im_async_task_waiting_idx
    ON im_async_task_info (tenant, queue_kind, queue_id, position) WHERE state = 'WAITING';
-- The parallel queues' candidates, oldest received first.
CREATE INDEX im_async_task_parallel_candidates_idx
    ON im_async_task_info (received_at) WHERE state = 'WAITING' AND queue_kind = 'P';
-- Tasks in progress, by queue (serial busy check, running lists) and by owner (lease expiry).
CREATE INDEX im_async_task_in_progress_idx
    ON im_async_task_info (tenant, queue_kind, queue_id) WHERE state <> 'WAITING';
CREATE INDEX im_async_task_owner_idx
    ON im_async_task_info (lock_owner_id) WHERE lock_owner_id IS NOT NULL;
-- The serial-queue rule, enforced by PostgreSQL itself: at most one task of a serial queue is in
-- progress (INITIAL..RUNNING), whatever runners do and whatever the timing.
CREATE UNIQUE INDEX im_async_task_one_in_progress_per_serial_queue
    ON im_async_task_info (tenant, queue_id)
    WHERE queue_kind = 'S' AND state <> 'WAITING';

-- The registration context of each message (SPEC 3.6), deleted with it.
CREATE TABLE im_async_context_info (
    tenant      varchar(255) NOT NULL,
    message_id  uuid         NOT NULL,
    principal   varchar(255),
    locale      varchar(64),
    time_zone   varchar(64),
    trace_id    varchar(64),
    traceparent varchar(128),
    attributes  jsonb,
    PRIMARY KEY (tenant, message_id),
    FOREIGN KEY (tenant, message_id) REFERENCES im_async_task_info (tenant, message_id) ON DELETE CASCADE
);

-- Idempotency keys: one message per (tenant, key), however often and concurrently it is repeated.
CREATE TABLE ordo_idempotency_key (
    tenant          varchar(255) NOT NULL,
    idempotency_key varchar(255) NOT NULL,
    message_id      uuid         NOT NULL,
    created_at      timestamptz  NOT NULL,
    PRIMARY KEY (tenant, idempotency_key)
);
CREATE INDEX ordo_idempotency_key_created_idx ON ordo_idempotency_key (created_at);

-- Histories: one per task message (and later per state-machine execution). The header says whether
-- the execution is open (never purged) and, once closed, how it ended.
CREATE TABLE ordo_history_execution (
    tenant        varchar(255) NOT NULL,
    execution_id  uuid         NOT NULL,
    kind          varchar(16)  NOT NULL CHECK (kind IN ('task', 'execution')),
    open          boolean      NOT NULL,
    started_at    timestamptz  NOT NULL,
    closed_at     timestamptz,
    last_event_id bigint       NOT NULL,
    -- what a closed execution looked like: the task info (or execution description) at its end
    summary       jsonb        NOT NULL,
    PRIMARY KEY (tenant, execution_id)
);
CREATE INDEX ordo_history_execution_closed_idx ON ordo_history_execution (closed_at) WHERE NOT open;

CREATE TABLE ordo_history_event (
    tenant       varchar(255) NOT NULL,
    execution_id uuid         NOT NULL,
    event_id     bigint       NOT NULL,
    event_type   varchar(64)  NOT NULL,
    event_time   timestamptz  NOT NULL,
    attributes   jsonb        NOT NULL,
    PRIMARY KEY (tenant, execution_id, event_id),
    FOREIGN KEY (tenant, execution_id) REFERENCES ordo_history_execution (tenant, execution_id) ON DELETE CASCADE
);

-- Task types known to the farm's runners (farm-wide, not per tenant: code is deployed per farm).
CREATE TABLE ordo_task_type (
    task_class_name  varchar(1024) PRIMARY KEY,
    aliases          jsonb         NOT NULL,
    default_timeouts jsonb         NOT NULL,
    updated_at       timestamptz   NOT NULL
);

-- Lock owners (SPEC 6): every runner and every queue-service instance that advances instances.
-- Leases are on the database's clock: valid while lease_expires_at > now().
CREATE TABLE ordo_lock_owner (
    owner_id         uuid         PRIMARY KEY,
    node_name        varchar(255) NOT NULL,
    kind             varchar(16)  NOT NULL,
    capacity         integer      NOT NULL DEFAULT 0,
    started_at       timestamptz  NOT NULL DEFAULT now(),
    lease_expires_at timestamptz  NOT NULL
);
