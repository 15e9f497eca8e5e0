-- +goose Up
-- A rebuild whose read models are swapped in and serving, dropping the tables they replaced
-- (SQLite's swap renames them out of the way and drops them once it is committed).
ALTER TABLE projection_rebuilds ADD COLUMN swapped BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE projection_rebuilds DROP COLUMN swapped;
