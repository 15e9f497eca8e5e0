package workouts

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of workouts on one page of the list (spec 1 section 9).
const PageSize = 9

// Workout is one workout as the screens show it.
type Workout struct {
	ID         string
	UserID     string
	Name       string
	Date       string
	StartTime  string
	FinishTime string
	IsFinished bool
	PlanName   string
	PlanID     string
	// PlanNotes are the notes of the plan's exercises as they stood, by exercise.Key.
	PlanNotes     map[string]string
	SetCount      int
	DoneCount     int
	VolumeKg      float64
	ExerciseNames []string
	// Notes are the lifter's notes on the workout, "" for none.
	Notes string
}

// Set is one set as the screens show it; SetNumber counts the sets of its exercise in its
// workout from 1.
type Set struct {
	ID           string
	WorkoutID    string
	UserID       string
	Exercise     string
	Category     string
	Weight       *float64
	WeightUnit   string
	WeightKg     *float64
	Reps         *int
	RPE          *int
	Done         bool
	PB           bool
	Distance     *float64
	DistanceUnit *string
	Minutes      *int
	Seconds      *int
	LoggedAt     int64
	SetNumber    int
	// Kind is "" (a working set), or warmup, drop or failure (domain/workout, kind.go).
	Kind string
	// Note is the lifter's note on the set, "" for none.
	Note string
	// PlanNotes are the notes of the set's exercise in the plan its workout started from.
	PlanNotes string
	// Provisional marks a set answered before the read model had it (Provisional): Position
	// is then the log position of the event that logged or edited it.
	Provisional bool
	Position    int64
	historyKey  string
}

// Best is a user's current personal best of one exercise.
type Best struct {
	Exercise      string
	SetID         string
	Weight        *float64
	WeightUnit    string
	WeightKg      *float64
	Reps          *int
	Date          string
	PreviousValue *float64
	Bodyweight    bool
}

// Queries reads the workouts read model.
type Queries struct{ db *projections.Prepared }

// NewQueries returns the workout queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

const workoutColumns = `id, user_id, name, date, start_time, finish_time, is_finished, plan_name, set_count, done_count,
	volume_kg, exercise_names, plan_id, plan_notes, notes`

func scanWorkout(s projections.Scanner) (Workout, error) {
	var w Workout
	var finish sql.NullString
	var names, notes string
	if err := s.Scan(&w.ID, &w.UserID, &w.Name, &w.Date, &w.StartTime, &finish, &w.IsFinished, &w.PlanName,
		&w.SetCount, &w.DoneCount, &w.VolumeKg, &names, &w.PlanID, &notes, &w.Notes); err != nil {
		return Workout{}, err
	}
	w.FinishTime = finish.String
	if err := json.Unmarshal([]byte(names), &w.ExerciseNames); err != nil {
		return Workout{}, fmt.Errorf("exercise names of %s: %w", w.ID, err)
	}
	var err error
	if w.PlanNotes, err = planNotes(notes); err != nil {
		return Workout{}, fmt.Errorf("plan notes of %s: %w", w.ID, err)
	}
	return w, nil
}

// Page returns page (from 1) of the user's workouts, newest first, and the total count.
func (q *Queries) Page(ctx context.Context, userID string, page int) ([]Workout, int, error) {
	return q.page(ctx, "", userID, page)
}

// PageChangedAfterTheDay is Page of the user's workouts that the history read model holds a
// change to made after the workout's day (history_lines.days_after).
func (q *Queries) PageChangedAfterTheDay(ctx context.Context, userID string, page int) ([]Workout, int, error) {
	return q.page(ctx, ` AND EXISTS (SELECT 1 FROM history_lines h WHERE h.subject = 'workout-' || workouts.id
		AND h.owner_id = workouts.user_id AND h.days_after > 0)`, userID, page)
}

func (q *Queries) page(ctx context.Context, where, userID string, page int) ([]Workout, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM workouts WHERE user_id = $1`+where, userID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count workouts: %w", err)
	}
	rows, err := q.db.QueryContext(ctx, `SELECT `+workoutColumns+` FROM workouts WHERE user_id = $1`+where+`
		ORDER BY date DESC, start_time DESC, id DESC LIMIT $2 OFFSET $3`, userID, PageSize, (page-1)*PageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("list workouts: %w", err)
	}
	defer rows.Close()
	out := []Workout{}
	for rows.Next() {
		w, err := scanWorkout(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, w)
	}
	return out, total, rows.Err()
}

// ByID returns one workout, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (Workout, error) {
	w, err := scanWorkout(q.db.QueryRowContext(ctx, `SELECT `+workoutColumns+` FROM workouts WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Workout{}, domain.NotFound("Workout not found.")
	}
	return w, err
}

// Unfinished returns the user's workout in progress, if any.
func (q *Queries) Unfinished(ctx context.Context, userID string) (Workout, bool, error) {
	w, err := scanWorkout(q.db.QueryRowContext(ctx, `SELECT `+workoutColumns+` FROM workouts
		WHERE user_id = $1 AND is_finished = FALSE ORDER BY date DESC, start_time DESC LIMIT 1`, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return Workout{}, false, nil
	}
	return w, err == nil, err
}

// Held is what a file says of a workout: its date, start time and name.
type Held struct{ Date, StartTime, Name string }

// Finished returns the date, start time and name of each of the user's finished workouts
// (an import recognises in them the workouts of a file that the account holds already).
func (q *Queries) Finished(ctx context.Context, userID string) ([]Held, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT date, start_time, name FROM workouts WHERE user_id = $1 AND is_finished`, userID)
	if err != nil {
		return nil, fmt.Errorf("finished workouts: %w", err)
	}
	defer rows.Close()
	var out []Held
	for rows.Next() {
		var w Held
		if err := rows.Scan(&w.Date, &w.StartTime, &w.Name); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// IDs returns the ids of the user's workouts, newest first (the account's "sessions").
func (q *Queries) IDs(ctx context.Context, userID string) ([]string, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT id FROM workouts WHERE user_id = $1 ORDER BY date DESC, start_time DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("workout ids: %w", err)
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

const setColumns = `id, workout_id, user_id, exercise, category, weight, weight_unit, weight_kg, reps, rpe, done, pb,
	distance, distance_unit, minutes, seconds, logged_at, history_key, kind, note`

// scanSet reads the setColumns of one row, then any extra columns into extra.
func scanSet(s projections.Scanner, extra ...any) (Set, error) {
	var x Set
	var reps, rpe, minutes, seconds sql.NullInt64
	if err := s.Scan(append([]any{&x.ID, &x.WorkoutID, &x.UserID, &x.Exercise, &x.Category, &x.Weight, &x.WeightUnit,
		&x.WeightKg, &reps, &rpe, &x.Done, &x.PB, &x.Distance, &x.DistanceUnit, &minutes, &seconds, &x.LoggedAt,
		&x.historyKey, &x.Kind, &x.Note}, extra...)...); err != nil {
		return Set{}, err
	}
	x.Reps, x.RPE, x.Minutes, x.Seconds = intPtr(reps), intPtr(rpe), intPtr(minutes), intPtr(seconds)
	return x, nil
}

func intPtr(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func (q *Queries) sets(ctx context.Context, query string, args ...any) ([]Set, error) {
	return projections.QueryAll(ctx, q.db, "sets", func(s projections.Scanner) (Set, error) { return scanSet(s) }, query, args...)
}

// numbered sets each set's number within its exercise, in the order given.
func numbered(sets []Set) []Set {
	n := map[string]int{}
	for i := range sets {
		k := exercise.Key(sets[i].Exercise)
		n[k]++
		sets[i].SetNumber = n[k]
	}
	return sets
}

// OfWorkout returns every set of a workout in the order logged, with its plan notes. It
// needs no limit: the workout itself holds at most workout.MaxSets sets.
func (q *Queries) OfWorkout(ctx context.Context, workoutID string) ([]Set, error) {
	sets, err := q.sets(ctx, `SELECT `+setColumns+` FROM workout_sets WHERE workout_id = $1 ORDER BY seq`, workoutID)
	if err != nil || len(sets) == 0 {
		return numbered(sets), err
	}
	var js string
	if err := q.db.QueryRowContext(ctx, `SELECT plan_notes FROM workouts WHERE id = $1`, workoutID).Scan(&js); err != nil {
		return nil, fmt.Errorf("plan notes of %s: %w", workoutID, err)
	}
	notes, err := planNotes(js)
	if err != nil {
		return nil, fmt.Errorf("plan notes of %s: %w", workoutID, err)
	}
	for i := range sets {
		sets[i].PlanNotes = notes[exercise.Key(sets[i].Exercise)]
	}
	return numbered(sets), nil
}

// SetOf returns the user's set of id with its number (among the sets of its exercise in its
// workout, kept by the projector) and its plan notes, or a not-found error.
func (q *Queries) SetOf(ctx context.Context, userID, id string) (Set, error) {
	sets, err := q.setsByID(ctx, `WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return Set{}, err
	}
	if len(sets) == 0 {
		return Set{}, domain.NotFound("Set not found.")
	}
	return sets[0], nil
}

// SetByID returns the set of id that may allows (may answers for a set's owner), as SetOf
// reads it. Set ids are chosen per user, so two users can each hold one: viewerID's own
// comes first, then the others' by user. When may allows none, its refusal of the first is
// the error; when no user holds id, not found.
func (q *Queries) SetByID(ctx context.Context, id, viewerID string, may func(ownerID string) error) (Set, error) {
	sets, err := q.setsByID(ctx, `WHERE id = $1 ORDER BY user_id = $2 DESC, user_id`, id, viewerID)
	if err != nil {
		return Set{}, err
	}
	if len(sets) == 0 {
		return Set{}, domain.NotFound("Set not found.")
	}
	for _, x := range sets {
		if err := may(x.UserID); err == nil {
			return x, nil
		}
	}
	return Set{}, may(sets[0].UserID)
}

// setsByID reads the sets of one id that where finds, each with its number and plan notes.
func (q *Queries) setsByID(ctx context.Context, where string, id, userID string) ([]Set, error) {
	return projections.QueryAll(ctx, q.db, "set "+id, func(s projections.Scanner) (Set, error) {
		var number int
		var js string
		x, err := scanSet(s, &number, &js)
		if err != nil {
			return Set{}, err
		}
		notes, err := planNotes(js)
		if err != nil {
			return Set{}, fmt.Errorf("plan notes of set %s: %w", id, err)
		}
		x.SetNumber, x.PlanNotes = number, notes[exercise.Key(x.Exercise)]
		return x, nil
	}, `SELECT `+setColumns+`, set_number, COALESCE((SELECT w.plan_notes FROM workouts w WHERE w.id = workout_sets.workout_id), '{}')
		FROM workout_sets `+where, id, userID)
}

// OfExercise returns the sets of one exercise in one workout, numbered.
func (q *Queries) OfExercise(ctx context.Context, workoutID, name string) ([]Set, error) {
	sets, err := q.OfWorkout(ctx, workoutID)
	if err != nil {
		return nil, err
	}
	key := exercise.Key(name)
	out := []Set{}
	for _, s := range sets {
		if exercise.Key(s.Exercise) == key {
			out = append(out, s)
		}
	}
	return out, nil
}

// Previous returns the sets of an exercise in the user's latest workout that has any before
// the workout `before` (by date and start); with before empty, in the latest workout of all.
// The exercise's history index finds the workout with one row read.
func (q *Queries) Previous(ctx context.Context, userID, name, before string) ([]Set, error) {
	bound := "\uffff"
	if before != "" {
		w, err := q.ByID(ctx, before)
		if err != nil {
			return nil, err
		}
		bound = w.Date + "T" + w.StartTime
	}
	var workoutID string
	err := q.db.QueryRowContext(ctx, `SELECT workout_id FROM workout_sets WHERE user_id = $1 AND exercise_key = $2
		AND history_key < $3 AND workout_id <> $4 ORDER BY history_key DESC LIMIT 1`,
		userID, exercise.Key(name), bound, before).Scan(&workoutID)
	if errors.Is(err, sql.ErrNoRows) {
		return []Set{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("previous workout: %w", err)
	}
	return q.OfExercise(ctx, workoutID, name)
}

// LastDone returns the user's newest done set of an exercise, if any.
func (q *Queries) LastDone(ctx context.Context, userID, name string) (Set, bool, error) {
	return q.oneSet(ctx, `SELECT `+setColumns+` FROM workout_sets
		WHERE user_id = $1 AND exercise_key = $2 AND done = TRUE ORDER BY history_key DESC LIMIT 1`, userID, exercise.Key(name))
}

// FirstBests returns the user's first personal best of each exercise (its first done set with
// a weight, or reps for bodyweight), by exercise key: where each exercise's progress starts. One
// query, whatever the number of exercises.
func (q *Queries) FirstBests(ctx context.Context, userID string) (map[string]Set, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT `+setColumns+` FROM (
		SELECT `+setColumns+`, ROW_NUMBER() OVER (PARTITION BY exercise_key ORDER BY history_key) AS n
		FROM workout_sets WHERE user_id = $1 AND pb = TRUE) f WHERE n = 1`, userID)
	if err != nil {
		return nil, fmt.Errorf("first personal bests: %w", err)
	}
	defer rows.Close()
	out := map[string]Set{}
	for rows.Next() {
		s, err := scanSet(rows)
		if err != nil {
			return nil, err
		}
		out[exercise.Key(s.Exercise)] = s
	}
	return out, rows.Err()
}

// oneSet reads the set a query finds, if it finds one.
func (q *Queries) oneSet(ctx context.Context, query string, args ...any) (Set, bool, error) {
	s, err := scanSet(q.db.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Set{}, false, nil
	}
	return s, err == nil, err
}

// Date is the day (YYYY-MM-DD) of the set's workout.
func (s Set) Date() string { return s.historyKey[:min(len(s.historyKey), 10)] }

// Bests returns the user's current personal best of each exercise, the newest first.
func (q *Queries) Bests(ctx context.Context, userID string) ([]Best, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT exercise, set_id, weight, weight_unit, weight_kg, reps, date, previous_value
		FROM personal_bests WHERE user_id = $1 ORDER BY history_key DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("personal bests: %w", err)
	}
	defer rows.Close()
	out := []Best{}
	for rows.Next() {
		var b Best
		var reps sql.NullInt64
		if err := rows.Scan(&b.Exercise, &b.SetID, &b.Weight, &b.WeightUnit, &b.WeightKg, &reps, &b.Date, &b.PreviousValue); err != nil {
			return nil, err
		}
		b.Reps = intPtr(reps)
		b.Bodyweight = b.WeightKg == nil
		out = append(out, b)
	}
	return out, rows.Err()
}

// InUnit shows a weight logged in logged (with its kg) in unit: as logged when the units
// match, so no rounding drifts, converted through kilograms otherwise.
func InUnit(weight *float64, logged string, kg *float64, unit string) *float64 {
	if weight == nil || kg == nil {
		return nil
	}
	if logged == unit {
		w := *weight
		return &w
	}
	w := body.FromKg(*kg, unit)
	return &w
}

// Used is an exercise the user has logged: its name (as its latest set names it), whether it
// is cardio, and how many sets of it there are.
type Used struct {
	Exercise string
	Cardio   bool
	Sets     int
}

// RecentExercises returns up to limit of the exercises the user has logged, the most recently
// logged first (by the workouts' dates), for the exercise pickers to offer first.
func (q *Queries) RecentExercises(ctx context.Context, userID string, limit int) ([]Used, error) {
	return q.usedExercises(ctx, "recent exercises", userID, "latest DESC, COUNT(*) DESC", limit)
}

// MostUsedExercises returns up to limit of the exercises the user has logged, those with the
// most sets first (the most recent first among equals), for the exercise pickers.
func (q *Queries) MostUsedExercises(ctx context.Context, userID string, limit int) ([]Used, error) {
	return q.usedExercises(ctx, "most used exercises", userID, "COUNT(*) DESC, latest DESC", limit)
}

// usedExercises lists the user's exercises in order (an ORDER BY of this package's, over
// latest and COUNT(*)). It reads the user's sets through the (user, exercise, history key)
// index.
func (q *Queries) usedExercises(ctx context.Context, what, userID, order string, limit int) ([]Used, error) {
	return projections.QueryAll(ctx, q.db, what, func(s projections.Scanner) (Used, error) {
		var u Used
		var latest string
		err := s.Scan(&u.Exercise, &u.Cardio, &u.Sets, &latest)
		return u, err
	}, `SELECT MAX(exercise), MAX(CASE WHEN category = 'cardio' THEN 1 ELSE 0 END) = 1, COUNT(*), MAX(history_key) AS latest
		FROM workout_sets WHERE user_id = $1 GROUP BY exercise_key ORDER BY `+order+` LIMIT $2`, userID, limit)
}
