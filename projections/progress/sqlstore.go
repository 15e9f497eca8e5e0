package progress

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/projections"
)

// sqlStore is the store of the live tables (or a rebuild's copies, applied through SQL):
// one statement a method, each reading or writing through the table's key or an index.
// Writes are deferred (projections.Tx.Defer): nothing reads their outcome before the next
// statement, which runs after them, so on PostgreSQL they travel with it.
type sqlStore struct {
	ctx context.Context
	tx  projections.Tx
}

func (s sqlStore) exec(query string, args ...any) error { return s.tx.Defer(s.ctx, query, args...) }

func (s sqlStore) table(name string) string { return s.tx.Table(name) }

// one scans the row query returns, or reports there is none.
func (s sqlStore) one(what string, query string, args []any, into ...any) (bool, error) {
	err := s.tx.QueryRowContext(s.ctx, query, args...).Scan(into...)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("progress %s: %w", what, err)
	}
	return true, nil
}

// all scans each row query returns with scan.
func (s sqlStore) all(what string, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := s.tx.QueryContext(s.ctx, query, args...)
	if err != nil {
		return fmt.Errorf("progress %s: %w", what, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return fmt.Errorf("progress %s: %w", what, err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("progress %s: %w", what, err)
	}
	return nil
}

func (s sqlStore) workout(user, id string) (workoutRow, bool, error) {
	w := workoutRow{user: user, id: id}
	var minutes sql.NullInt64
	ok, err := s.one("workout", `SELECT date, start_time, minutes FROM `+s.table("progress_workouts")+`
		WHERE user_id = $1 AND id = $2`, []any{user, id}, &w.date, &w.start, &minutes)
	w.finished, w.minutes = minutes.Valid, minutes.Int64
	return w, ok, err
}

func (s sqlStore) workoutsOn(user, date string) ([]workoutRow, error) {
	var out []workoutRow
	return out, s.all("workouts of a day", `SELECT id, start_time, minutes FROM `+s.table("progress_workouts")+`
		WHERE user_id = $1 AND date = $2`, []any{user, date}, func(rows *sql.Rows) error {
		w := workoutRow{user: user, date: date}
		var minutes sql.NullInt64
		err := rows.Scan(&w.id, &w.start, &minutes)
		w.finished, w.minutes = minutes.Valid, minutes.Int64
		out = append(out, w)
		return err
	})
}

func (s sqlStore) putWorkout(w workoutRow) error {
	var minutes any
	if w.finished {
		minutes = w.minutes
	}
	return s.exec(`INSERT INTO `+s.table("progress_workouts")+` (id, user_id, date, start_time, minutes) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (user_id, id) DO UPDATE SET date = excluded.date, start_time = excluded.start_time, minutes = excluded.minutes`,
		w.id, w.user, w.date, w.start, minutes)
}

func (s sqlStore) deleteWorkout(user, id string) error {
	return s.exec(`DELETE FROM `+s.table("progress_workouts")+` WHERE user_id = $1 AND id = $2`, user, id)
}

func (s sqlStore) workoutDay(user, date string) (dayTotals, bool, error) {
	var t dayTotals
	ok, err := s.one("workout day", `SELECT workouts, finished, minutes FROM `+s.table("workout_days")+`
		WHERE user_id = $1 AND date = $2`, []any{user, date}, &t.workouts, &t.finished, &t.minutes)
	return t, ok, err
}

func (s sqlStore) putWorkoutDay(user, date string, t dayTotals) error {
	return s.exec(`INSERT INTO `+s.table("workout_days")+` (user_id, date, workouts, finished, minutes) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (user_id, date) DO UPDATE SET workouts = excluded.workouts, finished = excluded.finished,
		minutes = excluded.minutes`, user, date, t.workouts, t.finished, t.minutes)
}

func (s sqlStore) deleteWorkoutDay(user, date string) error {
	return s.exec(`DELETE FROM `+s.table("workout_days")+` WHERE user_id = $1 AND date = $2`, user, date)
}

func (s sqlStore) workoutTotals(user string) (dayTotals, bool, error) {
	var t dayTotals
	ok, err := s.one("workout totals", `SELECT workouts, finished, minutes FROM `+s.table("workout_totals")+`
		WHERE user_id = $1`, []any{user}, &t.workouts, &t.finished, &t.minutes)
	return t, ok, err
}

func (s sqlStore) putWorkoutTotals(user string, t dayTotals) error {
	return s.exec(`INSERT INTO `+s.table("workout_totals")+` (user_id, workouts, finished, minutes) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET workouts = excluded.workouts, finished = excluded.finished,
		minutes = excluded.minutes`, user, t.workouts, t.finished, t.minutes)
}

func (s sqlStore) deleteWorkoutTotals(user string) error {
	return s.exec(`DELETE FROM `+s.table("workout_totals")+` WHERE user_id = $1`, user)
}

// setColumns are the columns of progress_sets a setRow is read from, as scanSet reads them.
const setColumns = `id, workout_id, exercise_key, exercise, date, value, bodyweight, done`

func scanSet(user string, scan func(...any) error) (setRow, error) {
	r := setRow{user: user}
	var value sql.NullFloat64
	err := scan(&r.id, &r.workout, &r.key, &r.name, &r.date, &value, &r.bodyweight, &r.done)
	r.value, r.hasValue = value.Float64, value.Valid
	return r, err
}

func (s sqlStore) set(user, id string) (setRow, bool, error) {
	row := s.tx.QueryRowContext(s.ctx, `SELECT `+setColumns+` FROM `+s.table("progress_sets")+`
		WHERE user_id = $1 AND id = $2`, user, id)
	r, err := scanSet(user, row.Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("progress set %s: %w", id, err)
	}
	return r, true, nil
}

func (s sqlStore) sets(what, where string, args ...any) ([]setRow, error) {
	var out []setRow
	return out, s.all(what, `SELECT `+setColumns+` FROM `+s.table("progress_sets")+` WHERE `+where, args,
		func(rows *sql.Rows) error {
			r, err := scanSet(args[0].(string), rows.Scan)
			out = append(out, r)
			return err
		})
}

func (s sqlStore) setsOf(user, workoutID string) ([]setRow, error) {
	return s.sets("sets of a workout", `user_id = $1 AND workout_id = $2`, user, workoutID)
}

func (s sqlStore) setsOn(user, key, date string) ([]setRow, error) {
	return s.sets("sets of an exercise's day", `user_id = $1 AND exercise_key = $2 AND date = $3`, user, key, date)
}

func (s sqlStore) putSet(r setRow) error {
	var value any
	if r.hasValue {
		value = r.value
	}
	return s.exec(`INSERT INTO `+s.table("progress_sets")+` (id, user_id, workout_id, exercise_key, exercise, date, value,
		bodyweight, done) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id, id) DO UPDATE SET
		workout_id = excluded.workout_id, exercise_key = excluded.exercise_key, exercise = excluded.exercise,
		date = excluded.date, value = excluded.value, bodyweight = excluded.bodyweight, done = excluded.done`,
		r.id, r.user, r.workout, r.key, r.name, r.date, value, r.bodyweight, r.done)
}

func (s sqlStore) deleteSet(user, id string) error {
	return s.exec(`DELETE FROM `+s.table("progress_sets")+` WHERE user_id = $1 AND id = $2`, user, id)
}

func (s sqlStore) exerciseDay(user, key, date string) (exerciseDayRow, bool, error) {
	d := exerciseDayRow{user: user, key: key, date: date}
	var best sql.NullFloat64
	ok, err := s.one("exercise day", `SELECT exercise, sets, best, bodyweight FROM `+s.table("exercise_days")+`
		WHERE user_id = $1 AND exercise_key = $2 AND date = $3`, []any{user, key, date}, &d.name, &d.sets, &best, &d.bodyweight)
	d.best, d.hasBest = best.Float64, best.Valid
	return d, ok, err
}

func (s sqlStore) putExerciseDay(d exerciseDayRow) error {
	var best any
	if d.hasBest {
		best = d.best
	}
	return s.exec(`INSERT INTO `+s.table("exercise_days")+` (user_id, exercise_key, date, exercise, sets, best, bodyweight)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, exercise_key, date) DO UPDATE SET
		exercise = excluded.exercise, sets = excluded.sets, best = excluded.best, bodyweight = excluded.bodyweight`,
		d.user, d.key, d.date, d.name, d.sets, best, d.bodyweight)
}

func (s sqlStore) deleteExerciseDay(user, key, date string) error {
	return s.exec(`DELETE FROM `+s.table("exercise_days")+` WHERE user_id = $1 AND exercise_key = $2 AND date = $3`,
		user, key, date)
}

func (s sqlStore) exerciseTotal(user, key string) (exerciseTotalRow, bool, error) {
	t := exerciseTotalRow{user: user, key: key}
	ok, err := s.one("exercise total", `SELECT exercise, days FROM `+s.table("exercise_totals")+`
		WHERE user_id = $1 AND exercise_key = $2`, []any{user, key}, &t.name, &t.days)
	return t, ok, err
}

func (s sqlStore) putExerciseTotal(t exerciseTotalRow) error {
	return s.exec(`INSERT INTO `+s.table("exercise_totals")+` (user_id, exercise_key, exercise, days) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, exercise_key) DO UPDATE SET exercise = excluded.exercise, days = excluded.days`,
		t.user, t.key, t.name, t.days)
}

func (s sqlStore) deleteExerciseTotal(user, key string) error {
	return s.exec(`DELETE FROM `+s.table("exercise_totals")+` WHERE user_id = $1 AND exercise_key = $2`, user, key)
}

func (s sqlStore) deleteUser(user string) error {
	for _, t := range tables {
		if err := s.exec(`DELETE FROM `+s.table(t)+` WHERE user_id = $1`, user); err != nil {
			return err
		}
	}
	return nil
}
