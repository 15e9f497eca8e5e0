-- +goose Up
-- The size-log read model. The index serves the newest-first page of one user's category.
CREATE TABLE size_entries (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL,
    category      TEXT NOT NULL,
    date_measured TEXT NOT NULL,
    measurement   DOUBLE PRECISION NOT NULL,
    logged_at     BIGINT NOT NULL
);
CREATE INDEX size_entries_user_category_newest ON size_entries (user_id, category, date_measured DESC, logged_at DESC, id DESC);

-- +goose Down
DROP TABLE size_entries;
