-- +goose Up
-- A plan kept by a buyer or a client when its owner deleted it or closed their account
-- (plan.kept.v1): kept_as says how the keeper had it (bought, shared), NULL for a plan made
-- here. A kept plan's exercises all come with one event, so seq orders them within it. The
-- plans projector's version 5 rebuilds the read model on deploy.
ALTER TABLE plans ADD COLUMN kept_as TEXT;
ALTER TABLE plan_exercises ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE plan_exercises DROP COLUMN seq;
ALTER TABLE plans DROP COLUMN kept_as;
UPDATE projection_checkpoints SET version = 0 WHERE name = 'plans';
