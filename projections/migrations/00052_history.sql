-- +goose Up
-- The history read model: one line per change to a workout, a plan or a body log, saying what
-- changed (written when the change is projected, with the values before and after), when and
-- by whom (the actor of the event's metadata, named when read). subject is the stream the
-- change was made to. history_entities keeps the latest state of each set, plan exercise,
-- workout, plan and body-log entry, so that a change can say what it changed from.
CREATE TABLE history_lines (
    position   BIGINT PRIMARY KEY,
    owner_id   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    actor_id   TEXT NOT NULL,
    at         BIGINT NOT NULL,
    text       TEXT NOT NULL
);
CREATE INDEX history_lines_subject ON history_lines (subject, position DESC);
CREATE INDEX history_lines_owner ON history_lines (owner_id, position DESC);
CREATE INDEX history_lines_owner_actor ON history_lines (owner_id, actor_id, position DESC);

-- kind is set, plan_exercise, workout, plan, weight or size; name the set's exercise (what
-- numbers a workout's sets: "Set 2 of Bench Press").
CREATE TABLE history_entities (
    id        TEXT PRIMARY KEY,
    subject   TEXT NOT NULL,
    owner_id  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    name      TEXT NOT NULL DEFAULT '',
    position  BIGINT NOT NULL,
    state     TEXT NOT NULL
);
CREATE INDEX history_entities_subject ON history_entities (subject, kind, name, position);
CREATE INDEX history_entities_owner ON history_entities (owner_id);

-- +goose Down
DROP TABLE history_entities;
DROP TABLE history_lines;
