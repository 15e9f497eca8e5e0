// Package ownership is the read model of which streams belong to which user. Every event
// payload names its owner in `userId`, so this projector needs no knowledge of the event
// types: closing an account finds every stream to erase here, including those of features
// written later.
package ownership

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// Projector builds the user_streams table from every event.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return "ownership" }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 1 }

// EventTypes is empty: every event is wanted.
func (Projector) EventTypes() []string { return nil }

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"user_streams"} }

// owner is the part of every payload this projector reads.
type owner struct {
	UserID string `json:"userId"`
}

// Apply records that ev's stream belongs to the user its payload names; account.closed.v1
// forgets the user's streams (they have just been deleted).
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev eventstore.RecordedEvent) error {
	var o owner
	if err := json.Unmarshal(ev.Data, &o); err != nil || o.UserID == "" {
		// A payload without an owner (or not an object) belongs to no user.
		return nil
	}
	table := tx.Table("user_streams")
	if ev.Type == account.TypeAccountClosed {
		_, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE user_id = $1`, o.UserID)
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO `+table+` (user_id, stream) VALUES ($1, $2)
		ON CONFLICT (user_id, stream) DO NOTHING`, o.UserID, ev.Stream)
	return err
}

// Queries reads the ownership read model.
type Queries struct {
	db *sql.DB
}

// NewQueries returns the ownership queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: db} }

// Streams lists the streams holding events about userID.
func (q *Queries) Streams(ctx context.Context, userID string) ([]string, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT stream FROM user_streams WHERE user_id = $1 ORDER BY stream`, userID)
	if err != nil {
		return nil, fmt.Errorf("user streams: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("user streams: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
