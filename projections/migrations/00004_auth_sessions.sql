-- +goose Up
-- Server-side sign-in sessions. Not a projection: a session token is a secret, not a fact of
-- the user's history. Only the SHA-256 of the token is stored.
CREATE TABLE auth_sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

-- +goose Down
DROP TABLE auth_sessions;
