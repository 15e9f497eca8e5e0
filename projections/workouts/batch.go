package workouts

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// maxRowsPerStatement bounds the rows of one multi-row statement, and so its parameters
// (at most 21 a row): far below what SQLite and PostgreSQL accept.
const maxRowsPerStatement = 400

var _ projections.BatchProjector = Projector{}

// ApplyBatch applies a batch of events. Sets logged one after another, nearly every event
// while people train, are applied a run at a time by setsLogged, the one way a logged set is
// written (Apply's is a run of one); any other event is applied on its own through Apply.
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
		run = append(run, runSet(ev, logged))
		if len(run) == maxRowsPerStatement {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// runSet is a logged set as a run starts from: its event, position and command.
func runSet(ev projections.Event, e workout.SetLogged) loggedSet {
	return loggedSet{e: e, seq: ev.Position, commandID: ev.Metadata.CommandID}
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

// basis is what a run of logged sets builds on, as read (or remembered) before it is
// written: the ids of its sets already held, its workouts, the number of the newest set of
// each workout and exercise, and each user's standing per exercise.
type basis struct {
	held     map[string]bool
	workouts map[string]*workoutRow
	numbers  map[[2]string]int64     // by workout and exercise key
	history  map[[2]string]*standing // by user and exercise key
}

func newBasis() basis {
	return basis{held: map[string]bool{}, workouts: map[string]*workoutRow{}, numbers: map[[2]string]int64{},
		history: map[[2]string]*standing{}}
}

// setsLogged applies a run of set.logged events (e, seq and commandID filled in) in at most
// one read and three writes, whatever the run's length: it reads (or recalls) what the run
// builds on, folds the sets' numbers, flags and totals in event order, then writes sets,
// workouts and bests many rows to a statement. An exercise with a set that lands before its
// newest set (logged into an earlier workout) has its bests recomputed from the run's first
// set of it on, after the sets are written.
func (a apply) setsLogged(run []loggedSet) error {
	if len(run) == 0 {
		return nil
	}
	b, err := a.basis(run)
	if err != nil {
		return err
	}
	// A set id already held is applied once: a replay of what the read model holds, or the
	// same id logged into a second workout (requests could do that before a set's id was
	// scoped to its workout; its events stay in the log). The first set keeps the id, and
	// setRow keeps the second workout's events for it off the first one's set.
	sets := make([]loggedSet, 0, len(run))
	for _, n := range run {
		if b.held[n.e.SetID] {
			continue
		}
		b.held[n.e.SetID] = true
		w, ok := b.workouts[n.e.WorkoutID]
		if !ok {
			return fmt.Errorf("workout of set %s: %s not found", n.e.SetID, n.e.WorkoutID)
		}
		s := newLoggedSet(n.e, n.seq, w.date, w.start)
		s.notes = w.notes[s.key]
		k := [2]string{n.e.WorkoutID, s.key}
		b.numbers[k]++
		s.number = b.numbers[k]
		sets = append(sets, s)
	}
	if len(sets) == 0 {
		return nil
	}
	bests, recompute, err := fold(sets, b)
	if err != nil {
		return err
	}
	if err := a.insertSets(sets); err != nil {
		return err
	}
	for _, n := range sets {
		if _, later := recompute[[2]string{n.e.UserID, n.key}]; !later {
			a.note(n)
		}
	}
	if err := a.updateWorkouts(sets, b.workouts); err != nil {
		return err
	}
	if err := a.upsertBests(bests); err != nil {
		return err
	}
	for _, k := range slices.SortedFunc(maps.Keys(recompute), compareKeys) {
		// Later sets may stop being bests.
		if err := a.recomputeBests(k[0], k[1], recompute[k]); err != nil {
			return err
		}
	}
	if a.mem != nil {
		a.mem.remember(b, recompute)
	}
	return nil
}

// fold decides, in event order, each set's personal-best flag and its workout's totals and
// exercise names, exactly as one set at a time would. It returns the newest best of each
// exercise that has a new one, and the exercises to recompute, each with the history key
// to recompute from: those with a set that may be a best landing before the exercise's
// newest set.
func fold(sets []loggedSet, b basis) (bests []loggedSet, recompute map[[2]string]string, err error) {
	newest := map[[2]string]int{}   // the index in sets of each exercise's newest best
	first := map[[2]string]string{} // the history key of each exercise's first set in the run
	recompute = map[[2]string]string{}
	for i := range sets {
		n := &sets[i]
		w := b.workouts[n.e.WorkoutID]
		done, volume := n.totals()
		w.sets, w.done, w.volume = w.sets+1, w.done+int64(done), w.volume+volume
		if w.names, err = withExercise(w.names, n.e.Exercise); err != nil {
			return nil, nil, fmt.Errorf("exercise names of %s: %w", n.e.WorkoutID, err)
		}
		k := [2]string{n.e.UserID, n.key}
		if f, ok := first[k]; !ok || n.hk < f {
			first[k] = n.hk
		}
		h := b.history[k]
		if n.contends() && h.newest > n.hk {
			recompute[k] = ""
		}
		if _, later := recompute[k]; n.contends() && !later {
			n.previous = h.best
			n.pb = h.best == nil || *n.value > *h.best
			if n.pb {
				h.best = n.value
				newest[k] = i
			}
		}
		h.newest = max(h.newest, n.hk)
	}
	for k := range recompute {
		recompute[k] = first[k]
		delete(newest, k)
		for i := range sets {
			if sets[i].e.UserID == k[0] && sets[i].key == k[1] {
				sets[i].pb, sets[i].previous = false, nil
			}
		}
	}
	bests = make([]loggedSet, 0, len(newest))
	for _, i := range newest {
		bests = append(bests, sets[i])
	}
	slices.SortFunc(bests, func(x, y loggedSet) int { return cmp.Compare(x.seq, y.seq) })
	return bests, recompute, nil
}

// basis returns what a run builds on: recalled from the projector's memory when it holds all
// of it and every set's id is scoped to its workout (see scoped), else read in one statement.
func (a apply) basis(run []loggedSet) (basis, error) {
	if a.mem != nil && slices.IndexFunc(run, func(n loggedSet) bool { return !n.scoped() }) < 0 {
		if b, ok := a.mem.recall(run); ok {
			return b, nil
		}
	}
	return a.read(run)
}

// scoped reports whether the set's id derives from its workout and the command that logged
// it (app.SaveSet's EntityID("set", workout)). Such an id cannot be held by another workout,
// and its workout holds it only once (the runner applies each event once, and a retried
// command appends the same event ids, which the store keeps once), so the run needs no read
// to know it is new. A set logged before ids were scoped, or by a copy or an import, has an
// id derived otherwise and is checked by read.
func (n loggedSet) scoped() bool {
	return n.commandID != "" && n.e.SetID == eventstore.DeriveID("set", n.e.WorkoutID, n.commandID)
}

// read reads what a run of logged sets builds on, in one statement of one row per set:
// whether its id is held, its workout, the number of the newest set of its exercise in the
// workout, the newest set of the exercise in its user's history and the standing best (a
// seek in an index each).
func (a apply) read(run []loggedSet) (basis, error) {
	b := newBasis()
	args := make([]any, 0, 4*len(run))
	for _, n := range padded(slices.Clone(run), 1) {
		args = append(args, n.e.SetID, n.e.WorkoutID, n.exerciseKey(), n.e.UserID)
	}
	rows, err := a.tx.QueryContext(a.ctx, `SELECT v.column1, v.column2, v.column3, v.column4,
		EXISTS (SELECT 1 FROM `+a.sets+` h WHERE h.id = v.column1),
		w.date, w.start_time, w.exercise_names, w.set_count, w.done_count, w.volume_kg, w.plan_notes,
		COALESCE((SELECT s.set_number FROM `+a.sets+` s WHERE s.workout_id = v.column2 AND s.exercise_key = v.column3
			ORDER BY s.seq DESC LIMIT 1), 0),
		COALESCE((SELECT MAX(s.history_key) FROM `+a.sets+` s WHERE s.user_id = v.column4 AND s.exercise_key = v.column3), ''),
		p.weight_kg, p.reps
		FROM (VALUES `+placeholders(len(args)/4, 4)+`) AS v
		LEFT JOIN `+a.workouts+` w ON w.id = v.column2
		LEFT JOIN `+a.pbs+` p ON p.user_id = v.column4 AND p.exercise_key = v.column3`, args...)
	if err != nil {
		return basis{}, fmt.Errorf("what logged sets build on: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var setID, workoutID, key, userID, newest string
		var held bool
		var date, start, names, notes *string
		var sets, done *int64
		var number int64
		var volume, bestKg *float64
		var bestReps *int64
		if err := rows.Scan(&setID, &workoutID, &key, &userID, &held, &date, &start, &names, &sets, &done, &volume,
			&notes, &number, &newest, &bestKg, &bestReps); err != nil {
			return basis{}, err
		}
		b.held[setID] = held
		if date != nil && b.workouts[workoutID] == nil {
			byKey, err := planNotes(*notes)
			if err != nil {
				return basis{}, fmt.Errorf("plan notes of %s: %w", workoutID, err)
			}
			b.workouts[workoutID] = &workoutRow{date: *date, start: *start, names: *names, sets: *sets, done: *done,
				volume: *volume, notes: byKey}
		}
		b.numbers[[2]string{workoutID, key}] = number
		h := &standing{newest: newest, best: bestKg}
		if bestKg == nil && bestReps != nil { // a bodyweight best is measured in reps
			r := float64(*bestReps)
			h.best = &r
		}
		b.history[[2]string{userID, key}] = h
	}
	return b, rows.Err()
}

// updateWorkouts writes the totals and exercise names of the workouts of sets, many to a
// statement.
func (a apply) updateWorkouts(sets []loggedSet, workouts map[string]*workoutRow) error {
	ids := make([]string, 0, len(sets))
	for _, n := range sets {
		ids = append(ids, n.e.WorkoutID)
	}
	slices.Sort(ids) // a stable statement and lock order
	ids = slices.Compact(ids)
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

// compareKeys orders pairs of keys.
func compareKeys(x, y [2]string) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) }

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
func placeholders(n, width int) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = "(" + params(i*width, width) + ")"
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
