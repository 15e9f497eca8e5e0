-- +goose Up
-- Where each consumer of the global feed (a projector, the relay) has got to. The runner moves
-- position in the same transaction as the read-model changes it made, so every event takes
-- effect exactly once. failed_position and last_error hold the event a projector stopped at;
-- a NULL failed_position means it is healthy.
CREATE TABLE projection_checkpoints (
    name            TEXT PRIMARY KEY,
    version         BIGINT NOT NULL,
    position        BIGINT NOT NULL,
    failed_position BIGINT,
    last_error      TEXT,
    updated_at      TEXT NOT NULL
);

-- Events a reactor could not handle after its retries, when the broker has no durable
-- dead-letter topic of its own (the in-process GoChannel). Nothing a reactor fails on is lost.
CREATE TABLE relay_dead_letters (
    message_id  TEXT NOT NULL,
    handler     TEXT NOT NULL,
    topic       TEXT NOT NULL,
    payload     TEXT NOT NULL,
    metadata    TEXT NOT NULL,
    reason      TEXT NOT NULL,
    poisoned_at TEXT NOT NULL,
    PRIMARY KEY (message_id, handler)
);

-- +goose Down
DROP TABLE relay_dead_letters;
DROP TABLE projection_checkpoints;
