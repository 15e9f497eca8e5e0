-- +goose Up
-- A set's row is keyed by its id and its user: set ids are chosen per user (a client sends
-- them; the domain checks them only within a workout), so two users can hold one, and the
-- workouts rules read and write only the sets of the user an event names. A rebuild can then
-- run in partitions of users, and two users' sets never share a key. The id leads the key, so
-- that a set named by id alone (the API's paths name it so) is still one index read.
CREATE TABLE workout_sets_next (
    id            TEXT NOT NULL,
    workout_id    TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    exercise      TEXT NOT NULL,
    exercise_key  TEXT NOT NULL,
    category      TEXT NOT NULL,
    weight        DOUBLE PRECISION,
    weight_unit   TEXT NOT NULL DEFAULT '',
    weight_kg     DOUBLE PRECISION,
    reps          BIGINT,
    rpe           BIGINT,
    done          BOOLEAN NOT NULL DEFAULT FALSE,
    pb            BOOLEAN NOT NULL DEFAULT FALSE,
    distance      DOUBLE PRECISION,
    distance_unit TEXT,
    minutes       BIGINT,
    seconds       BIGINT,
    logged_at     BIGINT NOT NULL,
    seq           BIGINT NOT NULL,
    history_key   TEXT NOT NULL,
    set_number    BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT workout_sets_key PRIMARY KEY (id, user_id)
);
INSERT INTO workout_sets_next (id, workout_id, user_id, exercise, exercise_key, category, weight, weight_unit, weight_kg,
        reps, rpe, done, pb, distance, distance_unit, minutes, seconds, logged_at, seq, history_key, set_number)
    SELECT id, workout_id, user_id, exercise, exercise_key, category, weight, weight_unit, weight_kg,
        reps, rpe, done, pb, distance, distance_unit, minutes, seconds, logged_at, seq, history_key, set_number
    FROM workout_sets;
DROP TABLE workout_sets;
ALTER TABLE workout_sets_next RENAME TO workout_sets;
CREATE INDEX workout_sets_workout ON workout_sets (workout_id, seq);
CREATE INDEX workout_sets_history ON workout_sets (user_id, exercise_key, history_key);
CREATE INDEX workout_sets_exercise ON workout_sets (workout_id, exercise_key, seq);

-- +goose Down
-- Keyed by id alone again, the table holds one row of an id. Where two users hold one id, the
-- set logged first stays (as the older rules kept it), and the other's goes: no row keyed by
-- id alone can hold it. Nothing is lost for good, though: the checkpoint's version is set
-- below every version of the projector, so the older build that needs this schema rebuilds
-- the workouts read model from the event log by its own rules (until the rebuild swaps in,
-- the rows below answer) instead of going on from rows it did not write (the second user's
-- workout still counting the set) and, seeing a newer version's checkpoint, leaving the read
-- model to a newer node.
CREATE TABLE workout_sets_next (
    id            TEXT PRIMARY KEY,
    workout_id    TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    exercise      TEXT NOT NULL,
    exercise_key  TEXT NOT NULL,
    category      TEXT NOT NULL,
    weight        DOUBLE PRECISION,
    weight_unit   TEXT NOT NULL DEFAULT '',
    weight_kg     DOUBLE PRECISION,
    reps          BIGINT,
    rpe           BIGINT,
    done          BOOLEAN NOT NULL DEFAULT FALSE,
    pb            BOOLEAN NOT NULL DEFAULT FALSE,
    distance      DOUBLE PRECISION,
    distance_unit TEXT,
    minutes       BIGINT,
    seconds       BIGINT,
    logged_at     BIGINT NOT NULL,
    seq           BIGINT NOT NULL,
    history_key   TEXT NOT NULL,
    set_number    BIGINT NOT NULL DEFAULT 0
);
INSERT INTO workout_sets_next (id, workout_id, user_id, exercise, exercise_key, category, weight, weight_unit, weight_kg,
        reps, rpe, done, pb, distance, distance_unit, minutes, seconds, logged_at, seq, history_key, set_number)
    SELECT id, workout_id, user_id, exercise, exercise_key, category, weight, weight_unit, weight_kg,
        reps, rpe, done, pb, distance, distance_unit, minutes, seconds, logged_at, seq, history_key, set_number
    FROM workout_sets s
    WHERE NOT EXISTS (SELECT 1 FROM workout_sets o WHERE o.id = s.id
        AND (o.seq < s.seq OR o.seq = s.seq AND o.user_id < s.user_id));
DROP TABLE workout_sets;
ALTER TABLE workout_sets_next RENAME TO workout_sets;
CREATE INDEX workout_sets_workout ON workout_sets (workout_id, seq);
CREATE INDEX workout_sets_history ON workout_sets (user_id, exercise_key, history_key);
CREATE INDEX workout_sets_exercise ON workout_sets (workout_id, exercise_key, seq);
UPDATE projection_checkpoints SET version = 0 WHERE name = 'workouts';
