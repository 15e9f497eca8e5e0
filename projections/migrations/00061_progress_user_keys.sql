-- +goose Up
-- A workout's and a set's rows are keyed by their user and their id, as every other progress
-- table is by its user: the progress rules read and write only the rows of the user an event
-- names, so a rebuild can run in partitions of users, and two users' rows never share a key.
CREATE TABLE progress_workouts_next (
    id          TEXT NOT NULL,
    user_id     TEXT NOT NULL,
    date        TEXT NOT NULL,
    start_time  TEXT NOT NULL,
    minutes     BIGINT,
    CONSTRAINT progress_workouts_key PRIMARY KEY (user_id, id)
);
INSERT INTO progress_workouts_next (id, user_id, date, start_time, minutes)
    SELECT id, user_id, date, start_time, minutes FROM progress_workouts;
DROP TABLE progress_workouts;
ALTER TABLE progress_workouts_next RENAME TO progress_workouts;
CREATE INDEX progress_workouts_user_day ON progress_workouts (user_id, date);

CREATE TABLE progress_sets_next (
    id            TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    workout_id    TEXT NOT NULL,
    exercise_key  TEXT NOT NULL,
    exercise      TEXT NOT NULL,
    date          TEXT NOT NULL,
    value         DOUBLE PRECISION,
    bodyweight    BOOLEAN NOT NULL,
    done          BOOLEAN NOT NULL,
    CONSTRAINT progress_sets_key PRIMARY KEY (user_id, id)
);
INSERT INTO progress_sets_next (id, user_id, workout_id, exercise_key, exercise, date, value, bodyweight, done)
    SELECT id, user_id, workout_id, exercise_key, exercise, date, value, bodyweight, done FROM progress_sets;
DROP TABLE progress_sets;
ALTER TABLE progress_sets_next RENAME TO progress_sets;
CREATE INDEX progress_sets_workout ON progress_sets (user_id, workout_id);
CREATE INDEX progress_sets_exercise_day ON progress_sets (user_id, exercise_key, date);

-- +goose Down
-- Keyed by id alone again, a table holds one row of an id. Where two users hold one id, the
-- row of the user whose id sorts first stays (chosen, not left to the order rows are read
-- in), and the other's goes: no row keyed by id alone can hold it. Nothing is lost for good,
-- though: the checkpoint's version is set below every version of the projector, so the
-- older build that needs this schema rebuilds progress from the event log by its own rules
-- (until the rebuild swaps in, the rows below answer) instead of going on from rows it did
-- not write and, seeing a newer version's checkpoint, leaving the read model to a newer node.
CREATE TABLE progress_workouts_next (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    date        TEXT NOT NULL,
    start_time  TEXT NOT NULL,
    minutes     BIGINT
);
INSERT INTO progress_workouts_next (id, user_id, date, start_time, minutes)
    SELECT id, user_id, date, start_time, minutes FROM progress_workouts w
    WHERE NOT EXISTS (SELECT 1 FROM progress_workouts o WHERE o.id = w.id AND o.user_id < w.user_id);
DROP TABLE progress_workouts;
ALTER TABLE progress_workouts_next RENAME TO progress_workouts;
CREATE INDEX progress_workouts_user_day ON progress_workouts (user_id, date);

CREATE TABLE progress_sets_next (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL,
    workout_id    TEXT NOT NULL,
    exercise_key  TEXT NOT NULL,
    exercise      TEXT NOT NULL,
    date          TEXT NOT NULL,
    value         DOUBLE PRECISION,
    bodyweight    BOOLEAN NOT NULL,
    done          BOOLEAN NOT NULL
);
INSERT INTO progress_sets_next (id, user_id, workout_id, exercise_key, exercise, date, value, bodyweight, done)
    SELECT id, user_id, workout_id, exercise_key, exercise, date, value, bodyweight, done FROM progress_sets s
    WHERE NOT EXISTS (SELECT 1 FROM progress_sets o WHERE o.id = s.id AND o.user_id < s.user_id);
DROP TABLE progress_sets;
ALTER TABLE progress_sets_next RENAME TO progress_sets;
CREATE INDEX progress_sets_workout ON progress_sets (workout_id);
CREATE INDEX progress_sets_exercise_day ON progress_sets (user_id, exercise_key, date);
UPDATE projection_checkpoints SET version = 0 WHERE name = 'progress';
