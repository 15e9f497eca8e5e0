package history

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of lines on one page of a history.
const PageSize = 30

// Line is one change as a History panel shows it.
type Line struct {
	At      time.Time
	OwnerID string
	ActorID string
	// ActorName is the actor's display name (else first name and surname), nil when the
	// actor's account is closed.
	ActorName *string
	Subject   string
	Text      string
	// About names the workout or plan the line is about as it stood before the change ("" for
	// an unnamed workout, a body log or one the read model did not hold); AboutDate is the
	// workout's date. DaysAfter counts the days after the workout's date a change made on a
	// later day than both that date and the day the workout was entered came (else 0).
	About, AboutDate string
	DaysAfter        int
}

// Queries reads the history read model (with the users it names).
type Queries struct{ db *projections.Prepared }

// NewQueries returns the queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

const lineColumns = `l.at, l.owner_id, l.actor_id, COALESCE(NULLIF(u.display_name, ''), u.first_name || ' ' || u.surname),
	l.subject, l.text, l.about, l.about_date, l.days_after`

func scanLine(s projections.Scanner) (Line, error) {
	var l Line
	var at int64
	if err := s.Scan(&at, &l.OwnerID, &l.ActorID, &l.ActorName, &l.Subject, &l.Text, &l.About, &l.AboutDate, &l.DaysAfter); err != nil {
		return Line{}, err
	}
	l.At = time.UnixMilli(at).UTC()
	return l, nil
}

// Of returns page (from 1) of the changes made to subject (a stream: workout-<id>, plan-<id>,
// body-<userId>), newest first, and how many there are.
func (q *Queries) Of(ctx context.Context, subject string, page int) ([]Line, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM history_lines WHERE subject = $1`, subject).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count history: %w", err)
	}
	lines, err := projections.QueryAll(ctx, q.db, "history", scanLine, `SELECT `+lineColumns+` FROM history_lines l
		LEFT JOIN users u ON u.id = l.actor_id WHERE l.subject = $1 ORDER BY l.position DESC LIMIT $2 OFFSET $3`,
		subject, PageSize, (page-1)*PageSize)
	return lines, total, err
}

// Activity returns page (from 1) of the changes made to ownerID's workouts and plans, newest
// first, and how many there are; by, when not empty, keeps those its actor made, and
// afterTheDay those made after their workout's day.
func (q *Queries) Activity(ctx context.Context, ownerID, by string, afterTheDay bool, page int) ([]Line, int, error) {
	where := ` WHERE l.owner_id = $1 AND ($2 = '' OR l.actor_id = $2)
		AND (l.subject LIKE 'workout-%' OR l.subject LIKE 'plan-%')`
	if afterTheDay {
		where += ` AND l.days_after > 0`
	}
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM history_lines l`+where, ownerID, by).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count activity: %w", err)
	}
	lines, err := projections.QueryAll(ctx, q.db, "activity", scanLine, `SELECT `+lineColumns+` FROM history_lines l
		LEFT JOIN users u ON u.id = l.actor_id`+where+` ORDER BY l.position DESC LIMIT $3 OFFSET $4`,
		ownerID, by, PageSize, (page-1)*PageSize)
	return lines, total, err
}

// AfterTheDay is the latest change to a workout made after its day.
type AfterTheDay struct {
	DaysAfter int
	At        time.Time
}

// LatestAfterTheDay returns, for each workout of ownerID's among workoutIDs that was changed
// after its day, the latest such change.
func (q *Queries) LatestAfterTheDay(ctx context.Context, ownerID string, workoutIDs []string) (map[string]AfterTheDay, error) {
	out := map[string]AfterTheDay{}
	if len(workoutIDs) == 0 {
		return out, nil
	}
	args := []any{ownerID}
	marks := make([]string, len(workoutIDs))
	for i, id := range workoutIDs {
		args = append(args, "workout-"+id)
		marks[i] = "$" + strconv.Itoa(i+2)
	}
	rows, err := q.db.QueryContext(ctx, `SELECT subject, days_after, at FROM history_lines
		WHERE owner_id = $1 AND subject IN (`+strings.Join(marks, ", ")+`) AND days_after > 0 ORDER BY position`, args...)
	if err != nil {
		return nil, fmt.Errorf("changes after the day: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var subject string
		var a AfterTheDay
		var at int64
		if err := rows.Scan(&subject, &a.DaysAfter, &at); err != nil {
			return nil, err
		}
		a.At = time.UnixMilli(at).UTC()
		out[strings.TrimPrefix(subject, "workout-")] = a
	}
	return out, rows.Err()
}
