-- +goose Up
-- One row per stream: appends to a stream take its row lock, so concurrent appends to one
-- stream queue there (not on the global counter) and an Any append never conflicts.
CREATE TABLE eventstore_streams (
    name    text COLLATE "C" PRIMARY KEY,
    version bigint NOT NULL
);

-- The global position counter: one row, taken by every append inside its transaction and
-- held until commit, so positions become visible in the order they were handed out.
-- A sequence would not do: its values are taken at insert and become visible at commit,
-- in any order, and a reader could pass an event that commits later.
CREATE TABLE eventstore_counter (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    position bigint  NOT NULL
);
INSERT INTO eventstore_counter (position) VALUES (0);

-- data is json, not jsonb, so the payload reads back byte for byte as written.
-- stream is collated "C" so that a category read (a prefix) can use the index.
CREATE TABLE eventstore_events (
    position    bigint      PRIMARY KEY,
    id          uuid        NOT NULL UNIQUE,
    stream      text        COLLATE "C" NOT NULL,
    version     bigint      NOT NULL,
    type        text        NOT NULL,
    data        json        NOT NULL,
    metadata    jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL,
    UNIQUE (stream, version)
);

-- eventstore_append is the whole append in one round trip, so that the counter is held
-- only for the insert and the commit, never across the network. It raises SQLSTATE GLV01
-- with the stream's actual version as DETAIL when the expected version (-1: any) does not
-- match; the unique index on id rejects an event that is already stored (23505).
-- +goose StatementBegin
CREATE FUNCTION eventstore_append(
    p_stream      text,
    p_expected    bigint,
    p_ids         uuid[],
    p_types       text[],
    p_data        json[],
    p_metadata    jsonb[],
    p_recorded_at timestamptz,
    OUT new_version   bigint,
    OUT last_position bigint
) LANGUAGE plpgsql AS $$
DECLARE
    n bigint := cardinality(p_ids);
BEGIN
    INSERT INTO eventstore_streams AS s (name, version) VALUES (p_stream, n)
    ON CONFLICT (name) DO UPDATE SET version = s.version + n
    RETURNING s.version INTO new_version;
    IF p_expected >= 0 AND new_version - n <> p_expected THEN
        RAISE EXCEPTION USING
            ERRCODE = 'GLV01',
            MESSAGE = format('stream %s is at version %s, expected %s', p_stream, new_version - n, p_expected),
            DETAIL = (new_version - n)::text;
    END IF;
    -- Taken last: from here to commit every other append waits.
    UPDATE eventstore_counter AS c SET position = c.position + n
    RETURNING c.position INTO last_position;
    INSERT INTO eventstore_events (position, id, stream, version, type, data, metadata, recorded_at)
    SELECT last_position - n + e.ord, e.id, p_stream, new_version - n + e.ord, e.type, e.data, e.metadata, p_recorded_at
    FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS e(id, type, data, metadata, ord);
    -- Delivered at commit, so a woken reader finds the events.
    PERFORM pg_notify('gymlog_eventstore', '');
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION eventstore_append;
DROP TABLE eventstore_events;
DROP TABLE eventstore_counter;
DROP TABLE eventstore_streams;
