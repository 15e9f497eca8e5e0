-- +goose Up
-- The custom-exercise read model: each user's own exercises, and by name across users for
-- the muscle-group TIP.
CREATE TABLE custom_exercises (
    user_id        TEXT NOT NULL,
    name_key       TEXT NOT NULL,
    name           TEXT NOT NULL,
    category       TEXT NOT NULL,
    muscle_groups  TEXT NOT NULL DEFAULT '[]',
    has_groups     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (user_id, name_key)
);
CREATE INDEX custom_exercises_by_name ON custom_exercises (name_key, has_groups);

-- +goose Down
DROP TABLE custom_exercises;
