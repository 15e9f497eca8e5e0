-- +goose Up
-- The weight-log read model. The index serves the newest-first page of one user's log.
CREATE TABLE weight_entries (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL,
    date_weighed TEXT NOT NULL,
    weight       DOUBLE PRECISION NOT NULL,
    unit         TEXT NOT NULL,
    weight_kg    DOUBLE PRECISION NOT NULL,
    logged_at    BIGINT NOT NULL
);
CREATE INDEX weight_entries_user_newest ON weight_entries (user_id, date_weighed DESC, logged_at DESC, id DESC);

-- +goose Down
DROP TABLE weight_entries;
