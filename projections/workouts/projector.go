// Package workouts is the workouts read model: workouts with their totals, their sets in
// the order logged (each with its personal-best flag) and each user's current personal best
// per exercise.
package workouts

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name, which commands wait for (read-your-writes).
const Name = "workouts"

// Projector builds the workouts, workout_sets and personal_bests tables. The zero Projector
// reads back whatever it builds on; New's remembers what it wrote (projections.Remembering).
type Projector struct{ mem *memory }

// New returns a projector that remembers what its live transactions wrote, so that runs of
// logged sets into workouts it has seen need no read.
func New() Projector { return Projector{mem: withCopies(newMemory())} }

var _ projections.Remembering = Projector{}

// Forget drops what the projector remembers of its tables.
func (p Projector) Forget() {
	if p.mem != nil {
		p.mem.forget()
		p.mem.forCopies().forget()
	}
}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 2 }

// EventTypes lists the workout events the read model is made of, and the account closing
// that erases a user's rows.
func (Projector) EventTypes() []string {
	return []string{workout.TypeWorkoutStarted, workout.TypeWorkoutDetailsEdited, workout.TypeWorkoutFinished,
		workout.TypeWorkoutDeleted, workout.TypeSetLogged, workout.TypeSetEdited, workout.TypeSetMarkedDone,
		workout.TypeSetDeleted, workout.TypePlanCopied, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"workouts", "workout_sets", "personal_bests"} }

// apply holds one event's transaction and table names.
type apply struct {
	ctx                 context.Context
	tx                  projections.Tx
	mem                 *memory // nil unless the projector remembers and tx is live
	workouts, sets, pbs string
}

// drop forgets what memory holds of a workout and of a user's standings, which an event
// applied on its own is about to change.
func (a apply) drop(workoutID, userID string) {
	if a.mem != nil {
		a.mem.drop(workoutID, userID)
	}
}

func (a apply) exec(query string, args ...any) error {
	_, err := a.tx.ExecContext(a.ctx, query, args...)
	return err
}

// write runs a write whose outcome nothing in the transaction reads: deferred, so that on
// PostgreSQL the writes of a batch travel together, with the commit.
func (a apply) write(query string, args ...any) error { return a.tx.Defer(a.ctx, query, args...) }

// Apply turns one event into read-model changes.
func (p Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	a := newApply(ctx, tx, p.mem)
	if _, logged := ev.Payload.(workout.SetLogged); !logged {
		a.dropFor(ev.Payload) // a logged set keeps memory true itself (setsLogged)
	}
	switch e := ev.Payload.(type) {
	case workout.WorkoutStarted:
		return a.exec(`INSERT INTO `+a.workouts+` (id, user_id, name, date, start_time, plan_name, started_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`, e.WorkoutID, e.UserID, e.Name, e.Date, e.StartTime,
			e.PlanName, e.StartedAt.UnixMilli())
	case workout.WorkoutDetailsEdited:
		return a.detailsEdited(e)
	case workout.WorkoutFinished:
		return a.exec(`UPDATE `+a.workouts+` SET finish_time = $2, is_finished = TRUE, name = $3 WHERE id = $1`,
			e.WorkoutID, e.FinishTime, e.Name)
	case workout.WorkoutDeleted:
		keys, err := a.exerciseKeys(e.WorkoutID)
		if err != nil {
			return err
		}
		if err := a.exec(`DELETE FROM `+a.sets+` WHERE workout_id = $1`, e.WorkoutID); err != nil {
			return err
		}
		if err := a.exec(`DELETE FROM `+a.workouts+` WHERE id = $1`, e.WorkoutID); err != nil {
			return err
		}
		for _, k := range keys {
			if err := a.recomputeBests(e.UserID, k, ""); err != nil {
				return err
			}
		}
		return nil
	case workout.SetLogged:
		return a.setsLogged([]loggedSet{runSet(ev, e)})
	case workout.SetEdited:
		return a.setEdited(e)
	case workout.SetMarkedDone:
		old, ok, err := a.setRow(e.WorkoutID, e.SetID)
		if err != nil || !ok {
			return err
		}
		if err := a.exec(`UPDATE `+a.sets+` SET done = TRUE, rpe = $2 WHERE id = $1`, e.SetID, e.RPE); err != nil {
			return err
		}
		return a.changed(e.WorkoutID, e.UserID, old.key, old.historyKey)
	case workout.SetDeleted:
		old, ok, err := a.setRow(e.WorkoutID, e.SetID)
		if err != nil || !ok {
			return err
		}
		if err := a.exec(`DELETE FROM `+a.sets+` WHERE id = $1`, e.SetID); err != nil {
			return err
		}
		return a.changed(e.WorkoutID, e.UserID, old.key, old.historyKey)
	case workout.PlanCopied:
		return a.planCopied(e)
	case account.AccountClosed:
		for _, t := range []string{a.sets, a.pbs, a.workouts} {
			if err := a.exec(`DELETE FROM `+t+` WHERE user_id = $1`, e.UserID); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropFor forgets what memory holds that event e may change: its workout, and the
// standings of the workout's owner.
func (a apply) dropFor(e any) {
	if a.mem == nil {
		return
	}
	if s, ok := e.(workout.Subject); ok {
		a.drop(s.Subject())
		return
	}
	a.mem.forget() // an account closed, or an event added later: rare, forget everything
}

// historyKey orders a user's sets of one exercise through time: by the workout's date and
// start, then by the order logged.
func historyKey(date, start string, seq int64) string {
	return fmt.Sprintf("%sT%s#%020d", date, start, seq)
}

func weightKg(f workout.SetFields) *float64 {
	if f.Weight == nil {
		return nil
	}
	kg := body.ToKg(*f.Weight, f.Unit)
	return &kg
}

// loggedSet is a logged set as the read model stores it.
type loggedSet struct {
	e         workout.SetLogged
	seq       int64
	commandID string // of the command that logged it
	key, hk   string
	kg        *float64
	value     *float64 // what a best is measured by: reps for bodyweight, kilograms otherwise
	pb        bool
	previous  *float64 // the best before it, when it is the best
	number    int64    // among the sets of its exercise in its workout, from 1
	notes     string   // its exercise's notes in the plan its workout was started from
}

// newLoggedSet derives what the read model stores of e, at position seq, in a workout on
// date at start.
func newLoggedSet(e workout.SetLogged, seq int64, date, start string) loggedSet {
	n := loggedSet{e: e, seq: seq, key: exercise.Key(e.Exercise), hk: historyKey(date, start, seq), kg: weightKg(e.SetFields)}
	n.value = n.kg
	if e.Category == exercise.Bodyweight && e.Reps != nil {
		r := float64(*e.Reps)
		n.value = &r
	}
	return n
}

// note keeps the set, as just written, for the request that logged it to answer with
// (projections.Runner.Take under the set's id), instead of reading it back. Only a set
// whose row is final within its event: not one whose best the recomputation after an
// earlier-dated set may change.
func (a apply) note(n loggedSet) { a.tx.Note(n.e.SetID, n.row()) }

// row is the set as the read model holds it once written, SetByID's answer.
func (n loggedSet) row() Set {
	e, f := n.e, n.e.SetFields
	unit := f.DistanceUnit
	return Set{ID: e.SetID, WorkoutID: e.WorkoutID, UserID: e.UserID, Exercise: f.Exercise, Category: f.Category,
		Weight: f.Weight, WeightUnit: f.Unit, WeightKg: n.kg, Reps: f.Reps, RPE: f.RPE, Done: e.Done, PB: n.pb,
		Distance: f.Distance, DistanceUnit: &unit, Minutes: f.Minutes, Seconds: f.Seconds, LoggedAt: e.LoggedAt.UnixMilli(),
		SetNumber: int(n.number), PlanNotes: n.notes, historyKey: n.hk}
}

// exerciseKey is the key of the set's exercise, before newLoggedSet fills in key.
func (n loggedSet) exerciseKey() string { return exercise.Key(n.e.Exercise) }

// contends reports whether the set may be a personal best: done, not cardio, with a value.
func (n loggedSet) contends() bool {
	return n.e.Done && n.e.Category != exercise.Cardio && n.value != nil
}

// totals is what the set adds to its workout's done count and volume.
func (n loggedSet) totals() (done int, volume float64) {
	if !n.e.Done {
		return 0, 0
	}
	if n.e.Category != exercise.Cardio && n.kg != nil && n.e.Reps != nil {
		volume = *n.kg * float64(*n.e.Reps)
	}
	return 1, volume
}

// planCopied keeps the plan a workout was started from: its id and each exercise's notes,
// by exercise key (an exercise twice in the plan has both notes, one line each).
func (a apply) planCopied(e workout.PlanCopied) error {
	js, err := planNotesJSON(e)
	if err != nil {
		return err
	}
	return a.exec(`UPDATE `+a.workouts+` SET plan_id = $2, plan_notes = $3 WHERE id = $1`, e.WorkoutID, e.PlanID, js)
}

// planNotesJSON is the plan_notes of a workout that copied a plan: each exercise's notes by
// exercise key, as JSON.
func planNotesJSON(e workout.PlanCopied) (string, error) {
	notes := map[string]string{}
	for _, x := range e.Exercises {
		k := exercise.Key(x.Exercise)
		switch old := notes[k]; {
		case x.Notes == "" || old == x.Notes:
		case old == "":
			notes[k] = x.Notes
		default:
			notes[k] = old + "\n" + x.Notes
		}
	}
	js, err := json.Marshal(notes)
	return string(js), err
}

// planNotes reads a workout's plan notes (JSON) by exercise key.
func planNotes(js string) (map[string]string, error) {
	notes := map[string]string{}
	err := json.Unmarshal([]byte(js), &notes)
	return notes, err
}

// withExercise adds name to a workout's exercise names (JSON) unless one of them is the same
// exercise.
func withExercise(namesJSON, name string) (string, error) {
	var names []string
	if err := json.Unmarshal([]byte(namesJSON), &names); err != nil {
		return "", err
	}
	key := exercise.Key(name)
	for _, n := range names {
		if exercise.Key(n) == key {
			return namesJSON, nil
		}
	}
	js, err := json.Marshal(append(names, name))
	return string(js), err
}

// setColumnCount is the number of columns insertSets writes per set.
const setColumnCount = 21

// insertSets stores logged sets, many rows to a statement.
func (a apply) insertSets(sets []loggedSet) error {
	for chunk := range slices.Chunk(sets, maxRowsPerStatement) {
		args := make([]any, 0, len(chunk)*setColumnCount)
		for _, n := range chunk {
			e, f := n.e, n.e.SetFields
			args = append(args, e.SetID, e.WorkoutID, e.UserID, f.Exercise, n.key, f.Category, f.Weight, f.Unit, n.kg, f.Reps,
				f.RPE, e.Done, n.pb, f.Distance, f.DistanceUnit, f.Minutes, f.Seconds, e.LoggedAt.UnixMilli(), n.seq, n.hk, n.number)
		}
		if err := a.write(`INSERT INTO `+a.sets+` (id, workout_id, user_id, exercise, exercise_key, category, weight,
			weight_unit, weight_kg, reps, rpe, done, pb, distance, distance_unit, minutes, seconds, logged_at, seq, history_key,
			set_number)
			VALUES `+placeholders(len(chunk), setColumnCount), args...); err != nil {
			return err
		}
	}
	return nil
}

// upsertBests makes each set the personal best of its exercise, with the best before it.
// At most one set per user and exercise: a statement may not change a row twice.
func (a apply) upsertBests(sets []loggedSet) error {
	for chunk := range slices.Chunk(sets, maxRowsPerStatement) {
		args := make([]any, 0, len(chunk)*11)
		for _, n := range chunk {
			f := n.e.SetFields
			args = append(args, n.e.UserID, n.key, f.Exercise, n.e.SetID, f.Weight, f.Unit, n.kg, f.Reps, n.hk[:10], n.previous, n.hk)
		}
		if err := a.write(`INSERT INTO `+a.pbs+` (user_id, exercise_key, exercise, set_id, weight, weight_unit, weight_kg, reps,
			date, previous_value, history_key) VALUES `+placeholders(len(chunk), 11)+`
			ON CONFLICT (user_id, exercise_key) DO UPDATE SET exercise = excluded.exercise, set_id = excluded.set_id,
			weight = excluded.weight, weight_unit = excluded.weight_unit, weight_kg = excluded.weight_kg, reps = excluded.reps,
			date = excluded.date, previous_value = excluded.previous_value, history_key = excluded.history_key`, args...); err != nil {
			return err
		}
	}
	return nil
}

func (a apply) setEdited(e workout.SetEdited) error {
	old, ok, err := a.setRow(e.WorkoutID, e.SetID)
	if err != nil || !ok {
		return err
	}
	f := e.SetFields
	key := exercise.Key(f.Exercise)
	if err := a.exec(`UPDATE `+a.sets+` SET exercise = $2, exercise_key = $3, category = $4, weight = $5, weight_unit = $6,
		weight_kg = $7, reps = $8, rpe = $9, done = $10, distance = $11, distance_unit = $12, minutes = $13, seconds = $14
		WHERE id = $1`, e.SetID, f.Exercise, key, f.Category, f.Weight, f.Unit, weightKg(f), f.Reps, f.RPE, e.Done,
		f.Distance, f.DistanceUnit, f.Minutes, f.Seconds); err != nil {
		return err
	}
	if key != old.key {
		if err := a.recomputeBests(e.UserID, old.key, old.historyKey); err != nil {
			return err
		}
	}
	return a.changed(e.WorkoutID, e.UserID, key, old.historyKey)
}

// changed refreshes a workout's totals and the bests of one exercise from historyKey on.
func (a apply) changed(workoutID, userID, key, from string) error {
	if err := a.refreshWorkout(workoutID); err != nil {
		return err
	}
	return a.recomputeBests(userID, key, from)
}

type setRow struct{ key, historyKey string }

func (a apply) setRow(workoutID, id string) (setRow, bool, error) {
	rows, err := a.tx.QueryContext(a.ctx, `SELECT exercise_key, history_key FROM `+a.sets+` WHERE id = $1 AND workout_id = $2`,
		id, workoutID)
	if err != nil {
		return setRow{}, false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return setRow{}, false, rows.Err()
	}
	var r setRow
	err = rows.Scan(&r.key, &r.historyKey)
	return r, err == nil, err
}

// exerciseKeys lists the exercises of a workout.
func (a apply) exerciseKeys(workoutID string) ([]string, error) {
	rows, err := a.tx.QueryContext(a.ctx, `SELECT exercise_key, exercise FROM `+a.sets+` WHERE workout_id = $1 ORDER BY seq`, workoutID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys, names []string
	seen := map[string]bool{}
	for rows.Next() {
		var k, n string
		if err := rows.Scan(&k, &n); err != nil {
			return nil, err
		}
		if !seen[k] {
			seen[k] = true
			keys, names = append(keys, k), append(names, n)
		}
	}
	return keys, rows.Err()
}

// refreshWorkout recomputes a workout's set counts, volume and exercise names from its sets
// (a workout holds tens of sets, read through the workout index).
func (a apply) refreshWorkout(workoutID string) error {
	rows, err := a.tx.QueryContext(a.ctx, `SELECT id, exercise_key, exercise, category, done, weight_kg, reps, set_number
		FROM `+a.sets+` WHERE workout_id = $1 ORDER BY seq`, workoutID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var count, done int
	var volume float64
	names := []string{}
	seen := map[string]bool{}
	numbers := map[string]int64{}  // per exercise, the sets so far
	renumber := map[string]int64{} // set id to its number, where it changed
	for rows.Next() {
		var id, key, name, category string
		var isDone bool
		var kg *float64
		var reps *int64
		var number int64
		if err := rows.Scan(&id, &key, &name, &category, &isDone, &kg, &reps, &number); err != nil {
			return err
		}
		count++
		numbers[key]++
		if numbers[key] != number {
			renumber[id] = numbers[key]
		}
		if isDone {
			done++
			if category != exercise.Cardio && kg != nil && reps != nil {
				volume += *kg * float64(*reps)
			}
		}
		if !seen[key] {
			seen[key] = true
			names = append(names, name)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	// A set removed or moved to another exercise closes up the numbers after it.
	for _, id := range slices.Sorted(maps.Keys(renumber)) {
		if err := a.exec(`UPDATE `+a.sets+` SET set_number = $2 WHERE id = $1`, id, renumber[id]); err != nil {
			return err
		}
	}
	js, _ := json.Marshal(names)
	return a.exec(`UPDATE `+a.workouts+` SET set_count = $2, done_count = $3, volume_kg = $4, exercise_names = $5 WHERE id = $1`,
		workoutID, count, done, volume, string(js))
}

func (a apply) detailsEdited(e workout.WorkoutDetailsEdited) error {
	var date, start string
	if err := a.tx.QueryRowContext(a.ctx, `SELECT date, start_time FROM `+a.workouts+` WHERE id = $1`, e.WorkoutID).Scan(&date, &start); err != nil {
		return fmt.Errorf("edited workout %s: %w", e.WorkoutID, err)
	}
	var finish any
	if e.FinishTime != "" {
		finish = e.FinishTime
	}
	if err := a.exec(`UPDATE `+a.workouts+` SET name = $2, date = $3, start_time = $4,
		finish_time = CASE WHEN is_finished THEN $5 ELSE finish_time END WHERE id = $1`,
		e.WorkoutID, e.Name, e.Date, e.StartTime, finish); err != nil {
		return err
	}
	if date == e.Date && start == e.StartTime {
		return nil
	}
	// The workout moved in time: its sets take new places in each exercise's history.
	rows, err := a.tx.QueryContext(a.ctx, `SELECT id, seq FROM `+a.sets+` WHERE workout_id = $1`, e.WorkoutID)
	if err != nil {
		return err
	}
	type moved struct {
		id  string
		seq int64
	}
	var all []moved
	for rows.Next() {
		var m moved
		if err := rows.Scan(&m.id, &m.seq); err != nil {
			rows.Close()
			return err
		}
		all = append(all, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, m := range all {
		if err := a.exec(`UPDATE `+a.sets+` SET history_key = $2 WHERE id = $1`, m.id, historyKey(e.Date, e.StartTime, m.seq)); err != nil {
			return err
		}
	}
	keys, err := a.exerciseKeys(e.WorkoutID)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if err := a.recomputeBests(e.UserID, k, ""); err != nil {
			return err
		}
	}
	return nil
}

// bestValue is what a personal best is measured by: reps for bodyweight, weight otherwise.
const bestValue = `CASE WHEN category = 'bodyweight' THEN reps ELSE weight_kg END`

// recomputeBests walks one exercise's history from the set at historyKey on: a done set is
// a personal best when it beats every earlier done set. Sets before from keep their flags,
// so logging the newest set reads only the best before it and the set itself.
func (a apply) recomputeBests(userID, key, from string) error {
	var best *float64
	if err := a.tx.QueryRowContext(a.ctx, `SELECT MAX(`+bestValue+`) FROM `+a.sets+`
		WHERE user_id = $1 AND exercise_key = $2 AND history_key < $3 AND done = TRUE AND category <> 'cardio'`,
		userID, key, from).Scan(&best); err != nil {
		return fmt.Errorf("best before: %w", err)
	}
	rows, err := a.tx.QueryContext(a.ctx, `SELECT id, `+bestValue+`, done, pb, category FROM `+a.sets+`
		WHERE user_id = $1 AND exercise_key = $2 AND history_key >= $3 ORDER BY history_key`, userID, key, from)
	if err != nil {
		return err
	}
	type flag struct {
		id string
		pb bool
	}
	var flips []flag
	for rows.Next() {
		var id, category string
		var value *float64
		var done, pb bool
		if err := rows.Scan(&id, &value, &done, &pb, &category); err != nil {
			rows.Close()
			return err
		}
		isPB := done && category != exercise.Cardio && value != nil && (best == nil || *value > *best)
		if isPB {
			v := *value
			best = &v
		}
		if isPB != pb {
			flips = append(flips, flag{id, isPB})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, f := range flips {
		if err := a.exec(`UPDATE `+a.sets+` SET pb = $2 WHERE id = $1`, f.id, f.pb); err != nil {
			return err
		}
	}
	return a.refreshBest(userID, key)
}

// refreshBest keeps the personal_bests row of one exercise: its newest best, and the value
// of the best before it (for the difference).
func (a apply) refreshBest(userID, key string) error {
	rows, err := a.tx.QueryContext(a.ctx, `SELECT id, exercise, weight, weight_unit, weight_kg, reps, history_key, `+bestValue+`
		FROM `+a.sets+` WHERE user_id = $1 AND exercise_key = $2 AND pb = TRUE ORDER BY history_key DESC LIMIT 2`, userID, key)
	if err != nil {
		return err
	}
	type pbRow struct {
		id, name, unit, hk string
		weight, kg, value  *float64
		reps               *int64
	}
	var found []pbRow
	for rows.Next() {
		var r pbRow
		if err := rows.Scan(&r.id, &r.name, &r.weight, &r.unit, &r.kg, &r.reps, &r.hk, &r.value); err != nil {
			rows.Close()
			return err
		}
		found = append(found, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(found) == 0 {
		return a.exec(`DELETE FROM `+a.pbs+` WHERE user_id = $1 AND exercise_key = $2`, userID, key)
	}
	var previous *float64
	if len(found) > 1 {
		previous = found[1].value
	}
	b := found[0]
	return a.exec(`INSERT INTO `+a.pbs+` (user_id, exercise_key, exercise, set_id, weight, weight_unit, weight_kg, reps, date,
		previous_value, history_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (user_id, exercise_key) DO UPDATE SET exercise = excluded.exercise, set_id = excluded.set_id,
		weight = excluded.weight, weight_unit = excluded.weight_unit, weight_kg = excluded.weight_kg, reps = excluded.reps,
		date = excluded.date, previous_value = excluded.previous_value, history_key = excluded.history_key`,
		userID, key, b.name, b.id, b.weight, b.unit, b.kg, b.reps, b.hk[:10], previous, b.hk)
}

// PartitionsByOwner marks the read model as rebuilt a partition of users at a time: every
// row belongs to the user whose events wrote it (the events' OwnerID).
func (Projector) PartitionsByOwner() {}
