package workouts

import (
	"slices"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// store is the rows the rules read and write, one row at a time: the tables through SQL
// (sqlSource behind a memory that writes back, live) or the read model held in memory (a
// rebuild). It keeps indexes, never a decision: every choice of what a row holds is made in
// this file, once.
type store interface {
	workout(id string) (*workoutRow, error) // nil when there is none
	putWorkout(w *workoutRow) error
	deleteWorkout(id string) error
	// setsOf returns a workout's sets in the order logged.
	setsOf(workoutID string) ([]*setRow, error)
	// set returns the user's set of id, nil when there is none: set ids are chosen per user,
	// so two users can each hold one id.
	set(user, id string) (*setRow, error)
	// putSet inserts a set or replaces the row of its user and id.
	putSet(s *setRow) error
	deleteSet(s *setRow) error
	// history returns a user's sets of an exercise from history key from on, in history
	// order.
	history(user, key, from string) ([]*setRow, error)
	// bests returns up to n of a user's sets of an exercise flagged a personal best before
	// history key before (before all when before is newest), the newest first.
	bests(user, key, before string, n int) ([]*setRow, error)
	// putBest and deleteBest set a user's best of an exercise (a row the same as the one
	// held, or none where none is, changes nothing).
	putBest(b *bestRow) error
	deleteBest(user, key string) error
	// closeAccount deletes every row of a user.
	closeAccount(user string) error
}

// newest is a history key after every other.
const newest = "\U0010FFFF"

// apply is the read model's rules: what each event does to the rows of s. An event changes
// only rows of the user it names (its owner), so that the rows of one user follow from that
// user's events alone: a workout or set another user holds is, to it, one that does not
// exist.
func apply(s store, ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case workout.WorkoutStarted:
		// An id already held keeps its row: the first start stands.
		if w, err := s.workout(e.WorkoutID); w != nil || err != nil {
			return err
		}
		return s.putWorkout(&workoutRow{id: e.WorkoutID, user: e.UserID, name: e.Name, notes: e.Notes, date: e.Date, start: e.StartTime,
			planName: e.PlanName, planNotes: "{}", startedAt: e.StartedAt.UnixMilli()})
	case workout.WorkoutDetailsEdited:
		return detailsEdited(s, e)
	case workout.WorkoutFinished:
		w, err := owned(s, e.WorkoutID, e.UserID)
		if w == nil {
			return err
		}
		n := *w
		finish := e.FinishTime
		n.finish, n.finished, n.name = &finish, true, e.Name
		return s.putWorkout(&n)
	case workout.WorkoutDeleted:
		w, err := owned(s, e.WorkoutID, e.UserID)
		if w == nil {
			return err
		}
		sets, err := s.setsOf(w.id)
		if err != nil {
			return err
		}
		for _, x := range sets {
			if err := s.deleteSet(x); err != nil {
				return err
			}
		}
		if err := s.deleteWorkout(w.id); err != nil {
			return err
		}
		return recomputeFrom(s, w.user, sets, nil)
	case workout.SetLogged:
		return setLogged(s, e.Place(ev.Position), e)
	case workout.SetEdited:
		old, err := setOf(s, e.WorkoutID, e.SetID, e.UserID)
		if old == nil {
			return err
		}
		n := *old
		n.withFields(e.SetFields, e.Done)
		if err := s.putSet(&n); err != nil {
			return err
		}
		if n.key != old.key {
			if err := recompute(s, n.user, old.key, old.hk); err != nil {
				return err
			}
		}
		return changed(s, &n)
	case workout.SetMarkedDone:
		old, err := setOf(s, e.WorkoutID, e.SetID, e.UserID)
		if old == nil {
			return err
		}
		n := *old
		rpe := e.RPE
		n.done, n.rpe = true, &rpe
		if err := s.putSet(&n); err != nil {
			return err
		}
		return changed(s, &n)
	case workout.SetDeleted:
		old, err := setOf(s, e.WorkoutID, e.SetID, e.UserID)
		if old == nil {
			return err
		}
		if err := s.deleteSet(old); err != nil {
			return err
		}
		return changed(s, old)
	case workout.PlanCopied:
		// The plan a workout was started from: its id and each exercise's notes.
		w, err := owned(s, e.WorkoutID, e.UserID)
		if w == nil {
			return err
		}
		js, err := planNotesJSON(e)
		if err != nil {
			return err
		}
		n := *w
		n.planID, n.planNotes = e.PlanID, js
		return s.putWorkout(&n)
	case account.AccountClosed:
		return s.closeAccount(e.UserID)
	}
	return nil
}

// owned returns the workout of id if user holds it, nil otherwise.
func owned(s store, id, user string) (*workoutRow, error) {
	w, err := s.workout(id)
	if w == nil || err != nil || w.user != user {
		return nil, err
	}
	return w, nil
}

// setOf returns the user's set of id if it is in the workout, nil otherwise: a set id the
// user holds in another workout (logged there first) is that workout's alone.
func setOf(s store, workoutID, id, user string) (*setRow, error) {
	x, err := s.set(user, id)
	if x == nil || err != nil || x.workout != workoutID {
		return nil, err
	}
	return x, nil
}

// setLogged adds a set at position seq to its workout, unless the user holds its id already
// (a replay, or an id the user logged into another workout first) or the workout is not the
// user's. Another user's set of the same id is no concern of it.
func setLogged(s store, seq int64, e workout.SetLogged) error {
	if held, err := s.set(e.UserID, e.SetID); held != nil || err != nil {
		return err
	}
	w, err := owned(s, e.WorkoutID, e.UserID)
	if w == nil {
		return err
	}
	n := &setRow{id: e.SetID, workout: w.id, user: w.user, loggedAt: e.LoggedAt.UnixMilli(), seq: seq,
		hk: historyKey(w.date, w.start, seq)}
	n.withFields(e.SetFields, e.Done)
	if err := s.putSet(n); err != nil {
		return err
	}
	return changed(s, n)
}

// changed refreshes the workout of a set added, changed or deleted, and the bests of its
// exercise from its place in the history on.
func changed(s store, x *setRow) error {
	if err := refreshWorkout(s, x.workout); err != nil {
		return err
	}
	return recompute(s, x.user, x.key, x.hk)
}

// refreshWorkout numbers a workout's sets within their exercises in the order logged, and
// sums its set count, done count, volume and exercise names (each exercise once, as its
// first set names it) from them.
func refreshWorkout(s store, workoutID string) error {
	w, err := s.workout(workoutID)
	if w == nil || err != nil {
		return err
	}
	sets, err := s.setsOf(workoutID)
	if err != nil {
		return err
	}
	n := *w
	n.setCount, n.doneCount, n.volume, n.names = 0, 0, 0, nil
	type count struct {
		key string
		n   int64
	}
	var numbers []count // by exercise, the sets so far: a workout has a few exercises
	for _, x := range sets {
		n.setCount++
		i := slices.IndexFunc(numbers, func(c count) bool { return c.key == x.key })
		if i < 0 {
			i = len(numbers)
			numbers = append(numbers, count{key: x.key})
			n.names = append(n.names, x.exercise)
		}
		numbers[i].n++
		if number := numbers[i].n; x.number != number {
			c := *x
			c.number = number
			if err := s.putSet(&c); err != nil {
				return err
			}
		}
		if x.done {
			n.doneCount++
			if x.category != "cardio" && x.counts() && x.kg != nil && x.reps != nil {
				n.volume += *x.kg * float64(*x.reps)
			}
		}
	}
	if n.setCount == w.setCount && n.doneCount == w.doneCount && n.volume == w.volume && slices.Equal(n.names, w.names) {
		return nil
	}
	return s.putWorkout(&n)
}

// recomputeFrom recomputes the bests of the exercises of sets that moved or went, each from
// the earliest place one of them had (was, when given: their places before a move) or has.
func recomputeFrom(s store, user string, sets []*setRow, was map[string]string) error {
	var keys []string
	from := map[string]string{}
	for _, x := range sets {
		hk := x.hk
		if w, ok := was[x.id]; ok {
			hk = min(hk, w)
		}
		if f, ok := from[x.key]; !ok {
			keys = append(keys, x.key)
			from[x.key] = hk
		} else {
			from[x.key] = min(f, hk)
		}
	}
	for _, k := range keys {
		if err := recompute(s, user, k, from[k]); err != nil {
			return err
		}
	}
	return nil
}

// recompute walks one exercise's history from history key from on: a done set is a personal
// best when it beats every earlier done set (a tie is no best). Sets before from keep their
// flags, which are right: the best before from is the newest flagged one.
func recompute(s store, user, key, from string) error {
	before, err := s.bests(user, key, from, 1)
	if err != nil {
		return err
	}
	var best *float64
	if len(before) > 0 {
		best = before[0].value()
	}
	sets, err := s.history(user, key, from)
	if err != nil {
		return err
	}
	for _, x := range sets {
		v := x.value()
		pb := x.contends() && (best == nil || *v > *best)
		if pb {
			best = v
		}
		if pb != x.pb {
			c := *x
			c.pb = pb
			if err := s.putSet(&c); err != nil {
				return err
			}
		}
	}
	row, err := newestBest(s, user, key)
	switch {
	case err != nil:
		return err
	case row == nil:
		return s.deleteBest(user, key)
	}
	return s.putBest(row)
}

// newestBest is the personal_bests row of one exercise, nil for none: its newest best, and
// the value of the best before it (for the difference). The row is kept equal to it.
func newestBest(s store, user, key string) (*bestRow, error) {
	found, err := s.bests(user, key, newest, 2)
	if len(found) == 0 || err != nil {
		return nil, err
	}
	b := found[0]
	n := &bestRow{user: user, key: key, exercise: b.exercise, setID: b.id, weight: b.weight, unit: b.unit, kg: b.kg,
		reps: b.reps, date: b.hk[:10], hk: b.hk}
	if len(found) > 1 {
		n.previous = found[1].value()
	}
	return n, nil
}

// detailsEdited renames, re-dates and re-times a workout (and changes its finish, once
// finished). Moved in time, its sets take new places in each exercise's history.
func detailsEdited(s store, e workout.WorkoutDetailsEdited) error {
	w, err := owned(s, e.WorkoutID, e.UserID)
	if w == nil {
		return err
	}
	n := *w
	n.name, n.notes, n.date, n.start = e.Name, e.Notes, e.Date, e.StartTime
	if n.finished {
		n.finish = nil
		if e.FinishTime != "" {
			finish := e.FinishTime
			n.finish = &finish
		}
	}
	if err := s.putWorkout(&n); err != nil {
		return err
	}
	if w.date == e.Date && w.start == e.StartTime {
		return nil
	}
	sets, err := s.setsOf(w.id)
	if err != nil {
		return err
	}
	was := map[string]string{}
	moved := make([]*setRow, 0, len(sets))
	for _, x := range sets {
		c := *x
		c.hk = historyKey(e.Date, e.StartTime, x.seq)
		was[x.id] = x.hk
		if err := s.putSet(&c); err != nil {
			return err
		}
		moved = append(moved, &c)
	}
	return recomputeFrom(s, w.user, moved, was)
}
