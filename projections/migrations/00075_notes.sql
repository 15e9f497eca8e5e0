-- +goose Up
-- Notes (#27): a workout's notes and a set's note, '' for none. Nothing logged before had
-- notes, so the default is every existing row's value: no rebuild.
ALTER TABLE workouts ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE workout_sets ADD COLUMN note TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE workout_sets DROP COLUMN note;
ALTER TABLE workouts DROP COLUMN notes;
