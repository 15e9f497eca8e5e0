-- +goose Up
-- The ownership read model: which streams hold events about which user (every event's
-- payload names its owner in userId). Closing an account deletes the streams listed here.
CREATE TABLE user_streams (
    user_id TEXT NOT NULL,
    stream  TEXT NOT NULL,
    PRIMARY KEY (user_id, stream)
);

-- +goose Down
DROP TABLE user_streams;
