-- +goose Up
-- Closings of accounts begun and not ended: a closing's own stream closed-<userId> is the
-- user's in the ownership read model from account.closing_started.v1 until account.closed.v1
-- drops every row of the user's, so the closings left unfinished are found here
-- (app.FinishClosings) through this small index of those rows alone.
CREATE INDEX user_streams_closing ON user_streams (user_id) WHERE stream LIKE 'closed-%';

-- +goose Down
DROP INDEX user_streams_closing;
