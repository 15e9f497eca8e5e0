-- +goose Up
-- The progress read model behind the dashboard and /progress. Each screen's query is a range
-- read of one index, whatever the length of the user's history.

-- Each workout's day and, once finished, its duration: what a day's totals are summed from.
CREATE TABLE progress_workouts (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    date        TEXT NOT NULL,
    start_time  TEXT NOT NULL,
    minutes     BIGINT
);
CREATE INDEX progress_workouts_user_day ON progress_workouts (user_id, date);

-- A user's workouts a day, the finished ones and their minutes: the duration chart, the first
-- and the last workout day.
CREATE TABLE workout_days (
    user_id   TEXT NOT NULL,
    date      TEXT NOT NULL,
    workouts  BIGINT NOT NULL,
    finished  BIGINT NOT NULL,
    minutes   BIGINT NOT NULL,
    PRIMARY KEY (user_id, date)
);

-- A user's workouts, finished workouts and their minutes in all: the time widgets' averages.
CREATE TABLE workout_totals (
    user_id   TEXT PRIMARY KEY,
    workouts  BIGINT NOT NULL,
    finished  BIGINT NOT NULL,
    minutes   BIGINT NOT NULL
);

-- Each strength or bodyweight set's day and value (kg, or reps for bodyweight): what an
-- exercise's day is summed from.
CREATE TABLE progress_sets (
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
CREATE INDEX progress_sets_workout ON progress_sets (workout_id);
CREATE INDEX progress_sets_exercise_day ON progress_sets (user_id, exercise_key, date);

-- An exercise's done sets a day and its best (the heaviest kg, else the most reps): the
-- exercise charts and, for the past month, the muscle-group chart.
CREATE TABLE exercise_days (
    user_id       TEXT NOT NULL,
    exercise_key  TEXT NOT NULL,
    date          TEXT NOT NULL,
    exercise      TEXT NOT NULL,
    sets          BIGINT NOT NULL,
    best          DOUBLE PRECISION,
    bodyweight    BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, exercise_key, date)
);
CREATE INDEX exercise_days_user_day ON exercise_days (user_id, date);

-- The days an exercise was done on: two or more make it a repeated exercise with a chart.
CREATE TABLE exercise_totals (
    user_id       TEXT NOT NULL,
    exercise_key  TEXT NOT NULL,
    exercise      TEXT NOT NULL,
    days          BIGINT NOT NULL,
    PRIMARY KEY (user_id, exercise_key)
);

-- +goose Down
DROP TABLE exercise_totals;
DROP TABLE exercise_days;
DROP TABLE progress_sets;
DROP TABLE workout_totals;
DROP TABLE workout_days;
DROP TABLE progress_workouts;
