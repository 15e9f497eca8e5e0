-- +goose Up
-- A set's kind (#27): '' for a working set, or warmup, drop or failure. Every set logged
-- before it was a working set, so the default is every existing row's value: no rebuild.
ALTER TABLE workout_sets ADD COLUMN kind TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE workout_sets DROP COLUMN kind;
