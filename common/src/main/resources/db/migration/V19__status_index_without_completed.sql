-- Version 19: the task list's status index (V13) leaves out completed tasks. Every task's history
-- header is written once, at its close (V18's time), with an entry in each of its four indexes;
-- most tasks complete, and a list of completed tasks reads the index of all finished tasks
-- (ordo_history_task_finished_idx) just as fast, since nearly every entry there is one. The status
-- index now serves what it is for: the lists of what failed, timed out, lost its lease or was
-- stopped. A statement naming its statuses as constants (the task list plans each execution for
-- its parameters) proves that none of them is COMPLETED, and reads this index.
DROP INDEX ordo_history_task_status_idx;
CREATE INDEX ordo_history_task_status_idx
    ON ordo_history_execution (tenant, task_status, started_at DESC, execution_id DESC)
    WHERE task_status IS NOT NULL AND task_status <> 'COMPLETED';
