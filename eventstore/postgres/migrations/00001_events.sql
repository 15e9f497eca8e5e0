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

-- data is json, not jsonb, so the payload reads back byte for byte as written. The
-- metadata is four plain columns rather than JSON: nothing to encode or decode on the hot
-- paths, and each can be queried. stream is collated "C" so that a category read (a
-- prefix) can use the index.
CREATE TABLE eventstore_events (
    position       bigint      PRIMARY KEY,
    id             uuid        NOT NULL UNIQUE,
    stream         text        COLLATE "C" NOT NULL,
    version        bigint      NOT NULL,
    type           text        NOT NULL,
    data           json        NOT NULL,
    actor_id       text        NOT NULL,
    command_id     text        NOT NULL,
    correlation_id text        NOT NULL,
    causation_id   text        NOT NULL,
    recorded_at    timestamptz NOT NULL,
    UNIQUE (stream, version)
);

-- eventstore_append writes a batch of appends that arrived together at one node, in one
-- round trip and one transaction, so that they share one disk flush and the counter is
-- held only for the inserts and the commit, never across the network.
--
-- Append i goes to p_streams[i], expects version p_expected[i] (-1: any) and owns the next
-- p_counts[i] events of the per-event arrays. Each append succeeds or fails on its own:
-- new_versions[i] > 0 means written, its last event at last_positions[i]; otherwise the
-- stream was at version actuals[i], not the expected one, and nothing of it was written.
-- An event id that is already stored (or twice in the batch) fails the whole batch with
-- 23505; the caller then writes the appends one at a time to tell which it was.
-- +goose StatementBegin
CREATE FUNCTION eventstore_append(
    p_streams      text[],
    p_expected     bigint[],
    p_counts       int[],
    p_ids          uuid[],
    p_types        text[],
    p_data         json[],
    p_actors       text[],
    p_commands     text[],
    p_correlations text[],
    p_causations   text[],
    p_recorded_at  timestamptz,
    OUT new_versions   bigint[],
    OUT last_positions bigint[],
    OUT actuals        bigint[]
) LANGUAGE plpgsql
-- Plan the statements once per session: making custom plans at every call would cost
-- more than the generic plans cost to run.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
    n          int := cardinality(p_streams);
    names      text[];   -- the batch's streams, in name order
    versions   bigint[]; -- their versions, kept current as appends are accepted
    s          int;      -- the index of append i's stream in names
    k          int;      -- the number of events of append i
    ev_first   int := 1; -- the first event of append i
    -- Per event, if it is to be written: its stream, version and place among those written.
    ev_stream  text[] := array_fill(NULL::text, ARRAY[cardinality(p_ids)]);
    ev_version bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_ids)]);
    ev_place   bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_ids)]);
    written    bigint := 0;
    bet_lost   boolean := false;
    top        bigint;   -- the counter once this batch has taken it
BEGIN
    new_versions := array_fill(0::bigint, ARRAY[n]);
    last_positions := array_fill(0::bigint, ARRAY[n]);
    actuals := array_fill(-1::bigint, ARRAY[n]);

    -- Lock the batch's streams in name order, so that concurrent batches cannot deadlock,
    -- and move each on by all of its appends' events, betting that every expected version
    -- matches; the bet is corrected below when one does not.
    WITH totals AS (
        SELECT r.stream, sum(r.count)::bigint AS total
        FROM unnest(p_streams, p_counts) AS r(stream, count) GROUP BY r.stream
    ), locked AS (
        INSERT INTO eventstore_streams AS t (name, version)
        SELECT totals.stream, totals.total FROM totals ORDER BY totals.stream
        ON CONFLICT (name) DO UPDATE SET version = t.version + excluded.version
        RETURNING t.name, t.version
    )
    SELECT array_agg(l.name ORDER BY l.name), array_agg(l.version - totals.total ORDER BY l.name)
    INTO names, versions
    FROM locked AS l JOIN totals ON totals.stream = l.name;

    FOR i IN 1..n LOOP
        k := p_counts[i];
        s := array_position(names, p_streams[i]);
        IF p_expected[i] >= 0 AND versions[s] <> p_expected[i] THEN
            actuals[i] := versions[s];
            bet_lost := true;
        ELSE
            FOR j IN 1..k LOOP
                ev_stream[ev_first + j - 1] := p_streams[i];
                ev_version[ev_first + j - 1] := versions[s] + j;
                ev_place[ev_first + j - 1] := written + j;
            END LOOP;
            versions[s] := versions[s] + k;
            new_versions[i] := versions[s];
            written := written + k;
            last_positions[i] := written; -- relative until the counter is taken
        END IF;
        ev_first := ev_first + k;
    END LOOP;

    IF bet_lost THEN
        UPDATE eventstore_streams AS t SET version = fixed.version
        FROM unnest(names, versions) AS fixed(name, version)
        WHERE t.name = fixed.name AND t.version <> fixed.version;
    END IF;
    IF written = 0 THEN
        RETURN;
    END IF;

    -- Taken last: from here to commit every other append waits.
    WITH counter AS (
        UPDATE eventstore_counter AS c SET position = c.position + written
        RETURNING c.position
    ), inserted AS (
        INSERT INTO eventstore_events (position, id, stream, version, type, data,
            actor_id, command_id, correlation_id, causation_id, recorded_at)
        SELECT counter.position - written + e.place, e.id, e.stream, e.version, e.type, e.data,
            e.actor_id, e.command_id, e.correlation_id, e.causation_id, p_recorded_at
        FROM counter, unnest(p_ids, ev_stream, ev_version, ev_place, p_types, p_data,
                p_actors, p_commands, p_correlations, p_causations)
            AS e(id, stream, version, place, type, data,
                actor_id, command_id, correlation_id, causation_id)
        WHERE e.place IS NOT NULL
    )
    SELECT counter.position INTO top FROM counter;

    FOR i IN 1..n LOOP
        IF new_versions[i] > 0 THEN
            last_positions[i] := top - written + last_positions[i];
        END IF;
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION eventstore_append;
DROP TABLE eventstore_events;
DROP TABLE eventstore_counter;
DROP TABLE eventstore_streams;
