-- +goose Up
-- The plan a workout was started from (workout.plan_copied.v1): its id, and each exercise's
-- notes as they stood, a JSON object from the exercise's key to its notes, read with the
-- workout's sets (their planNotes).
ALTER TABLE workouts ADD COLUMN plan_id TEXT NOT NULL DEFAULT '';
ALTER TABLE workouts ADD COLUMN plan_notes TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE workouts DROP COLUMN plan_notes;
ALTER TABLE workouts DROP COLUMN plan_id;
