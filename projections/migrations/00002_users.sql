-- +goose Up
-- The accounts read model: one row per registered user, for sign-in and the user screens.
CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    email           TEXT NOT NULL UNIQUE,
    password_hash   TEXT NOT NULL,
    first_name      TEXT NOT NULL,
    surname         TEXT NOT NULL,
    date_of_birth   TEXT,
    gender          TEXT,
    unit            TEXT NOT NULL,
    display_name    TEXT,
    icon            TEXT NOT NULL DEFAULT 'fa-user',
    dashboard_chart TEXT NOT NULL DEFAULT 'Weight',
    height          BIGINT,
    is_verified     BOOLEAN NOT NULL DEFAULT FALSE,
    trainer         BOOLEAN NOT NULL DEFAULT FALSE,
    registered_at   BIGINT NOT NULL
);

-- +goose Down
DROP TABLE users;
