package sizes

import (
	"context"
	"database/sql"
	"math"

	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/bodylog"
)

// PageSize is the number of entries on one page of the size log.
const PageSize = bodylog.PageSize

// Entry is one measurement in cm.
type Entry struct {
	ID           string
	UserID       string
	Category     string
	DateMeasured string
	Measurement  float64
	// Difference is this entry minus the one before it in its category; nil for the first.
	Difference *float64
}

// Queries reads the size-log read model.
type Queries struct {
	db *projections.Prepared
}

// NewQueries returns the size-log queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

// Page returns page (from 1) of the user's log of category, newest first, and the total.
func (q *Queries) Page(ctx context.Context, userID, category string, page int) ([]Entry, int, error) {
	return sizeLog.Page(ctx, q.db, scan, page, `user_id = $1 AND category = $2`, userID, category)
}

// Latest returns the user's n newest entries of category, oldest first (a size chart's).
func (q *Queries) Latest(ctx context.Context, userID, category string, n int) ([]Entry, error) {
	return sizeLog.Latest(ctx, q.db, scan, n, `user_id = $1 AND category = $2`, userID, category)
}

// Oldest returns the user's first entry of category, if any (where its progress starts).
func (q *Queries) Oldest(ctx context.Context, userID, category string) (Entry, bool, error) {
	return sizeLog.Oldest(ctx, q.db, scan, `user_id = $1 AND category = $2`, userID, category)
}

// ByID returns one entry, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (Entry, error) {
	return sizeLog.ByID(ctx, q.db, scan, id)
}

func scan(s bodylog.Scanner) (Entry, error) {
	var e Entry
	err := s.Scan(&e.ID, &e.UserID, &e.Category, &e.DateMeasured, &e.Measurement)
	return e, err
}

// setDifference sets e's difference from older, the entry logged before it: in cm, to the millimetre.
func (e *Entry) setDifference(older Entry) {
	d := math.Round((e.Measurement-older.Measurement)*10) / 10
	e.Difference = &d
}
