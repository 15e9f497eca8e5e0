-- +goose Up
-- A set's number within its exercise in its workout (read back after every logged set)
-- counts the rows before it in this index, without reading the workout's other exercises.
CREATE INDEX workout_sets_exercise ON workout_sets (workout_id, exercise_key, seq);

-- +goose Down
DROP INDEX workout_sets_exercise;
