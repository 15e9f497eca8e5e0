package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/gymlog/gymlog/projections/relay"
)

// schema is the analytic table and what it needs: which workout is on which day and whose it
// is (to erase it), which set of which exercise is in which workout, and the positions
// applied (to apply each event once, however often it is delivered).
const schema = `
CREATE TABLE IF NOT EXISTS applied (position INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS workouts (workout_id TEXT PRIMARY KEY, owner TEXT NOT NULL, day TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS workouts_by_owner ON workouts (owner);
CREATE TABLE IF NOT EXISTS sets (set_id TEXT PRIMARY KEY, workout_id TEXT NOT NULL, exercise TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sets_by_workout ON sets (workout_id);
`

// Table is the example's analytic table: sets logged per day and exercise, kept from the feed.
type Table struct{ db *sql.DB }

// NewTable creates the table's schema in db.
func NewTable(ctx context.Context, db *sql.DB) (*Table, error) {
	if _, err := db.ExecContext(ctx, schema); err != nil {
		return nil, fmt.Errorf("feed-example: schema: %w", err)
	}
	return &Table{db: db}, nil
}

// Apply applies one feed event in one transaction with its position: an event delivered
// again (the feed is at least once) finds its position applied and changes nothing. It
// reports whether the event was new.
func (t *Table) Apply(ctx context.Context, ev relay.FeedEvent) (bool, error) {
	tx, err := t.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer func() { _ = tx.Rollback() }()
	res, err := tx.ExecContext(ctx, `INSERT INTO applied (position) VALUES ($1) ON CONFLICT DO NOTHING`, ev.Position)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err // seen before
	}
	if err := apply(ctx, tx, ev); err != nil {
		return false, fmt.Errorf("feed-example: apply %s at %d: %w", ev.Type, ev.Position, err)
	}
	return true, tx.Commit()
}

// feedData is the union of the payload fields the table reads.
type feedData struct {
	WorkoutID string `json:"workoutId"`
	SetID     string `json:"setId"`
	Date      string `json:"date"`
	Exercise  string `json:"exercise"`
	UserID    string `json:"userId"`
}

func apply(ctx context.Context, tx *sql.Tx, ev relay.FeedEvent) error {
	var d feedData
	if len(ev.Data) > 0 {
		if err := json.Unmarshal(ev.Data, &d); err != nil {
			return err
		}
	}
	exec := func(query string, args ...any) error {
		_, err := tx.ExecContext(ctx, query, args...)
		return err
	}
	switch ev.Type {
	case "workout.started":
		return exec(`INSERT INTO workouts (workout_id, owner, day) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
			d.WorkoutID, d.UserID, d.Date)
	case "workout.details_edited":
		return exec(`UPDATE workouts SET day = $2 WHERE workout_id = $1`, d.WorkoutID, d.Date)
	case "workout.deleted":
		if err := exec(`DELETE FROM sets WHERE workout_id = $1`, d.WorkoutID); err != nil {
			return err
		}
		return exec(`DELETE FROM workouts WHERE workout_id = $1`, d.WorkoutID)
	case "workout.set_logged", "workout.set_edited":
		return exec(`INSERT INTO sets (set_id, workout_id, exercise) VALUES ($1, $2, $3)
			ON CONFLICT (set_id) DO UPDATE SET exercise = excluded.exercise`, d.SetID, d.WorkoutID, d.Exercise)
	case "workout.set_deleted":
		return exec(`DELETE FROM sets WHERE set_id = $1`, d.SetID)
	case "account.closed":
		// Gymlog erased the user's streams; erase what the table holds of them too.
		if err := exec(`DELETE FROM sets WHERE workout_id IN (SELECT workout_id FROM workouts WHERE owner = $1)`, d.UserID); err != nil {
			return err
		}
		return exec(`DELETE FROM workouts WHERE owner = $1`, d.UserID)
	}
	return nil // a type the table does not need
}

// Row is one line of the report: how many sets of an exercise were logged on a day.
type Row struct {
	Day      string
	Exercise string
	Sets     int
}

// SetsPerDay is the report, by day and exercise.
func (t *Table) SetsPerDay(ctx context.Context) ([]Row, error) {
	rows, err := t.db.QueryContext(ctx, `SELECT w.day, s.exercise, count(*) FROM sets s
		JOIN workouts w ON w.workout_id = s.workout_id GROUP BY w.day, s.exercise ORDER BY w.day, s.exercise`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Row
	for rows.Next() {
		var r Row
		if err := rows.Scan(&r.Day, &r.Exercise, &r.Sets); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
