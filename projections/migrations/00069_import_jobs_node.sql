-- +goose Up
-- The node that runs an import job, by name (its host and address): a node that starts again
-- marks the jobs of its earlier life failed at once, instead of when their heartbeat is missed.
ALTER TABLE import_jobs ADD COLUMN node TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE import_jobs DROP COLUMN node;
