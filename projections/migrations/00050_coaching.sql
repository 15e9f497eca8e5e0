-- +goose Up
-- The coaching read model: each live trainer-client relationship (requested, confirmed or
-- rejected; an ended one is deleted). client_id is empty while nobody has answered a request
-- to an address no account held when it was sent; the queries then find the account by
-- e-mail. position is where the latest request stands in the feed: the lists are newest
-- first.
CREATE TABLE coaching (
    id          TEXT PRIMARY KEY,
    trainer_id  TEXT NOT NULL,
    email       TEXT NOT NULL,
    client_id   TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL,
    position    BIGINT NOT NULL
);
CREATE INDEX coaching_trainer_newest ON coaching (trainer_id, position DESC);
CREATE INDEX coaching_client ON coaching (client_id, position DESC);
CREATE INDEX coaching_email ON coaching (email, position DESC);

-- +goose Down
DROP TABLE coaching;
