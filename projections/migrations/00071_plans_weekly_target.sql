-- +goose Up
-- How many times a week a trainer's plan is meant to be done (plan.weekly_target_set.v1; 0:
-- no target), behind the compliance of the clients it is shared with. The plans projector's
-- version 4 rebuilds the read model on deploy.
ALTER TABLE plans ADD COLUMN times_a_week BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE plans DROP COLUMN times_a_week;
UPDATE projection_checkpoints SET version = 0 WHERE name = 'plans';
