package workouts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// maxRowsPerStatement bounds the rows of one multi-row statement, and so its parameters
// (at most 20 a row): far below what SQLite and PostgreSQL accept.
const maxRowsPerStatement = 400

var _ projections.BatchProjector = Projector{}

// ApplyBatch applies a batch of events. Sets logged one after another, nearly every event
// while people train, are applied a run at a time in four statements, whatever the run's
// length (up to maxRowsPerStatement): the run's workouts and the standing bests of its
// exercises are read in one, the flags and totals folded in memory in event order, then sets,
// workouts and bests are written many rows to a statement. Any other event is applied on its own through Apply, and so is a run in
// which a set lands before an exercise's newest set (logged into an earlier workout), whose
// later bests need the full recomputation.
func (p Projector) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	a := newApply(ctx, tx, p.mem)
	var run []loggedSet
	flush := func() error {
		err := a.setsLogged(run)
		run = run[:0]
		return err
	}
	for _, ev := range events {
		logged, ok := ev.Payload.(workout.SetLogged)
		if !ok {
			if err := flush(); err != nil {
				return err
			}
			if err := p.Apply(ctx, tx, ev); err != nil {
				return err
			}
			continue
		}
		run = append(run, loggedSet{e: logged, seq: ev.Position})
		if len(run) == maxRowsPerStatement {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// workoutRow is what a run of logged sets reads and writes of their workout.
type workoutRow struct {
	date, start, names string
	sets, done         int64
	volume             float64
	notes              map[string]string // the plan notes by exercise key, read only
}

// standing is an exercise's history as the run sees it: the newest set's history key and
// the best so far.
type standing struct {
	newest string
	best   *float64
}

// errEarlier means a set of the run lands before an exercise's newest set.
var errEarlier = errors.New("a set lands before the exercise's newest set")

// setsLogged applies a run of set.logged events (only e and seq filled in).
func (a apply) setsLogged(run []loggedSet) error {
	if len(run) == 0 || len(run) == 1 && a.mem == nil {
		for _, n := range run {
			if err := a.setLogged(n.e, n.seq); err != nil {
				return err
			}
		}
		return nil
	}
	workouts, history, numbers, err := a.read(run)
	if err != nil {
		return err
	}
	sets := make([]loggedSet, len(run))
	for i, n := range run {
		w, ok := workouts[n.e.WorkoutID]
		if !ok {
			return fmt.Errorf("workout of set %s: %s not found", n.e.SetID, n.e.WorkoutID)
		}
		sets[i] = newLoggedSet(n.e, n.seq, w.date, w.start)
		sets[i].notes = w.notes[sets[i].key]
		k := [2]string{n.e.WorkoutID, sets[i].key}
		numbers[k]++
		sets[i].number = numbers[k]
	}
	bests, err := fold(sets, workouts, history)
	if errors.Is(err, errEarlier) {
		// Rare (a past workout filled in): the one-at-a-time path recomputes what follows.
		for _, n := range run {
			a.dropFor(n.e)
			if err := a.setLogged(n.e, n.seq); err != nil {
				return err
			}
		}
		return nil
	}
	if err != nil {
		return err
	}
	if err := a.insertSets(sets); err != nil {
		return err
	}
	for _, n := range sets {
		a.note(n)
	}
	if err := a.updateWorkouts(workouts); err != nil {
		return err
	}
	if err := a.upsertBests(bests); err != nil {
		return err
	}
	if a.mem != nil {
		a.mem.remember(workouts, numbers, history)
	}
	return nil
}

// fold decides, in event order, each set's personal-best flag and its workout's totals and
// exercise names, exactly as setLogged would one set at a time. It returns the newest best
// of each exercise that has a new one, or errEarlier.
func fold(sets []loggedSet, workouts map[string]*workoutRow, history map[[2]string]*standing) ([]loggedSet, error) {
	newest := map[[2]string]int{} // the index in sets of each exercise's newest best
	for i := range sets {
		n := &sets[i]
		w := workouts[n.e.WorkoutID]
		done, volume := n.totals()
		w.sets, w.done, w.volume = w.sets+1, w.done+int64(done), w.volume+volume
		names, err := withExercise(w.names, n.e.Exercise)
		if err != nil {
			return nil, fmt.Errorf("exercise names of %s: %w", n.e.WorkoutID, err)
		}
		w.names = names
		h, ok := history[[2]string{n.e.UserID, n.key}]
		if !ok {
			continue // no set of this exercise in the run contends
		}
		if n.contends() {
			if h.newest > n.hk {
				return nil, errEarlier
			}
			n.previous = h.best
			n.pb = h.best == nil || *n.value > *h.best
			if n.pb {
				h.best = n.value
				newest[[2]string{n.e.UserID, n.key}] = i
			}
		}
		h.newest = max(h.newest, n.hk)
	}
	bests := make([]loggedSet, 0, len(newest))
	for _, i := range newest {
		bests = append(bests, sets[i])
	}
	slices.SortFunc(bests, func(x, y loggedSet) int { return cmp.Compare(x.seq, y.seq) })
	return bests, nil
}

// read reads what a run of logged sets builds on, in one statement, for what the projector
// does not remember (see memory): the run's workouts; for each user and exercise with a set
// in the run that may be a best, the newest set's history key (an index seek) and the
// standing best; and for each workout and exercise of the run, the number of its newest
// set (another seek). A run holds at most maxRowsPerStatement sets.
func (a apply) read(run []loggedSet) (map[string]*workoutRow, map[[2]string]*standing, map[[2]string]int64, error) {
	workouts := map[string]*workoutRow{}
	history := map[[2]string]*standing{}
	numbers := map[[2]string]int64{}
	for _, n := range run {
		if workouts[n.e.WorkoutID] == nil {
			workouts[n.e.WorkoutID] = &workoutRow{}
		}
		numbers[[2]string{n.e.WorkoutID, exercise.Key(n.e.Exercise)}] = 0
		// Whether a set contends does not depend on its workout: decide it from the event.
		k := [2]string{n.e.UserID, exercise.Key(n.e.Exercise)}
		if history[k] == nil && newLoggedSet(n.e, n.seq, "", "").contends() {
			history[k] = &standing{}
		}
	}
	var ids []string
	var numbered, pairs [][2]string
	if a.mem != nil {
		ids, numbered, pairs = a.mem.recall(workouts, numbers, history, run)
	} else {
		ids, numbered, pairs = slices.Collect(maps.Keys(workouts)), slices.Collect(maps.Keys(numbers)), slices.Collect(maps.Keys(history))
	}
	if len(ids)+len(numbered)+len(pairs) == 0 {
		return workouts, history, numbers, nil
	}
	query, args := readQuery(a, ids, pairs, numbered)
	rows, err := a.tx.QueryContext(a.ctx, query, args...)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("workouts and bests of logged sets: %w", err)
	}
	defer rows.Close()
	found := map[string]bool{}
	for rows.Next() {
		var kind, t1, t2 string
		var t3, t4, t5 *string
		var n1, n2 *int64
		var f *float64
		if err := rows.Scan(&kind, &t1, &t2, &t3, &t4, &n1, &n2, &f, &t5); err != nil {
			return nil, nil, nil, err
		}
		if kind == "n" {
			if n1 != nil {
				numbers[[2]string{t1, t2}] = *n1
			}
			continue
		}
		if kind == "w" {
			w := workouts[t1]
			if w == nil || t3 == nil || t4 == nil || n1 == nil || n2 == nil || f == nil || t5 == nil {
				return nil, nil, nil, fmt.Errorf("workouts of logged sets: unexpected row for %s", t1)
			}
			notes, err := planNotes(*t5)
			if err != nil {
				return nil, nil, nil, fmt.Errorf("plan notes of %s: %w", t1, err)
			}
			*w = workoutRow{date: t2, start: *t3, names: *t4, sets: *n1, done: *n2, volume: *f, notes: notes}
			found[t1] = true
			continue
		}
		h := history[[2]string{t1, t2}]
		if h == nil {
			return nil, nil, nil, fmt.Errorf("standing bests: unexpected %s %s", t1, t2)
		}
		if t3 != nil {
			h.newest = *t3
		}
		switch {
		case f != nil:
			h.best = f
		case n1 != nil:
			r := float64(*n1)
			h.best = &r
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, nil, err
	}
	for _, id := range ids {
		if !found[id] {
			delete(workouts, id)
		}
	}
	return workouts, history, numbers, nil
}

// readQuery is read's statement: the rows of workouts ids ('w'), the standings of pairs of
// user and exercise ('p') and the newest set numbers of pairs of workout and exercise ('n'),
// each part there when its list is not empty. Lists are sorted and padded, so that few
// statement texts exist. The parts cast their columns alike: text, then integers, then a
// real, then the workout's plan notes (text).
func readQuery(a apply, ids []string, pairs, numbered [][2]string) (string, []any) {
	var parts []string
	var args []any
	if len(ids) > 0 {
		slices.Sort(ids)
		ids = padded(ids, 1)
		parts = append(parts, `SELECT 'w', id, date, start_time, exercise_names, set_count, done_count, volume_kg, plan_notes
			FROM `+a.workouts+` WHERE id IN (`+params(len(args), len(ids))+`)`)
		for _, id := range ids {
			args = append(args, id)
		}
	}
	flat := func(keys [][2]string) []any {
		slices.SortFunc(keys, func(x, y [2]string) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
		keys = padded(keys, 1)
		out := make([]any, 0, 2*len(keys))
		for _, k := range keys {
			out = append(out, k[0], k[1])
		}
		return out
	}
	if len(pairs) > 0 {
		p := flat(pairs)
		parts = append(parts, `SELECT 'p', p.column1, p.column2,
			(SELECT MAX(s.history_key) FROM `+a.sets+` s WHERE s.user_id = p.column1 AND s.exercise_key = p.column2),
			CAST(NULL AS TEXT), b.reps, CAST(NULL AS BIGINT), b.weight_kg, CAST(NULL AS TEXT)
			FROM (VALUES `+placeholdersFrom(len(args), len(p)/2, 2)+`) AS p
			LEFT JOIN `+a.pbs+` b ON b.user_id = p.column1 AND b.exercise_key = p.column2`)
		args = append(args, p...)
	}
	if len(numbered) > 0 {
		e := flat(numbered)
		parts = append(parts, `SELECT 'n', e.column1, e.column2, CAST(NULL AS TEXT), CAST(NULL AS TEXT),
			(SELECT s.set_number FROM `+a.sets+` s WHERE s.workout_id = e.column1 AND s.exercise_key = e.column2
				ORDER BY s.seq DESC LIMIT 1), CAST(NULL AS BIGINT), CAST(NULL AS DOUBLE PRECISION), CAST(NULL AS TEXT)
			FROM (VALUES `+placeholdersFrom(len(args), len(e)/2, 2)+`) AS e`)
		args = append(args, e...)
	}
	return strings.Join(parts, " UNION ALL "), args
}

// updateWorkouts writes the run's workouts' totals and exercise names, many to a statement.
func (a apply) updateWorkouts(workouts map[string]*workoutRow) error {
	ids := make([]string, 0, len(workouts))
	for id := range workouts {
		ids = append(ids, id)
	}
	slices.Sort(ids) // a stable statement and lock order
	for chunk := range slices.Chunk(ids, maxRowsPerStatement) {
		chunk = padded(chunk, 1)
		args := make([]any, 0, 5*len(chunk))
		rows := make([]string, len(chunk))
		for i, id := range chunk {
			w := workouts[id]
			args = append(args, id, w.sets, w.done, w.volume, w.names)
			j := 5 * i
			rows[i] = fmt.Sprintf("($%d, CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS DOUBLE PRECISION), $%d)",
				j+1, j+2, j+3, j+4, j+5)
		}
		if err := a.write(`UPDATE `+a.workouts+` SET set_count = v.column2, done_count = v.column3, volume_kg = v.column4,
			exercise_names = v.column5 FROM (VALUES `+strings.Join(rows, ", ")+`) AS v WHERE `+a.workouts+`.id = v.column1`,
			args...); err != nil {
			return fmt.Errorf("workouts of logged sets: %w", err)
		}
	}
	return nil
}

// padded lengthens a list of rows of width values to the next power of two by repeating
// its last row (every statement here reads or writes a repeated row as it does the row
// once), so that runs of any length share a few statement texts, each planned once per
// connection, instead of one text per length.
func padded[T any](rows []T, width int) []T {
	n := len(rows) / width
	if n == 0 {
		return rows
	}
	size := 1
	for size < n {
		size *= 2
	}
	last := rows[len(rows)-width:]
	for range size - n {
		rows = append(rows, last...)
	}
	return rows
}

// placeholders returns n rows of width parameters each: "($1, $2), ($3, $4)".
func placeholders(n, width int) string { return placeholdersFrom(0, n, width) }

// placeholdersFrom is placeholders after the first from parameters: "($3, $4)" for 2, 1, 2.
func placeholdersFrom(from, n, width int) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = "(" + params(from+i*width, width) + ")"
	}
	return strings.Join(rows, ", ")
}

// params returns n parameters after the first from: "$3, $4" for 2, 2.
func params(from, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(from+i+1)
	}
	return strings.Join(ps, ", ")
}

// newApply returns the apply of one event or batch in tx, with the projector's memory of the
// tables tx writes: the live ones, or a rebuild's copies (see forCopies).
func newApply(ctx context.Context, tx projections.Tx, mem *memory) apply {
	if !tx.Live() {
		mem = mem.forCopies()
	}
	return apply{ctx: ctx, tx: tx, mem: mem, workouts: tx.Table("workouts"), sets: tx.Table("workout_sets"),
		pbs: tx.Table("personal_bests")}
}
