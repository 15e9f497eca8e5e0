package progress

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// apply holds one event's transaction.
type apply struct {
	ctx context.Context
	tx  projections.Tx
}

// exec runs a write whose outcome nothing reads back before the next statement: deferred,
// so that on PostgreSQL the writes travel together.
func (a apply) exec(query string, args ...any) error { return a.tx.Defer(a.ctx, query, args...) }

func (a apply) table(name string) string { return a.tx.Table(name) }

// workoutRow is a workout as progress holds it; Minutes is nil until it is finished.
type workoutRow struct {
	userID, date, start string
	minutes             *int64
}

// workout reads a workout, or reports it is not held.
func (a apply) workout(id string) (workoutRow, bool, error) {
	var w workoutRow
	err := a.tx.QueryRowContext(a.ctx, `SELECT user_id, date, start_time, minutes FROM `+a.table("progress_workouts")+`
		WHERE id = $1`, id).Scan(&w.userID, &w.date, &w.start, &w.minutes)
	if errors.Is(err, sql.ErrNoRows) {
		return w, false, nil
	}
	if err != nil {
		return w, false, fmt.Errorf("progress workout %s: %w", id, err)
	}
	return w, true, nil
}

func (a apply) workoutStarted(e workout.WorkoutStarted) error {
	if err := a.exec(`INSERT INTO `+a.table("progress_workouts")+` (id, user_id, date, start_time) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, e.WorkoutID, e.UserID, e.Date, e.StartTime); err != nil {
		return err
	}
	return a.refreshWorkoutDay(e.UserID, e.Date)
}

func (a apply) workoutFinished(e workout.WorkoutFinished) error {
	w, ok, err := a.workout(e.WorkoutID)
	if err != nil || !ok {
		return err
	}
	minutes := int64(workout.Duration(w.start, e.FinishTime))
	if err := a.exec(`UPDATE `+a.table("progress_workouts")+` SET minutes = $2 WHERE id = $1`, e.WorkoutID, minutes); err != nil {
		return err
	}
	return a.refreshWorkoutDay(w.userID, w.date)
}

// workoutEdited moves a workout in time and, once finished, takes its new duration; its
// sets move to its new day.
func (a apply) workoutEdited(e workout.WorkoutDetailsEdited) error {
	w, ok, err := a.workout(e.WorkoutID)
	if err != nil || !ok {
		return err
	}
	minutes := w.minutes
	if minutes != nil {
		m := int64(0)
		if e.FinishTime != "" {
			m = int64(workout.Duration(e.StartTime, e.FinishTime))
		}
		minutes = &m
	}
	if err := a.exec(`UPDATE `+a.table("progress_workouts")+` SET date = $2, start_time = $3, minutes = $4 WHERE id = $1`,
		e.WorkoutID, e.Date, e.StartTime, minutes); err != nil {
		return err
	}
	if err := a.refreshWorkoutDay(w.userID, w.date); err != nil {
		return err
	}
	if e.Date == w.date {
		return nil
	}
	if err := a.refreshWorkoutDay(w.userID, e.Date); err != nil {
		return err
	}
	keys, err := a.exerciseKeys(e.WorkoutID)
	if err != nil {
		return err
	}
	if err := a.exec(`UPDATE `+a.table("progress_sets")+` SET date = $2 WHERE workout_id = $1`, e.WorkoutID, e.Date); err != nil {
		return err
	}
	for _, k := range keys {
		if err := a.refreshExerciseDay(w.userID, k, w.date); err != nil {
			return err
		}
		if err := a.refreshExerciseDay(w.userID, k, e.Date); err != nil {
			return err
		}
	}
	return nil
}

func (a apply) workoutDeleted(e workout.WorkoutDeleted) error {
	w, ok, err := a.workout(e.WorkoutID)
	if err != nil || !ok {
		return err
	}
	keys, err := a.exerciseKeys(e.WorkoutID)
	if err != nil {
		return err
	}
	if err := a.exec(`DELETE FROM `+a.table("progress_sets")+` WHERE workout_id = $1`, e.WorkoutID); err != nil {
		return err
	}
	if err := a.exec(`DELETE FROM `+a.table("progress_workouts")+` WHERE id = $1`, e.WorkoutID); err != nil {
		return err
	}
	for _, k := range keys {
		if err := a.refreshExerciseDay(w.userID, k, w.date); err != nil {
			return err
		}
	}
	return a.refreshWorkoutDay(w.userID, w.date)
}

// exerciseKeys lists the exercises of a workout's sets, each once.
func (a apply) exerciseKeys(workoutID string) ([]string, error) {
	rows, err := a.tx.QueryContext(a.ctx, `SELECT DISTINCT exercise_key FROM `+a.table("progress_sets")+`
		WHERE workout_id = $1 ORDER BY exercise_key`, workoutID)
	if err != nil {
		return nil, fmt.Errorf("exercises of workout %s: %w", workoutID, err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}

// setRow is where a held set counts: its exercise and day.
type setRow struct{ key, date string }

// set reads a set of workoutID, or reports it is not held. A set id is applied once: held in
// another workout (a log written before set ids were scoped to their workout), it is
// reported foreign, and events about it in this workout change nothing.
func (a apply) set(workoutID, id string) (s setRow, held, foreign bool, err error) {
	var in string
	err = a.tx.QueryRowContext(a.ctx, `SELECT exercise_key, date, workout_id FROM `+a.table("progress_sets")+`
		WHERE id = $1`, id).Scan(&s.key, &s.date, &in)
	if errors.Is(err, sql.ErrNoRows) {
		return s, false, false, nil
	}
	if err != nil {
		return s, false, false, fmt.Errorf("progress set %s: %w", id, err)
	}
	return s, in == workoutID, in != workoutID, nil
}

// setChanged replaces what a set counts for with f (logged or edited; nil when deleted):
// the exercise days it left and the one it joins are summed again. Cardio sets count for
// none.
func (a apply) setChanged(userID, workoutID, setID string, f *workout.SetFields, done bool) error {
	old, held, foreign, err := a.set(workoutID, setID)
	if err != nil || foreign {
		return err
	}
	if held {
		if err := a.exec(`DELETE FROM `+a.table("progress_sets")+` WHERE id = $1`, setID); err != nil {
			return err
		}
	}
	var now setRow
	counted := false
	if f != nil && f.Category != exercise.Cardio {
		w, ok, err := a.workout(workoutID)
		if err != nil {
			return err
		}
		if ok {
			now, counted = setRow{key: exercise.Key(f.Exercise), date: w.date}, true
			bodyweight := f.Category == exercise.Bodyweight
			if err := a.exec(`INSERT INTO `+a.table("progress_sets")+` (id, user_id, workout_id, exercise_key, exercise, date,
				value, bodyweight, done) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
				setID, userID, workoutID, now.key, exercise.CleanName(f.Exercise), now.date, value(f, bodyweight), bodyweight, done); err != nil {
				return err
			}
		}
	}
	if held && (!counted || old != now) {
		if err := a.refreshExerciseDay(userID, old.key, old.date); err != nil {
			return err
		}
	}
	if counted {
		return a.refreshExerciseDay(userID, now.key, now.date)
	}
	return nil
}

func (a apply) setMarkedDone(e workout.SetMarkedDone) error {
	s, held, _, err := a.set(e.WorkoutID, e.SetID)
	if err != nil || !held {
		return err
	}
	if err := a.exec(`UPDATE `+a.table("progress_sets")+` SET done = TRUE WHERE id = $1`, e.SetID); err != nil {
		return err
	}
	return a.refreshExerciseDay(e.UserID, s.key, s.date)
}

// value is what a set's best is measured by: reps for bodyweight, kilograms otherwise (nil
// without a weight).
func value(f *workout.SetFields, bodyweight bool) *float64 {
	if v, ok := valueOf(f, bodyweight); ok {
		return &v
	}
	return nil
}

// valueOf is value without the pointer: false when the set has none.
func valueOf(f *workout.SetFields, bodyweight bool) (float64, bool) {
	switch {
	case bodyweight && f.Reps != nil:
		return float64(*f.Reps), true
	case !bodyweight && f.Weight != nil:
		return body.ToKg(*f.Weight, f.Unit), true
	}
	return 0, false
}
