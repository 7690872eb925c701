-- Version 8: secret keys the nodes of a farm share, one per purpose (signing history page tokens,
-- naming principals by a keyed id of their token). The first node to start creates each key; every
-- node reads the same one, so a token signed by one node is accepted by another.
CREATE TABLE ordo_node_secret (
    name       text PRIMARY KEY,
    secret     bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
