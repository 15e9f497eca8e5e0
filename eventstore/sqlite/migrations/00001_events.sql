-- +goose Up
-- position is AUTOINCREMENT so a position is never handed out twice, even after the
-- events at the end of the log are deleted: a reader that has passed position p must
-- never later find an event at p or below.
-- The metadata is four plain columns rather than JSON: nothing to encode or decode on the
-- hot paths, and each can be queried.
CREATE TABLE eventstore_events (
    position       INTEGER PRIMARY KEY AUTOINCREMENT,
    id             TEXT    NOT NULL UNIQUE,
    stream         TEXT    NOT NULL,
    version        INTEGER NOT NULL,
    type           TEXT    NOT NULL,
    data           TEXT    NOT NULL,
    actor_id       TEXT    NOT NULL,
    command_id     TEXT    NOT NULL,
    correlation_id TEXT    NOT NULL,
    causation_id   TEXT    NOT NULL,
    recorded_at    INTEGER NOT NULL, -- Unix microseconds, UTC
    UNIQUE (stream, version)
) STRICT;

-- +goose Down
DROP TABLE eventstore_events;
