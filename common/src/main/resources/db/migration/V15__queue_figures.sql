-- Per-queue figures over a recent window (GET /api/v1/queues/stats): the task histories a tenant
-- closed since a time, found by range instead of by scanning every header the retention keeps.
CREATE INDEX ordo_history_execution_task_closed_idx
    ON ordo_history_execution (tenant, closed_at) WHERE kind = 'task' AND NOT open;
