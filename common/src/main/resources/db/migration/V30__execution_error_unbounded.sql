-- An execution's error was varchar(256): a Fail state whose Error (or ErrorPath's value) was
-- longer, or a task error of that length that ended an execution, could not be saved. The start
-- then answered 500, and an advance failed on every round, leaving the execution RUNNING for good
-- (a stop failed the same way). The error is now stored whole, as the history's events hold it;
-- state data bound its size (state-machines.max-data-bytes). varchar to text rewrites nothing.
ALTER TABLE ordo_execution ALTER COLUMN error TYPE text;
