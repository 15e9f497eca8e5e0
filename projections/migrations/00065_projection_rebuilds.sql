-- +goose Up
-- Rebuilds under way, shared by every node: the node that rebuilds a read model (the command,
-- or a serving node after the projector's version rose) writes how far it has got every few
-- seconds, and deletes its row when the read model is swapped in or the rebuild gives up.
-- /readyz and `gymlog projections status` read it; a row not updated for a minute is a
-- rebuild whose process died, and is not reported.
CREATE TABLE projection_rebuilds (
    name       TEXT PRIMARY KEY,
    done       BIGINT NOT NULL,
    total      BIGINT NOT NULL,
    part       BIGINT NOT NULL,
    parts      BIGINT NOT NULL,
    writing    BIGINT NOT NULL,
    started_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE projection_rebuilds;
