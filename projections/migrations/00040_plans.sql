-- +goose Up
-- The plans read model. plans holds one row per plan with what the list and the grid show
-- (its exercises' names and muscle groups, kept up to date as exercises change); position is
-- where its creation stands in the feed, so the index serves the newest-first page of a
-- user's plans. plan_exercises holds each plan exercise with its target rows (JSON), read by
-- plan in the order added (position) and by id.
CREATE TABLE plans (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL,
    name            TEXT NOT NULL,
    notes           TEXT NOT NULL DEFAULT '',
    exercise_names  TEXT NOT NULL DEFAULT '[]',
    muscle_groups   TEXT NOT NULL DEFAULT '[]',
    position        BIGINT NOT NULL
);
CREATE INDEX plans_user_newest ON plans (user_id, position DESC);

CREATE TABLE plan_exercises (
    id             TEXT PRIMARY KEY,
    plan_id        TEXT NOT NULL,
    user_id        TEXT NOT NULL,
    position       BIGINT NOT NULL,
    exercise       TEXT NOT NULL,
    category       TEXT NOT NULL,
    weight_unit    TEXT NOT NULL DEFAULT '',
    targets        TEXT NOT NULL DEFAULT '[]',
    notes          TEXT NOT NULL DEFAULT '',
    muscle_groups  TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX plan_exercises_plan ON plan_exercises (plan_id, position);
CREATE INDEX plan_exercises_user ON plan_exercises (user_id);

-- +goose Down
DROP TABLE plan_exercises;
DROP TABLE plans;
