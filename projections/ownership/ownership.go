// Package ownership is the read model of which streams belong to which user. Every domain
// event names its owner (domain.Owned), so this projector needs no knowledge of the event
// types: closing an account finds every stream to erase here, including those of features
// written later. It wants every event: one the domain's registry cannot decode (a type this
// build does not know, written by a newer one) stops it there, as a failing Apply does,
// rather than leave a stream no closing would find; on PostgreSQL a node that knows the type
// takes it over.
package ownership

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
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
func (Projector) Version() int { return 2 }

// EventTypes is empty: every event is wanted.
func (Projector) EventTypes() []string { return nil }

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"user_streams"} }

// Apply records that ev's stream belongs to the user its payload names (and to the second
// user a domain.Shared event names); account.closed.v1
// forgets the user's streams (they have just been deleted).
func (p Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	return p.ApplyBatch(ctx, tx, []projections.Event{ev})
}

// maxPairsPerStatement bounds the rows of one INSERT (three parameters each).
const maxPairsPerStatement = 500

// ApplyBatch records the streams of a batch with one INSERT of its distinct user and stream
// pairs (a batch is mostly sets logged to a few workouts), in order around the account
// closings, which delete.
func (Projector) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	table := tx.Table("user_streams")
	var pairs []any
	seen := map[[2]string]bool{}
	flush := func() error {
		for chunk := range slices.Chunk(pairs, 3*maxPairsPerStatement) {
			values := make([]string, len(chunk)/3)
			for i := range values {
				values[i] = fmt.Sprintf("($%d, $%d, $%d)", 3*i+1, 3*i+2, 3*i+3)
			}
			if err := tx.Defer(ctx, `INSERT INTO `+table+` (user_id, stream, shared) VALUES `+strings.Join(values, ", ")+`
				ON CONFLICT (user_id, stream) DO NOTHING`, slices.Clone(chunk)...); err != nil {
				return err
			}
		}
		pairs, seen = pairs[:0], map[[2]string]bool{}
		return nil
	}
	for _, ev := range events {
		o, ok := ev.Payload.(domain.Owned)
		if !ok || o.OwnerID() == "" {
			// An event without an owner belongs to no user.
			continue
		}
		if _, closed := o.(account.AccountClosed); closed {
			if err := flush(); err != nil {
				return err
			}
			// The shared streams were erased with the account: the other users' rows go too.
			if err := tx.Defer(ctx, `DELETE FROM `+table+` WHERE shared AND stream IN
				(SELECT stream FROM `+table+` WHERE user_id = $1 AND shared)`, o.OwnerID()); err != nil {
				return err
			}
			if err := tx.Defer(ctx, `DELETE FROM `+table+` WHERE user_id = $1`, o.OwnerID()); err != nil {
				return err
			}
			continue
		}
		owners := []string{o.OwnerID()}
		sh, shared := o.(domain.Shared)
		if shared && sh.SharedWith() != "" {
			owners = append(owners, sh.SharedWith())
		}
		for _, owner := range owners {
			if k := [2]string{owner, ev.Stream}; !seen[k] {
				seen[k] = true
				pairs = append(pairs, k[0], k[1], shared)
			}
		}
	}
	return flush()
}

// Queries reads the ownership read model.
type Queries struct {
	db *projections.Prepared
}

// NewQueries returns the ownership queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

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
