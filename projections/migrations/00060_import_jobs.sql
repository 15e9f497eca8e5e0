-- +goose Up
-- Import jobs, shared by every node: the node that runs an import writes its progress here
-- and any node answers the page's polls. Not a projection: a job's progress is not a fact of
-- the user's history (what the import adds is, as the events of the use cases it calls).
CREATE TABLE import_jobs (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    status     TEXT NOT NULL,
    done       BIGINT NOT NULL,
    total      BIGINT NOT NULL,
    result     TEXT NOT NULL,
    error      TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
-- A user runs one import at a time, whichever node they ask.
CREATE UNIQUE INDEX import_jobs_running ON import_jobs (user_id) WHERE status = 'running';

-- +goose Down
DROP TABLE import_jobs;
