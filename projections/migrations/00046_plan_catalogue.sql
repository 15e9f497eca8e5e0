-- +goose Up
-- The catalogue and who has each plan. A published plan has its price (in pence), tagline and
-- level, and published_position, where its first publishing stands in the feed: the partial
-- index serves the catalogue's newest-first page and its count without reading unpublished
-- plans. created_for lists (JSON) the clients the plan was shared with, the list's For column.
-- plan_members holds one row per user who has a plan: its owner, a buyer, a client it was
-- shared with; the (user_id, position DESC) index serves a user's page of plans, and the
-- primary key the access check.
ALTER TABLE plans ADD COLUMN price_pence BIGINT;
ALTER TABLE plans ADD COLUMN tagline TEXT;
ALTER TABLE plans ADD COLUMN level TEXT;
ALTER TABLE plans ADD COLUMN published_position BIGINT;
ALTER TABLE plans ADD COLUMN created_for TEXT NOT NULL DEFAULT '[]';
CREATE INDEX plans_catalogue ON plans (published_position DESC) WHERE published_position IS NOT NULL;

CREATE TABLE plan_members (
    user_id   TEXT NOT NULL,
    plan_id   TEXT NOT NULL,
    role      TEXT NOT NULL,
    position  BIGINT NOT NULL,
    PRIMARY KEY (user_id, plan_id)
);
CREATE INDEX plan_members_user_newest ON plan_members (user_id, position DESC);
CREATE INDEX plan_members_plan ON plan_members (plan_id);

-- +goose Down
DROP TABLE plan_members;
DROP INDEX plans_catalogue;
ALTER TABLE plans DROP COLUMN created_for;
ALTER TABLE plans DROP COLUMN published_position;
ALTER TABLE plans DROP COLUMN level;
ALTER TABLE plans DROP COLUMN tagline;
ALTER TABLE plans DROP COLUMN price_pence;
