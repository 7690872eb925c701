-- Version 4: state machines (Amazon States Language definitions) and their executions (SPEC 7).

-- A tenant's state machines by name. The definition is stored only once it validated.
CREATE TABLE ordo_state_machine (
    tenant      varchar(255) NOT NULL,
    name        varchar(80)  NOT NULL,
    definition  jsonb        NOT NULL,
    -- 1 on creation, + 1 on each update; an execution keeps the definition it started with
    revision    integer      NOT NULL,
    created_at  timestamptz  NOT NULL,
    updated_at  timestamptz  NOT NULL,
    PRIMARY KEY (tenant, name)
);

-- Executions: what the API shows, plus the decider's state and the instance lock (SPEC 6) that
-- every advance takes. An execution's name is unique per state machine, as in Step Functions.
CREATE TABLE ordo_execution (
    tenant          varchar(255) NOT NULL,
    execution_id    uuid         NOT NULL,
    state_machine   varchar(80)  NOT NULL,
    name            varchar(80)  NOT NULL,
    -- the definition (and its revision) the execution runs, whatever happens to the machine later
    definition      jsonb        NOT NULL,
    revision        integer      NOT NULL,
    status          varchar(16)  NOT NULL
        CHECK (status IN ('RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED')),
    input           jsonb,
    output          jsonb,
    error           varchar(256),
    cause           text,
    start_date      timestamptz  NOT NULL,
    stop_date       timestamptz,
    -- the decider's state: the runs of the execution and its branches, where each stands, what
    -- each waits for (a task message, a timer, its branches), and the tasks being stopped
    decider_state   jsonb        NOT NULL,
    -- the last eventId of the execution's history
    last_event_id   bigint       NOT NULL,
    -- when the execution's TimeoutSeconds passes (null: no limit)
    timeout_at      timestamptz,
    -- the earliest durable timer (Wait, Retry back-off, the timeout, a stop to try again): the
    -- decider's poll advances the execution once it has passed
    wake_at         timestamptz,
    -- the instance lock: the owner advancing it (a queue service's lease) and the fencing version
    lock_owner_id   uuid,
    lock_version    bigint       NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant, execution_id),
    UNIQUE (tenant, state_machine, name)
);

CREATE INDEX ordo_execution_wake_idx ON ordo_execution (wake_at) WHERE wake_at IS NOT NULL;
CREATE INDEX ordo_execution_machine_idx ON ordo_execution (tenant, state_machine, start_date);
