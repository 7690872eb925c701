-- Version 9: a state machine's definition reads back as it was written (issue 15).
-- jsonb normalises an object (its keys sorted by length, then bytes); json keeps the text as given,
-- so the definition a client reads back has its keys in the order it sent them. Nothing queries
-- inside a definition, so nothing is lost by not indexing it.
ALTER TABLE ordo_state_machine ALTER COLUMN definition TYPE json USING definition::json;
ALTER TABLE ordo_execution ALTER COLUMN definition TYPE json USING definition::json;
