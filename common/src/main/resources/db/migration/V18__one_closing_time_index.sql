-- Version 18: one index on the histories' closing time instead of two. Closing a history (an
-- UPDATE that cannot be HOT: it sets open, closed_at and the status the task list indexes) wrote an
-- entry into both ordo_history_execution_closed_idx (V1: the retention purge, every tenant) and
-- ordo_history_execution_task_closed_idx (V15: one tenant's queue figures over a recent window).
-- One index serves both, the closing time first:
--   * the purge walks the oldest closings first, as before;
--   * the queue figures read the window's entries and keep their tenant's from the index itself
--     (the tenant is the second column), so a tenant's figures also read the entries of the other
--     tenants' closings in the same window, not their rows.
DROP INDEX ordo_history_execution_task_closed_idx;
DROP INDEX ordo_history_execution_closed_idx;
CREATE INDEX ordo_history_execution_closed_idx
    ON ordo_history_execution (closed_at, tenant) WHERE NOT open;
