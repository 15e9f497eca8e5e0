package projections

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrCheckpointMoved means a checkpoint was no longer where its consumer last left it: another
// process, or a rebuild, moved it. The consumer reads it again and carries on from there.
var ErrCheckpointMoved = errors.New("projections: checkpoint moved by another process")

// checkpoint is one row of projection_checkpoints.
type checkpoint struct {
	version        int
	position       int64
	failedPosition sql.NullInt64
	lastError      sql.NullString
	updatedAt      string
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }

// ensureCheckpoint creates name's row at position 0 with version when it has none. A new
// consumer starts from the beginning of the feed into tables its migration just created,
// which is the same as a rebuild.
func ensureCheckpoint(ctx context.Context, q querier, name string, version int) error {
	_, err := q.ExecContext(ctx, `INSERT INTO projection_checkpoints (name, version, position, updated_at)
		VALUES ($1, $2, 0, $3) ON CONFLICT (name) DO NOTHING`, name, version, now())
	if err != nil {
		return fmt.Errorf("projections: create checkpoint %s: %w", name, err)
	}
	return nil
}

func readCheckpoint(ctx context.Context, q querier, name string) (checkpoint, error) {
	var c checkpoint
	err := q.QueryRowContext(ctx, `SELECT version, position, failed_position, last_error, updated_at
		FROM projection_checkpoints WHERE name = $1`, name).
		Scan(&c.version, &c.position, &c.failedPosition, &c.lastError, &c.updatedAt)
	if err != nil {
		return c, fmt.Errorf("projections: read checkpoint %s: %w", name, err)
	}
	return c, nil
}

// claimCheckpoint moves name's checkpoint from position from to to, and clears a recorded
// failure, provided the row is still at from and version. It is the first statement of every
// batch transaction: it takes the row's write lock before any read-model change, so two
// writers of one projector queue up and the second finds the row moved.
func claimCheckpoint(ctx context.Context, q querier, name string, version int, from, to int64) error {
	res, err := q.ExecContext(ctx, `UPDATE projection_checkpoints
		SET position = $1, failed_position = NULL, last_error = NULL, updated_at = $2
		WHERE name = $3 AND position = $4 AND version = $5`, to, now(), name, from, version)
	if err != nil {
		return fmt.Errorf("projections: move checkpoint %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("projections: move checkpoint %s: %w", name, err)
	}
	if n == 0 {
		return ErrCheckpointMoved
	}
	return nil
}
