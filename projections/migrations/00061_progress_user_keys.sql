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
CREATE TABLE progress_workouts_next (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    date        TEXT NOT NULL,
    start_time  TEXT NOT NULL,
    minutes     BIGINT
);
INSERT INTO progress_workouts_next (id, user_id, date, start_time, minutes)
    SELECT id, user_id, date, start_time, minutes FROM progress_workouts WHERE TRUE ON CONFLICT (id) DO NOTHING;
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
    SELECT id, user_id, workout_id, exercise_key, exercise, date, value, bodyweight, done FROM progress_sets
    WHERE TRUE ON CONFLICT (id) DO NOTHING;
DROP TABLE progress_sets;
ALTER TABLE progress_sets_next RENAME TO progress_sets;
CREATE INDEX progress_sets_workout ON progress_sets (workout_id);
CREATE INDEX progress_sets_exercise_day ON progress_sets (user_id, exercise_key, date);
