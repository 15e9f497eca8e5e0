-- +goose Up
-- A set's number within its exercise in its workout, kept by the workouts projector (version
-- 2 rebuilds the table to fill it): reading a set back is then one row, not a count of the
-- rows before it.
ALTER TABLE workout_sets ADD COLUMN set_number BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE workout_sets DROP COLUMN set_number;
