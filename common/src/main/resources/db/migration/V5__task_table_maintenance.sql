-- The task table churns: every message is inserted, updated a few times and deleted. PostgreSQL's
-- default autovacuum thresholds (20 % of the table) let its statistics and dead rows lag far
-- behind a backlog that builds up in seconds; vacuum and analyse it after 1 % changes instead.
ALTER TABLE im_async_task_info SET (
    autovacuum_vacuum_scale_factor = 0.01,
    autovacuum_analyze_scale_factor = 0.01,
    autovacuum_vacuum_threshold = 1000,
    autovacuum_analyze_threshold = 1000
);
ALTER TABLE ordo_history_event SET (autovacuum_analyze_scale_factor = 0.02);
