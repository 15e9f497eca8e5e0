package progress

import (
	"database/sql"
	"errors"
	"fmt"
)

// dayTotals is what a user's workouts of one day, or of all days, add up to.
type dayTotals struct{ workouts, finished, minutes int64 }

func (t dayTotals) plus(u dayTotals, sign int64) dayTotals {
	return dayTotals{t.workouts + sign*u.workouts, t.finished + sign*u.finished, t.minutes + sign*u.minutes}
}

// refreshWorkoutDay sums a user's workouts of one day again, and moves the user's totals by
// what the day's sums changed.
func (a apply) refreshWorkoutDay(userID, date string) error {
	var now dayTotals
	if err := a.tx.QueryRowContext(a.ctx, `SELECT COUNT(*), COUNT(minutes), CAST(COALESCE(SUM(minutes), 0) AS BIGINT)
		FROM `+a.table("progress_workouts")+` WHERE user_id = $1 AND date = $2`, userID, date).
		Scan(&now.workouts, &now.finished, &now.minutes); err != nil {
		return fmt.Errorf("sum workout day: %w", err)
	}
	days := a.table("workout_days")
	was, err := a.totals(`SELECT workouts, finished, minutes FROM `+days+` WHERE user_id = $1 AND date = $2`, userID, date)
	if err != nil || was == now {
		return err
	}
	if now.workouts == 0 {
		err = a.exec(`DELETE FROM `+days+` WHERE user_id = $1 AND date = $2`, userID, date)
	} else {
		err = a.exec(`INSERT INTO `+days+` (user_id, date, workouts, finished, minutes) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (user_id, date) DO UPDATE SET workouts = excluded.workouts, finished = excluded.finished,
			minutes = excluded.minutes`, userID, date, now.workouts, now.finished, now.minutes)
	}
	if err != nil {
		return err
	}
	all := a.table("workout_totals")
	sum, err := a.totals(`SELECT workouts, finished, minutes FROM `+all+` WHERE user_id = $1`, userID)
	if err != nil {
		return err
	}
	sum = sum.plus(now, 1).plus(was, -1)
	if sum.workouts == 0 {
		return a.exec(`DELETE FROM `+all+` WHERE user_id = $1`, userID)
	}
	return a.exec(`INSERT INTO `+all+` (user_id, workouts, finished, minutes) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET workouts = excluded.workouts, finished = excluded.finished,
		minutes = excluded.minutes`, userID, sum.workouts, sum.finished, sum.minutes)
}

// totals reads one row of workouts, finished and minutes; none is all zero.
func (a apply) totals(query string, args ...any) (dayTotals, error) {
	var t dayTotals
	err := a.tx.QueryRowContext(a.ctx, query, args...).Scan(&t.workouts, &t.finished, &t.minutes)
	if errors.Is(err, sql.ErrNoRows) {
		return dayTotals{}, nil
	}
	if err != nil {
		return t, fmt.Errorf("workout totals: %w", err)
	}
	return t, nil
}

// refreshExerciseDay sums a user's done sets of one exercise on one day again (their count
// and best), and counts the day in the exercise's days when it gained or lost its first set.
func (a apply) refreshExerciseDay(userID, key, date string) error {
	var sets int64
	var weighted, reps sql.NullFloat64
	var name sql.NullString
	if err := a.tx.QueryRowContext(a.ctx, `SELECT COUNT(*), MAX(CASE WHEN bodyweight THEN NULL ELSE value END),
		MAX(CASE WHEN bodyweight THEN value ELSE NULL END), MAX(exercise)
		FROM `+a.table("progress_sets")+` WHERE user_id = $1 AND exercise_key = $2 AND date = $3 AND done = TRUE`,
		userID, key, date).Scan(&sets, &weighted, &reps, &name); err != nil {
		return fmt.Errorf("sum exercise day: %w", err)
	}
	days := a.table("exercise_days")
	var held int
	if err := a.tx.QueryRowContext(a.ctx, `SELECT COUNT(*) FROM `+days+` WHERE user_id = $1 AND exercise_key = $2 AND date = $3`,
		userID, key, date).Scan(&held); err != nil {
		return fmt.Errorf("exercise day: %w", err)
	}
	if sets == 0 {
		if held == 0 {
			return nil
		}
		if err := a.exec(`DELETE FROM `+days+` WHERE user_id = $1 AND exercise_key = $2 AND date = $3`, userID, key, date); err != nil {
			return err
		}
		return a.countDays(userID, key, name.String, -1)
	}
	best := weighted
	if !weighted.Valid {
		best = reps
	}
	if err := a.exec(`INSERT INTO `+days+` (user_id, exercise_key, date, exercise, sets, best, bodyweight)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, exercise_key, date) DO UPDATE SET
		exercise = excluded.exercise, sets = excluded.sets, best = excluded.best, bodyweight = excluded.bodyweight`,
		userID, key, date, name.String, sets, best, !weighted.Valid); err != nil {
		return err
	}
	if held == 0 {
		return a.countDays(userID, key, name.String, 1)
	}
	return nil
}

// countDays moves an exercise's count of days by delta, naming it name when it has one.
func (a apply) countDays(userID, key, name string, delta int64) error {
	all := a.table("exercise_totals")
	var days int64
	var was string
	err := a.tx.QueryRowContext(a.ctx, `SELECT days, exercise FROM `+all+` WHERE user_id = $1 AND exercise_key = $2`,
		userID, key).Scan(&days, &was)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("exercise days: %w", err)
	}
	days += delta
	if days <= 0 {
		return a.exec(`DELETE FROM `+all+` WHERE user_id = $1 AND exercise_key = $2`, userID, key)
	}
	if name == "" {
		name = was
	}
	return a.exec(`INSERT INTO `+all+` (user_id, exercise_key, exercise, days) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, exercise_key) DO UPDATE SET exercise = excluded.exercise, days = excluded.days`,
		userID, key, name, days)
}
