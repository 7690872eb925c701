-- A finished state-machine execution is purged with its history when the tenant's retention has
-- passed (SPEC 5), as Step Functions forgets closed executions: the history header is the
-- execution's record of being closed, and the purge that removes it removes the execution too.
-- Deferred, because an execution is inserted before its history is opened in the same transaction.
DELETE FROM ordo_execution e
    WHERE NOT EXISTS (SELECT 1 FROM ordo_history_execution h
                      WHERE h.tenant = e.tenant AND h.execution_id = e.execution_id);
ALTER TABLE ordo_execution
    ADD CONSTRAINT ordo_execution_history_fk
    FOREIGN KEY (tenant, execution_id) REFERENCES ordo_history_execution (tenant, execution_id)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
