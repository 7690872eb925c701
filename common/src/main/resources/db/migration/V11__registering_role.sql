-- Version 11: the role of the principal that registered a message (submitter, operator, admin),
-- kept with its registration context: a JavaScript task's WorkManager acts with that role (on the
-- message's own tenant). NULL (messages registered before, and state-machine tasks) means the least
-- privilege, submitter.
ALTER TABLE im_async_context_info ADD COLUMN role varchar(16);
