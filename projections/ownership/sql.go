package ownership

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gymlog/gymlog/projections"
)

// maxPairsPerStatement bounds the rows of one INSERT (three parameters each).
const maxPairsPerStatement = 500

// sqlStore keeps user_streams in the read-model database for a batch of events: the rows a
// batch adds (mostly sets logged to a few workouts) go in one INSERT of the distinct pairs,
// written before any delete so that the statements keep the events' order.
type sqlStore struct {
	ctx   context.Context
	tx    projections.Tx
	table string
	pairs []any
	seen  map[[2]string]bool
}

func newSQLStore(ctx context.Context, tx projections.Tx) *sqlStore {
	return &sqlStore{ctx: ctx, tx: tx, table: tx.Table("user_streams"), seen: map[[2]string]bool{}}
}

func (s *sqlStore) add(user, stream string, shared bool) error {
	if k := [2]string{user, stream}; !s.seen[k] {
		s.seen[k] = true
		s.pairs = append(s.pairs, user, stream, shared)
	}
	return nil
}

func (s *sqlStore) dropOthers(stream, user string) error {
	return s.delete(`DELETE FROM `+s.table+` WHERE stream = $1 AND user_id <> $2`, stream, user)
}

func (s *sqlStore) dropShared(user string) error {
	return s.delete(`DELETE FROM `+s.table+` WHERE shared AND stream IN
		(SELECT stream FROM `+s.table+` WHERE user_id = $1 AND shared)`, user)
}

func (s *sqlStore) dropUser(user string) error {
	return s.delete(`DELETE FROM `+s.table+` WHERE user_id = $1`, user)
}

// delete writes the rows added so far, then the delete.
func (s *sqlStore) delete(query string, args ...any) error {
	if err := s.flush(); err != nil {
		return err
	}
	return s.tx.Defer(s.ctx, query, args...)
}

// flush writes the rows added since the last flush, a row of a pair already there left as it is.
func (s *sqlStore) flush() error {
	for chunk := range slices.Chunk(s.pairs, 3*maxPairsPerStatement) {
		values := make([]string, len(chunk)/3)
		for i := range values {
			values[i] = fmt.Sprintf("($%d, $%d, $%d)", 3*i+1, 3*i+2, 3*i+3)
		}
		if err := s.tx.Defer(s.ctx, `INSERT INTO `+s.table+` (user_id, stream, shared) VALUES `+strings.Join(values, ", ")+`
			ON CONFLICT (user_id, stream) DO NOTHING`, slices.Clone(chunk)...); err != nil {
			return err
		}
	}
	s.pairs, s.seen = s.pairs[:0], map[[2]string]bool{}
	return nil
}
