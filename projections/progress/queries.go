package progress

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/projections"
)

// ChartPoints is how many of the latest points a chart shows.
const ChartPoints = 30

// Queries reads the progress read model.
type Queries struct{ db *projections.Prepared }

// NewQueries returns the progress queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

// Day is one day's number on a chart: a date (YYYY-MM-DD) and its value.
type Day struct {
	Date  string
	Value float64
}

// Durations returns the minutes of the user's finished workouts a day, on the ChartPoints
// latest days with one, oldest first.
func (q *Queries) Durations(ctx context.Context, userID string) ([]Day, error) {
	return q.days(ctx, `SELECT date, minutes FROM workout_days WHERE user_id = $1 AND finished > 0
		ORDER BY date DESC LIMIT $2`, userID, ChartPoints)
}

// Best is one day's best of an exercise: the heaviest kilograms, or the most reps when the
// day's sets were all bodyweight.
type Best struct {
	Day
	Bodyweight bool
}

// ExerciseBests returns an exercise's best a day (matched by exercise.Key) on the
// ChartPoints latest days it was done, oldest first.
func (q *Queries) ExerciseBests(ctx context.Context, userID, name string) ([]Best, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT date, best, bodyweight FROM exercise_days
		WHERE user_id = $1 AND exercise_key = $2 AND best IS NOT NULL ORDER BY date DESC LIMIT $3`,
		userID, exercise.Key(name), ChartPoints)
	if err != nil {
		return nil, fmt.Errorf("exercise bests: %w", err)
	}
	defer rows.Close()
	out := []Best{}
	for rows.Next() {
		var b Best
		if err := rows.Scan(&b.Date, &b.Value, &b.Bodyweight); err != nil {
			return nil, fmt.Errorf("exercise bests: %w", err)
		}
		out = append(out, b)
	}
	slices.Reverse(out)
	return out, rows.Err()
}

func (q *Queries) days(ctx context.Context, query string, args ...any) ([]Day, error) {
	rows, err := q.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("chart days: %w", err)
	}
	defer rows.Close()
	out := []Day{}
	for rows.Next() {
		var d Day
		if err := rows.Scan(&d.Date, &d.Value); err != nil {
			return nil, fmt.Errorf("chart days: %w", err)
		}
		out = append(out, d)
	}
	slices.Reverse(out)
	return out, rows.Err()
}

// Totals is what the time widgets are worked out from.
type Totals struct {
	// Workouts counts every workout, finished or not; Finished those finished, and Minutes
	// their durations added up.
	Workouts, Finished, Minutes int64
	// First and Last are the days of the first and the latest workout, "" without any.
	First, Last string
}

// Totals returns the user's workout totals and first and last workout days.
func (q *Queries) Totals(ctx context.Context, userID string) (Totals, error) {
	var t Totals
	err := q.db.QueryRowContext(ctx, `SELECT workouts, finished, minutes FROM workout_totals WHERE user_id = $1`, userID).
		Scan(&t.Workouts, &t.Finished, &t.Minutes)
	if errors.Is(err, sql.ErrNoRows) {
		return Totals{}, nil
	}
	if err != nil {
		return Totals{}, fmt.Errorf("workout totals: %w", err)
	}
	for _, edge := range []struct {
		order string
		to    *string
	}{{"ASC", &t.First}, {"DESC", &t.Last}} {
		if err := q.db.QueryRowContext(ctx, `SELECT date FROM workout_days WHERE user_id = $1 ORDER BY date `+edge.order+` LIMIT 1`,
			userID).Scan(edge.to); err != nil {
			return Totals{}, fmt.Errorf("workout days: %w", err)
		}
	}
	return t, nil
}

// ExerciseSets is how many done sets of one exercise a user did in some days.
type ExerciseSets struct {
	Exercise string
	Sets     int64
}

// SetsSince returns the user's done sets of each exercise on the days from since
// (YYYY-MM-DD) on, by exercise name.
func (q *Queries) SetsSince(ctx context.Context, userID, since string) ([]ExerciseSets, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT MAX(exercise), CAST(SUM(sets) AS BIGINT) FROM exercise_days
		WHERE user_id = $1 AND date >= $2 GROUP BY exercise_key ORDER BY exercise_key`, userID, since)
	if err != nil {
		return nil, fmt.Errorf("sets since %s: %w", since, err)
	}
	defer rows.Close()
	out := []ExerciseSets{}
	for rows.Next() {
		var s ExerciseSets
		if err := rows.Scan(&s.Exercise, &s.Sets); err != nil {
			return nil, fmt.Errorf("sets since %s: %w", since, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Repeated returns the exercises the user did on two days or more, by name.
func (q *Queries) Repeated(ctx context.Context, userID string) ([]string, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT exercise FROM exercise_totals WHERE user_id = $1 AND days >= 2
		ORDER BY exercise_key`, userID)
	if err != nil {
		return nil, fmt.Errorf("repeated exercises: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("repeated exercises: %w", err)
		}
		out = append(out, name)
	}
	return out, rows.Err()
}
