-- +goose Up
-- The workouts read model. Each index serves one screen's query as a range read:
-- the newest-first page of a user's workouts, the workout in progress, the sets of a workout,
-- one exercise's history (Know Before You Lift, suggest-next, personal bests) and the bests.
CREATE TABLE workouts (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL,
    name            TEXT NOT NULL DEFAULT '',
    date            TEXT NOT NULL,
    start_time      TEXT NOT NULL,
    finish_time     TEXT,
    is_finished     BOOLEAN NOT NULL DEFAULT FALSE,
    plan_name       TEXT NOT NULL DEFAULT '',
    set_count       BIGINT NOT NULL DEFAULT 0,
    done_count      BIGINT NOT NULL DEFAULT 0,
    volume_kg       DOUBLE PRECISION NOT NULL DEFAULT 0,
    exercise_names  TEXT NOT NULL DEFAULT '[]',
    started_at      BIGINT NOT NULL
);
CREATE INDEX workouts_user_newest ON workouts (user_id, date DESC, start_time DESC, id DESC);
CREATE INDEX workouts_user_unfinished ON workouts (user_id, is_finished);

CREATE TABLE workout_sets (
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
    history_key   TEXT NOT NULL
);
CREATE INDEX workout_sets_workout ON workout_sets (workout_id, seq);
CREATE INDEX workout_sets_history ON workout_sets (user_id, exercise_key, history_key);

CREATE TABLE personal_bests (
    user_id        TEXT NOT NULL,
    exercise_key   TEXT NOT NULL,
    exercise       TEXT NOT NULL,
    set_id         TEXT NOT NULL,
    weight         DOUBLE PRECISION,
    weight_unit    TEXT NOT NULL DEFAULT '',
    weight_kg      DOUBLE PRECISION,
    reps           BIGINT,
    date           TEXT NOT NULL,
    previous_value DOUBLE PRECISION,
    history_key    TEXT NOT NULL,
    PRIMARY KEY (user_id, exercise_key)
);
CREATE INDEX personal_bests_user_newest ON personal_bests (user_id, history_key DESC);

-- +goose Down
DROP TABLE personal_bests;
DROP TABLE workout_sets;
DROP TABLE workouts;
