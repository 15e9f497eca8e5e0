package progress

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/gymlog/gymlog/projections"
)

var _ projections.BatchProjector = Projector{}

// ApplyBatch applies a batch of events by the same rules as Apply, over the same tables, but
// through an overlay: each row and each list the rules read comes from the tables once, and
// what they write is kept and written once, as it stands at the batch's end. A workout of
// twenty sets imported at once reads its workout and its exercises' days once instead of once
// a set, and writes each day once.
func (Projector) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	o := newOverlay(sqlStore{ctx: ctx, tx: tx})
	for _, ev := range events {
		if err := apply(o, ev); err != nil {
			return err
		}
	}
	return o.flush()
}

// overlay is a store over another for one batch: a row read is kept, a row written is kept
// (and marked to write), and a list is read from the store under it once, after which the
// overlay answers it from the rows it keeps. It decides nothing: the rules do, as over any
// store.
type overlay struct {
	under store

	workouts     cells[[2]string, workoutRow]
	days         cells[[2]string, dayTotals]
	totals       cells[string, dayTotals]
	sets         cells[[2]string, setRow]
	exerciseDays cells[[3]string, exerciseDayRow]
	exercises    cells[[2]string, exerciseTotalRow]
}

func newOverlay(under store) *overlay {
	return &overlay{under: under,
		workouts: newCells[[2]string, workoutRow](func(w workoutRow) []string { return []string{w.user + "\x00" + w.date} }),
		days:     newCells[[2]string, dayTotals](nil), totals: newCells[string, dayTotals](nil),
		sets: newCells[[2]string, setRow](func(s setRow) []string {
			return []string{"w\x00" + s.user + "\x00" + s.workout, "d\x00" + s.user + "\x00" + s.key + "\x00" + s.date}
		}),
		exerciseDays: newCells[[3]string, exerciseDayRow](nil), exercises: newCells[[2]string, exerciseTotalRow](nil)}
}

// cells are the rows of one table that a batch read or wrote, by key, and the lists of them
// read whole (each named as lists names a row's). A key without a cell is as the table holds
// it, and so is in no list read whole: reading a list gives a cell to each of its rows.
type cells[K comparable, R any] struct {
	rows  map[K]*cell[R]
	lists func(R) []string
	read  map[string]map[K]bool // each list read whole, and the keys in it now
}

// cell is a row as the batch left it: held says it exists, dirty that the batch wrote it.
type cell[R any] struct {
	row         R
	held, dirty bool
}

func newCells[K comparable, R any](lists func(R) []string) cells[K, R] {
	return cells[K, R]{rows: map[K]*cell[R]{}, lists: lists, read: map[string]map[K]bool{}}
}

// get returns the row of k, reading it with load the first time.
func (c *cells[K, R]) get(k K, load func() (R, bool, error)) (R, bool, error) {
	if x, ok := c.rows[k]; ok {
		return x.row, x.held, nil
	}
	r, held, err := load()
	if err != nil {
		return r, false, err
	}
	c.rows[k] = &cell[R]{row: r, held: held}
	return r, held, nil
}

// set writes the row of k (held false: deletes it), moving it between the lists read whole.
func (c *cells[K, R]) set(k K, r R, held bool) {
	if x, ok := c.rows[k]; ok && x.held && c.lists != nil {
		for _, name := range c.lists(x.row) {
			delete(c.read[name], k)
		}
	}
	c.rows[k] = &cell[R]{row: r, held: held, dirty: true}
	if held && c.lists != nil {
		for _, name := range c.lists(r) {
			if in, ok := c.read[name]; ok {
				in[k] = true
			}
		}
	}
}

// list returns the rows of the list name, reading it with load the first time: a row the
// batch already holds a cell of is taken from the cell, not from load.
func (c *cells[K, R]) list(name string, key func(R) K, load func() ([]R, error)) ([]R, error) {
	in, ok := c.read[name]
	if !ok {
		rows, err := load()
		if err != nil {
			return nil, err
		}
		in = map[K]bool{}
		for _, r := range rows {
			k := key(r)
			if _, ok := c.rows[k]; !ok {
				c.rows[k] = &cell[R]{row: r, held: true}
			}
		}
		// The list is each held row whose cell says it belongs to it, read or written.
		for k, x := range c.rows {
			if x.held && slices.Contains(c.lists(x.row), name) {
				in[k] = true
			}
		}
		c.read[name] = in
	}
	out := make([]R, 0, len(in))
	for k := range in {
		out = append(out, c.rows[k].row)
	}
	return out, nil
}

// forget drops every cell and list of the user's: the store under the overlay deleted the
// user's rows. (A list of another user's whose name holds the user's id by chance is read
// again: no harm.)
func (c *cells[K, R]) forget(user func(K) string, of string) {
	for k := range c.rows {
		if user(k) == of {
			delete(c.rows, k)
		}
	}
	for name := range c.read {
		if strings.HasPrefix(name, of+"\x00") || strings.Contains(name, "\x00"+of+"\x00") {
			delete(c.read, name)
		}
	}
}

// write writes each row the batch wrote to the store under the overlay (put or delete), in
// the order of their keys, so that the statements are the same whatever a map's order.
func (c *cells[K, R]) write(less func(a, b K) int, put func(K, R) error, del func(K) error) error {
	for _, k := range slices.SortedFunc(maps.Keys(c.rows), less) {
		x := c.rows[k]
		var err error
		switch {
		case !x.dirty:
		case x.held:
			err = put(k, x.row)
		default:
			err = del(k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func two(a, b [2]string) int { return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1])) }

func three(a, b [3]string) int {
	return cmp.Or(strings.Compare(a[0], b[0]), strings.Compare(a[1], b[1]), strings.Compare(a[2], b[2]))
}

// flush writes what the batch wrote to the store under the overlay.
func (o *overlay) flush() error {
	u := o.under
	for _, write := range []func() error{
		func() error {
			return o.workouts.write(two, func(_ [2]string, w workoutRow) error { return u.putWorkout(w) },
				func(k [2]string) error { return u.deleteWorkout(k[0], k[1]) })
		},
		func() error {
			return o.days.write(two, func(k [2]string, t dayTotals) error { return u.putWorkoutDay(k[0], k[1], t) },
				func(k [2]string) error { return u.deleteWorkoutDay(k[0], k[1]) })
		},
		func() error { return o.totals.write(strings.Compare, u.putWorkoutTotals, u.deleteWorkoutTotals) },
		func() error {
			return o.sets.write(two, func(_ [2]string, s setRow) error { return u.putSet(s) },
				func(k [2]string) error { return u.deleteSet(k[0], k[1]) })
		},
		func() error {
			return o.exerciseDays.write(three, func(_ [3]string, d exerciseDayRow) error { return u.putExerciseDay(d) },
				func(k [3]string) error { return u.deleteExerciseDay(k[0], k[1], k[2]) })
		},
		func() error {
			return o.exercises.write(two, func(_ [2]string, t exerciseTotalRow) error { return u.putExerciseTotal(t) },
				func(k [2]string) error { return u.deleteExerciseTotal(k[0], k[1]) })
		},
	} {
		if err := write(); err != nil {
			return err
		}
	}
	return nil
}

func (o *overlay) workout(user, id string) (workoutRow, bool, error) {
	return o.workouts.get([2]string{user, id}, func() (workoutRow, bool, error) { return o.under.workout(user, id) })
}

func (o *overlay) workoutsOn(user, date string) ([]workoutRow, error) {
	return o.workouts.list(user+"\x00"+date, func(w workoutRow) [2]string { return [2]string{w.user, w.id} },
		func() ([]workoutRow, error) { return o.under.workoutsOn(user, date) })
}

func (o *overlay) putWorkout(w workoutRow) error {
	o.workouts.set([2]string{w.user, w.id}, w, true)
	return nil
}

func (o *overlay) deleteWorkout(user, id string) error {
	o.workouts.set([2]string{user, id}, workoutRow{}, false)
	return nil
}

func (o *overlay) workoutDay(user, date string) (dayTotals, bool, error) {
	return o.days.get([2]string{user, date}, func() (dayTotals, bool, error) { return o.under.workoutDay(user, date) })
}

func (o *overlay) putWorkoutDay(user, date string, t dayTotals) error {
	o.days.set([2]string{user, date}, t, true)
	return nil
}

func (o *overlay) deleteWorkoutDay(user, date string) error {
	o.days.set([2]string{user, date}, dayTotals{}, false)
	return nil
}

func (o *overlay) workoutTotals(user string) (dayTotals, bool, error) {
	return o.totals.get(user, func() (dayTotals, bool, error) { return o.under.workoutTotals(user) })
}

func (o *overlay) putWorkoutTotals(user string, t dayTotals) error {
	o.totals.set(user, t, true)
	return nil
}

func (o *overlay) deleteWorkoutTotals(user string) error {
	o.totals.set(user, dayTotals{}, false)
	return nil
}

func (o *overlay) set(user, id string) (setRow, bool, error) {
	return o.sets.get([2]string{user, id}, func() (setRow, bool, error) { return o.under.set(user, id) })
}

func setKey(s setRow) [2]string { return [2]string{s.user, s.id} }

func (o *overlay) setsOf(user, workoutID string) ([]setRow, error) {
	return o.sets.list("w\x00"+user+"\x00"+workoutID, setKey, func() ([]setRow, error) { return o.under.setsOf(user, workoutID) })
}

func (o *overlay) setsOn(user, key, date string) ([]setRow, error) {
	return o.sets.list("d\x00"+user+"\x00"+key+"\x00"+date, setKey, func() ([]setRow, error) { return o.under.setsOn(user, key, date) })
}

func (o *overlay) putSet(s setRow) error {
	o.sets.set(setKey(s), s, true)
	return nil
}

func (o *overlay) deleteSet(user, id string) error {
	o.sets.set([2]string{user, id}, setRow{}, false)
	return nil
}

func (o *overlay) exerciseDay(user, key, date string) (exerciseDayRow, bool, error) {
	return o.exerciseDays.get([3]string{user, key, date}, func() (exerciseDayRow, bool, error) { return o.under.exerciseDay(user, key, date) })
}

func (o *overlay) putExerciseDay(d exerciseDayRow) error {
	o.exerciseDays.set([3]string{d.user, d.key, d.date}, d, true)
	return nil
}

func (o *overlay) deleteExerciseDay(user, key, date string) error {
	o.exerciseDays.set([3]string{user, key, date}, exerciseDayRow{}, false)
	return nil
}

func (o *overlay) exerciseTotal(user, key string) (exerciseTotalRow, bool, error) {
	return o.exercises.get([2]string{user, key}, func() (exerciseTotalRow, bool, error) { return o.under.exerciseTotal(user, key) })
}

func (o *overlay) putExerciseTotal(t exerciseTotalRow) error {
	o.exercises.set([2]string{t.user, t.key}, t, true)
	return nil
}

func (o *overlay) deleteExerciseTotal(user, key string) error {
	o.exercises.set([2]string{user, key}, exerciseTotalRow{}, false)
	return nil
}

// deleteUser deletes the user's rows under the overlay at once, and forgets what the batch
// holds of them: nothing of theirs is left to write.
func (o *overlay) deleteUser(user string) error {
	first := func(k [2]string) string { return k[0] }
	o.workouts.forget(first, user)
	o.days.forget(first, user)
	o.totals.forget(func(k string) string { return k }, user)
	o.sets.forget(first, user)
	o.exerciseDays.forget(func(k [3]string) string { return k[0] }, user)
	o.exercises.forget(first, user)
	return o.under.deleteUser(user)
}
