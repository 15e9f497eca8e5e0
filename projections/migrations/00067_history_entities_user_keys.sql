-- +goose Up
-- An entity's row (the state of a set, plan exercise, workout, plan or body-log entry) is
-- keyed by its owner and its id: ids are chosen per user (a set's by a client, checked only
-- within its workout), so two users can hold one, and the history rules read and write only
-- the entities of the user an event names. A rebuild can then run in partitions of users, and
-- two users' entities never share a key. The key leads with the owner, so it serves the
-- account closing's deletion of an owner's rows too, and a stream's rows are found by owner
-- and stream.
CREATE TABLE history_entities_next (
    id        TEXT NOT NULL,
    subject   TEXT NOT NULL,
    owner_id  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    name      TEXT NOT NULL DEFAULT '',
    position  BIGINT NOT NULL,
    state     TEXT NOT NULL,
    CONSTRAINT history_entities_key PRIMARY KEY (owner_id, id)
);
INSERT INTO history_entities_next (id, subject, owner_id, kind, name, position, state)
    SELECT id, subject, owner_id, kind, name, position, state FROM history_entities;
DROP TABLE history_entities;
ALTER TABLE history_entities_next RENAME TO history_entities;
CREATE INDEX history_entities_subject ON history_entities (owner_id, subject, kind, name, position);

-- +goose Down
-- Keyed by id alone again, the table holds one row of an id. Where two users hold one id, the
-- entity inserted first stays (as the older rules kept it), and the other's goes: no row
-- keyed by id alone can hold it. Nothing is lost for good, though: the checkpoint's version is
-- set below every version of the projector, so the older build that needs this schema
-- rebuilds the history read model from the event log by its own rules (until the rebuild
-- swaps in, the rows below answer) instead of going on from rows it did not write and,
-- seeing a newer version's checkpoint, leaving the read model to a newer node.
CREATE TABLE history_entities_next (
    id        TEXT PRIMARY KEY,
    subject   TEXT NOT NULL,
    owner_id  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    name      TEXT NOT NULL DEFAULT '',
    position  BIGINT NOT NULL,
    state     TEXT NOT NULL
);
INSERT INTO history_entities_next (id, subject, owner_id, kind, name, position, state)
    SELECT id, subject, owner_id, kind, name, position, state FROM history_entities e
    WHERE NOT EXISTS (SELECT 1 FROM history_entities o WHERE o.id = e.id
        AND (o.position < e.position OR o.position = e.position AND o.owner_id < e.owner_id));
DROP TABLE history_entities;
ALTER TABLE history_entities_next RENAME TO history_entities;
CREATE INDEX history_entities_subject ON history_entities (subject, kind, name, position);
CREATE INDEX history_entities_owner ON history_entities (owner_id);
UPDATE projection_checkpoints SET version = 0 WHERE name = 'history';
