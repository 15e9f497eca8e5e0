package sizes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of entries on one page of the size log.
const PageSize = 9

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

const columns = `id, user_id, category, date_measured, measurement`

const newestFirst = ` ORDER BY date_measured DESC, logged_at DESC, id DESC`

// Page returns page (from 1) of the user's log of category, newest first, and the total.
// One row past the page is read so the last entry's difference is known: an index range
// read, whatever the length of the history.
func (q *Queries) Page(ctx context.Context, userID, category string, page int) ([]Entry, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM size_entries WHERE user_id = $1 AND category = $2`,
		userID, category).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count sizes: %w", err)
	}
	rows, err := q.db.QueryContext(ctx, `SELECT `+columns+` FROM size_entries WHERE user_id = $1 AND category = $2`+
		newestFirst+` LIMIT $3 OFFSET $4`, userID, category, PageSize+1, (page-1)*PageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("list sizes: %w", err)
	}
	defer rows.Close()
	var entries []Entry
	for rows.Next() {
		e, err := scan(rows)
		if err != nil {
			return nil, 0, err
		}
		entries = append(entries, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("list sizes: %w", err)
	}
	for i := 0; i+1 < len(entries); i++ {
		d := math.Round((entries[i].Measurement-entries[i+1].Measurement)*10) / 10
		entries[i].Difference = &d
	}
	if len(entries) > PageSize {
		entries = entries[:PageSize]
	}
	return entries, total, nil
}

// ByID returns one entry, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (Entry, error) {
	e, err := scan(q.db.QueryRowContext(ctx, `SELECT `+columns+` FROM size_entries WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, domain.NotFound("Size entry not found.")
	}
	return e, err
}

type scanner interface{ Scan(dest ...any) error }

func scan(s scanner) (Entry, error) {
	var e Entry
	if err := s.Scan(&e.ID, &e.UserID, &e.Category, &e.DateMeasured, &e.Measurement); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Entry{}, err
		}
		return Entry{}, fmt.Errorf("scan size: %w", err)
	}
	return e, nil
}
