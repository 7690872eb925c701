-- The task and context tables are a queue: every message's row is inserted, updated and deleted
-- within seconds, so autovacuum finds tens of thousands of dead rows at each of its visits (once a
-- minute, autovacuum_naptime) beside a few live ones. Throttled by the server's default cost delay
-- (2 ms after every 200 cost units), a visit to the task table took 5-6 s beside the claims,
-- reports and registrations writing the same pages and indexes; unthrottled, the same visit (the
-- same pages, the same 0.2 s of CPU) takes about 0.5 s. The throttle protects other work from a
-- long vacuum's reads; these tables are small in steady state, and once vacuumed a backlog's
-- untouched pages are all-visible and skipped, so their vacuums run at full speed. The history's
-- tables (large, append-mostly) keep the server's throttle.
ALTER TABLE im_async_task_info SET (autovacuum_vacuum_cost_delay = 0);
ALTER TABLE im_async_context_info SET (autovacuum_vacuum_cost_delay = 0);
