package weights

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of entries on one page of the weight log.
const PageSize = 9

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

const columns = `id, user_id, date_weighed, weight, unit, weight_kg`

const newestFirst = ` ORDER BY date_weighed DESC, logged_at DESC, id DESC`

// Page returns page (from 1) of the user's log, newest first, in unit, and the total count.
// It reads one row past the page so the last entry's difference is known: an index range
// read, whatever the length of the history.
func (q *Queries) Page(ctx context.Context, userID, unit string, page int) ([]Entry, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM weight_entries WHERE user_id = $1`, userID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count weights: %w", err)
	}
	rows, err := q.db.QueryContext(ctx, `SELECT `+columns+` FROM weight_entries WHERE user_id = $1`+newestFirst+
		` LIMIT $2 OFFSET $3`, userID, PageSize+1, (page-1)*PageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("list weights: %w", err)
	}
	defer rows.Close()
	var entries []Entry
	for rows.Next() {
		e, err := scan(rows)
		if err != nil {
			return nil, 0, err
		}
		entries = append(entries, inUnit(e, unit))
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("list weights: %w", err)
	}
	for i := 0; i+1 < len(entries); i++ {
		d := math.Round((entries[i].Weight-entries[i+1].Weight)*100) / 100
		entries[i].Difference = &d
	}
	if len(entries) > PageSize {
		entries = entries[:PageSize]
	}
	return entries, total, nil
}

// ByID returns one entry in unit, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id, unit string) (Entry, error) {
	e, err := scan(q.db.QueryRowContext(ctx, `SELECT `+columns+` FROM weight_entries WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, domain.NotFound("Weight entry not found.")
	}
	if err != nil {
		return Entry{}, err
	}
	return inUnit(e, unit), nil
}

// LatestKg returns the user's newest weight in kg, or nil without any.
func (q *Queries) LatestKg(ctx context.Context, userID string) (*float64, error) {
	var kg float64
	err := q.db.QueryRowContext(ctx, `SELECT weight_kg FROM weight_entries WHERE user_id = $1`+newestFirst+` LIMIT 1`, userID).Scan(&kg)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("latest weight: %w", err)
	}
	kg = math.Round(kg*100) / 100
	return &kg, nil
}

type scanner interface{ Scan(dest ...any) error }

func scan(s scanner) (Entry, error) {
	var e Entry
	if err := s.Scan(&e.ID, &e.UserID, &e.DateWeighed, &e.Weight, &e.Unit, &e.WeightKg); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Entry{}, err
		}
		return Entry{}, fmt.Errorf("scan weight: %w", err)
	}
	return e, nil
}

// inUnit shows an entry in unit: as logged when the units match (no rounding drift),
// converted through kilograms otherwise.
func inUnit(e Entry, unit string) Entry {
	if e.Unit != unit {
		e.Weight, e.Unit = body.FromKg(e.WeightKg, unit), unit
	}
	return e
}
