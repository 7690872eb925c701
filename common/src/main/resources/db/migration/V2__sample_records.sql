-- The table the sample task "Record" appends to (SPEC 9.3): tests and demos read it to check the
-- order in which tasks ran.
CREATE TABLE ordo_sample_record (
    id          bigserial    PRIMARY KEY,
    tenant      varchar(255) NOT NULL,
    message_id  uuid         NOT NULL,
    record_key  varchar(255) NOT NULL,
    value       jsonb,
    recorded_at timestamptz  NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX ordo_sample_record_key_idx ON ordo_sample_record (tenant, record_key, id);
