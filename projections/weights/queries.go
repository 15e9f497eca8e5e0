package weights

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/bodylog"
)

// PageSize is the number of entries on one page of the weight log.
const PageSize = bodylog.PageSize

// Entry is one weight entry shown in the user's unit.
type Entry struct {
	ID          string
	UserID      string
	DateWeighed string
	Weight      float64
	Unit        string
	WeightKg    float64
	// Difference is this entry minus the one before it, in the user's unit; nil for the first.
	Difference *float64
}

// Queries reads the weight-log read model.
type Queries struct {
	db *projections.Prepared
}

// NewQueries returns the weight-log queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

// Page returns page (from 1) of the user's log, newest first, in unit, and the total count.
func (q *Queries) Page(ctx context.Context, userID, unit string, page int) ([]Entry, int, error) {
	return weightLog.Page(ctx, q.db, scanIn(unit), page, `user_id = $1`, userID)
}

// ByID returns one entry in unit, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id, unit string) (Entry, error) {
	return weightLog.ByID(ctx, q.db, scanIn(unit), id)
}

// Latest returns the user's n newest entries in unit, oldest first (the weight chart's).
func (q *Queries) Latest(ctx context.Context, userID, unit string, n int) ([]Entry, error) {
	return weightLog.Latest(ctx, q.db, scanIn(unit), n, `user_id = $1`, userID)
}

// Oldest returns the user's first entry in unit, if any (where the weight's progress starts).
func (q *Queries) Oldest(ctx context.Context, userID, unit string) (Entry, bool, error) {
	return weightLog.Oldest(ctx, q.db, scanIn(unit), `user_id = $1`, userID)
}

// LatestKg returns the user's newest weight in kg, or nil without any.
func (q *Queries) LatestKg(ctx context.Context, userID string) (*float64, error) {
	var kg float64
	err := q.db.QueryRowContext(ctx, `SELECT weight_kg FROM weight_entries WHERE user_id = $1`+weightLog.NewestFirst()+` LIMIT 1`, userID).Scan(&kg)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("latest weight: %w", err)
	}
	kg = math.Round(kg*100) / 100
	return &kg, nil
}

// scanIn reads an entry and shows it in unit: as logged when the units match (no rounding
// drift), converted through kilograms otherwise.
func scanIn(unit string) func(bodylog.Scanner) (Entry, error) {
	return func(s bodylog.Scanner) (Entry, error) {
		var e Entry
		err := s.Scan(&e.ID, &e.UserID, &e.DateWeighed, &e.Weight, &e.Unit, &e.WeightKg)
		if err == nil && e.Unit != unit {
			e.Weight, e.Unit = body.FromKg(e.WeightKg, unit), unit
		}
		return e, err
	}
}

// setDifference sets e's difference from older, the entry logged before it: in the user's unit, to the hundredth.
func (e *Entry) setDifference(older Entry) {
	d := math.Round((e.Weight-older.Weight)*100) / 100
	e.Difference = &d
}
