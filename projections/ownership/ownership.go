// Package ownership is the read model of which streams belong to which user. Every domain
// event names its owner (domain.Owned), so this projector needs no knowledge of the event
// types beyond an account's closing and an address's claim (rules.go): closing an account
// finds every stream to erase here, including those of features written later. It wants every event: one the domain's registry cannot decode (a type this
// build does not know, written by a newer one) stops it there, as a failing Apply does,
// rather than leave a stream no closing would find; on PostgreSQL a node that knows the type
// takes it over.
package ownership

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/gymlog/gymlog/projections"
)

// Projector builds the user_streams table from every event.
type Projector struct{}

var (
	_ projections.BatchProjector = Projector{}
	_ projections.Paced          = Projector{}
)

// Pace lets the ownership read model trail by up to a quarter of a second: only closing an
// account reads it, and waits for it, while every event of every user feeds it.
func (Projector) Pace() time.Duration { return 250 * time.Millisecond }

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return "ownership" }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 3 }

// EventTypes is empty: every event is wanted.
func (Projector) EventTypes() []string { return nil }

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"user_streams"} }

// Apply applies ev by the read model's rules (rules.go).
func (p Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	return p.ApplyBatch(ctx, tx, []projections.Event{ev})
}

// ApplyBatch applies the batch's events in order by the read model's rules, over the
// database (sqlStore).
func (Projector) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	s := newSQLStore(ctx, tx)
	for _, ev := range events {
		if err := apply(s, ev); err != nil {
			return err
		}
	}
	return s.flush()
}

// Queries reads the ownership read model.
type Queries struct {
	db *projections.Prepared
}

// NewQueries returns the ownership queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

// Closings lists, by id and after the id after, at most limit users whose account's closing began and has not
// ended: their closing's stream (closed-<userId>) is theirs here until it ends.
func (q *Queries) Closings(ctx context.Context, after string, limit int) ([]string, error) {
	return projections.QueryAll(ctx, q.db, "closings", func(s projections.Scanner) (string, error) {
		var id string
		return id, s.Scan(&id)
	}, `SELECT user_id FROM user_streams WHERE stream LIKE 'closed-%' AND stream = 'closed-' || user_id
		AND user_id > $1 ORDER BY user_id LIMIT $2`, after, limit)
}

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
