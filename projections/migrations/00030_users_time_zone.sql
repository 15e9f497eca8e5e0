-- +goose Up
-- The user's time zone (an IANA name), whose days and weeks the dashboard and progress count in.
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- +goose Down
ALTER TABLE users DROP COLUMN time_zone;
