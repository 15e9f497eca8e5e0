-- +goose Up
-- A stream about two users (a trainer's relationship with a client) is recorded under both,
-- marked shared: closing either account erases it, so the other's row goes too.
ALTER TABLE user_streams ADD COLUMN shared BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE user_streams DROP COLUMN shared;
