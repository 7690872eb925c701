-- What a runner reports with every lease renewal (issue 16: GET /api/v1/runners): what the queue
-- service cannot know itself. One row per lock owner, written once per renewal period; NULL for
-- queue-service owners and for rows written before this migration.
ALTER TABLE ordo_lock_owner
    ADD COLUMN renewed_at  timestamptz,
    ADD COLUMN max_threads integer,
    ADD COLUMN busy        integer,
    ADD COLUMN task_types  jsonb,
    ADD COLUMN version     varchar(64);
