-- +goose Up
-- The trainer subscription of each user, so PayPal's notifications (which name the
-- subscription) find their user, and the periodic re-check finds every billed subscription.
ALTER TABLE users ADD COLUMN subscription_id TEXT;
ALTER TABLE users ADD COLUMN subscription_cancelled BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX users_subscription ON users (subscription_id);

-- +goose Down
DROP INDEX users_subscription;
ALTER TABLE users DROP COLUMN subscription_cancelled;
ALTER TABLE users DROP COLUMN subscription_id;
