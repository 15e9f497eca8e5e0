package progress

import (
	"cmp"
	"context"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/gymlog/gymlog/projections"
)

var _ projections.MemoryRebuilt = Projector{}

// NewRebuilding returns the progress tables rebuilt in memory: the same rules as Apply's,
// over a store of rows held in memory, each user's apart. It holds only the rows of the
// users whose events it is given, so a rebuild may run in partitions of users, each with a
// Rebuilding of its own.
func (Projector) NewRebuilding() projections.Rebuilding {
	return &memory{strs: map[string]string{}, users: map[string]*userRows{}}
}

// memory is the store of a rebuild: the rows of every table by user, and the indexes the
// rules list rows through.
type memory struct {
	// strs interns the texts rows hold (days, exercises, users), each held once.
	strs  map[string]string
	users map[string]*userRows
	// workoutRows and setRows are where new rows are made, a block at a time.
	workoutRows []workoutRow
	setRows     []setRow
	// workoutList, setsOfList and setsOnList are the lists workoutsOn, setsOf and setsOn
	// return, each made again by the next call of its method.
	workoutList            []workoutRow
	setsOfList, setsOnList []setRow
}

// rowBlock is how many rows memory makes at a time.
const rowBlock = 1024

// newRow returns a place for a new row of *block, a block of them made when it is full.
func newRow[T any](block *[]T) *T {
	if len(*block) == cap(*block) {
		*block = make([]T, 0, rowBlock)
	}
	*block = append(*block, *new(T))
	return &(*block)[len(*block)-1]
}

// userRows is a user's rows of every table, and their indexes.
type userRows struct {
	workouts      map[string]*workoutRow
	workoutsOnDay map[string][]*workoutRow
	days          map[string]dayTotals
	totals        *dayTotals
	sets          map[string]*setRow
	setsOfWorkout map[string][]*setRow
	setsOnDay     map[keyDay][]*setRow
	exerciseDays  map[keyDay]exerciseDayRow
	exercises     map[string]exerciseTotalRow
}

// keyDay is an exercise's day: its key and date.
type keyDay struct{ key, date string }

func (m *memory) intern(s string) string {
	if held, ok := m.strs[s]; ok {
		return held
	}
	m.strs[s] = s
	return s
}

// rows returns the user's rows, nil when there are none.
func (m *memory) rows(user string) *userRows { return m.users[user] }

// newRows returns the user's rows, made when there are none.
func (m *memory) newRows(user string) *userRows {
	u := m.users[user]
	if u == nil {
		u = &userRows{workouts: map[string]*workoutRow{}, workoutsOnDay: map[string][]*workoutRow{},
			days: map[string]dayTotals{}, sets: map[string]*setRow{}, setsOfWorkout: map[string][]*setRow{},
			setsOnDay: map[keyDay][]*setRow{}, exerciseDays: map[keyDay]exerciseDayRow{},
			exercises: map[string]exerciseTotalRow{}}
		m.users[m.intern(user)] = u
	}
	return u
}

// remove deletes p from list, leaving no empty list in index.
func remove[K comparable, T any](index map[K][]*T, k K, p *T) {
	list := index[k]
	if i := slices.Index(list, p); i >= 0 {
		list = slices.Delete(list, i, i+1)
	}
	if len(list) == 0 {
		delete(index, k)
	} else {
		index[k] = list
	}
}

func (m *memory) workout(user, id string) (workoutRow, bool, error) {
	if u := m.rows(user); u != nil {
		if w := u.workouts[id]; w != nil {
			return *w, true, nil
		}
	}
	return workoutRow{}, false, nil
}

func (m *memory) workoutsOn(user, date string) ([]workoutRow, error) {
	u := m.rows(user)
	if u == nil {
		return nil, nil
	}
	out := m.workoutList[:0]
	for _, w := range u.workoutsOnDay[date] {
		out = append(out, *w)
	}
	m.workoutList = out
	return out, nil
}

func (m *memory) putWorkout(w workoutRow) error {
	u := m.newRows(w.user)
	w.user, w.date, w.start = m.intern(w.user), m.intern(w.date), m.intern(w.start)
	p := u.workouts[w.id]
	if p == nil {
		p = newRow(&m.workoutRows)
		*p = w
		u.workouts[w.id] = p
		u.workoutsOnDay[w.date] = append(u.workoutsOnDay[w.date], p)
		return nil
	}
	if p.date != w.date {
		remove(u.workoutsOnDay, p.date, p)
		u.workoutsOnDay[w.date] = append(u.workoutsOnDay[w.date], p)
	}
	w.id = p.id
	*p = w
	return nil
}

func (m *memory) deleteWorkout(user, id string) error {
	if u := m.rows(user); u != nil {
		if p := u.workouts[id]; p != nil {
			remove(u.workoutsOnDay, p.date, p)
			delete(u.workouts, id)
		}
	}
	return nil
}

func (m *memory) workoutDay(user, date string) (dayTotals, bool, error) {
	if u := m.rows(user); u != nil {
		t, ok := u.days[date]
		return t, ok, nil
	}
	return dayTotals{}, false, nil
}

func (m *memory) putWorkoutDay(user, date string, t dayTotals) error {
	m.newRows(user).days[m.intern(date)] = t
	return nil
}

func (m *memory) deleteWorkoutDay(user, date string) error {
	if u := m.rows(user); u != nil {
		delete(u.days, date)
	}
	return nil
}

func (m *memory) workoutTotals(user string) (dayTotals, bool, error) {
	if u := m.rows(user); u != nil && u.totals != nil {
		return *u.totals, true, nil
	}
	return dayTotals{}, false, nil
}

func (m *memory) putWorkoutTotals(user string, t dayTotals) error {
	m.newRows(user).totals = &t
	return nil
}

func (m *memory) deleteWorkoutTotals(user string) error {
	if u := m.rows(user); u != nil {
		u.totals = nil
	}
	return nil
}

func (m *memory) set(user, id string) (setRow, bool, error) {
	if u := m.rows(user); u != nil {
		if s := u.sets[id]; s != nil {
			return *s, true, nil
		}
	}
	return setRow{}, false, nil
}

func (m *memory) setsOf(user, workoutID string) ([]setRow, error) {
	if u := m.rows(user); u != nil {
		m.setsOfList = copyRows(m.setsOfList, u.setsOfWorkout[workoutID])
		return m.setsOfList, nil
	}
	return nil, nil
}

func (m *memory) setsOn(user, key, date string) ([]setRow, error) {
	if u := m.rows(user); u != nil {
		m.setsOnList = copyRows(m.setsOnList, u.setsOnDay[keyDay{key, date}])
		return m.setsOnList, nil
	}
	return nil, nil
}

// copyRows returns out holding the rows of list.
func copyRows(out []setRow, list []*setRow) []setRow {
	out = out[:0]
	for _, s := range list {
		out = append(out, *s)
	}
	return out
}

func (m *memory) putSet(s setRow) error {
	u := m.newRows(s.user)
	s.user, s.workout, s.key, s.name, s.date = m.intern(s.user), m.intern(s.workout), m.intern(s.key), m.intern(s.name), m.intern(s.date)
	p := u.sets[s.id]
	if p == nil {
		p = newRow(&m.setRows)
		*p = s
		u.sets[s.id] = p
		u.setsOfWorkout[s.workout] = append(u.setsOfWorkout[s.workout], p)
		k := keyDay{s.key, s.date}
		u.setsOnDay[k] = append(u.setsOnDay[k], p)
		return nil
	}
	if p.workout != s.workout {
		remove(u.setsOfWorkout, p.workout, p)
		u.setsOfWorkout[s.workout] = append(u.setsOfWorkout[s.workout], p)
	}
	if was, now := (keyDay{p.key, p.date}), (keyDay{s.key, s.date}); was != now {
		remove(u.setsOnDay, was, p)
		u.setsOnDay[now] = append(u.setsOnDay[now], p)
	}
	s.id = p.id
	*p = s
	return nil
}

func (m *memory) deleteSet(user, id string) error {
	if u := m.rows(user); u != nil {
		if p := u.sets[id]; p != nil {
			remove(u.setsOfWorkout, p.workout, p)
			remove(u.setsOnDay, keyDay{p.key, p.date}, p)
			delete(u.sets, id)
		}
	}
	return nil
}

func (m *memory) exerciseDay(user, key, date string) (exerciseDayRow, bool, error) {
	if u := m.rows(user); u != nil {
		d, ok := u.exerciseDays[keyDay{key, date}]
		return d, ok, nil
	}
	return exerciseDayRow{}, false, nil
}

func (m *memory) putExerciseDay(d exerciseDayRow) error {
	u := m.newRows(d.user)
	d.user, d.key, d.date, d.name = m.intern(d.user), m.intern(d.key), m.intern(d.date), m.intern(d.name)
	u.exerciseDays[keyDay{d.key, d.date}] = d
	return nil
}

func (m *memory) deleteExerciseDay(user, key, date string) error {
	if u := m.rows(user); u != nil {
		delete(u.exerciseDays, keyDay{key, date})
	}
	return nil
}

func (m *memory) exerciseTotal(user, key string) (exerciseTotalRow, bool, error) {
	if u := m.rows(user); u != nil {
		t, ok := u.exercises[key]
		return t, ok, nil
	}
	return exerciseTotalRow{}, false, nil
}

func (m *memory) putExerciseTotal(t exerciseTotalRow) error {
	u := m.newRows(t.user)
	t.user, t.key, t.name = m.intern(t.user), m.intern(t.key), m.intern(t.name)
	u.exercises[t.key] = t
	return nil
}

func (m *memory) deleteExerciseTotal(user, key string) error {
	if u := m.rows(user); u != nil {
		delete(u.exercises, key)
	}
	return nil
}

func (m *memory) deleteUser(user string) error {
	delete(m.users, user)
	return nil
}

// Apply applies ev as Projector.Apply does to the tables.
func (m *memory) Apply(ev projections.Event) error { return apply(m, ev) }

// Flush writes every table's rows in the order of its primary key (user first), the one
// index a copy keeps while it is written: each row goes at the key's end, so a transaction
// dirties the key's last pages, not most of them. Each table's key columns come first.
func (m *memory) Flush(ctx context.Context, w projections.RowWriter) error {
	users := slices.Sorted(maps.Keys(m.users))
	tables := []struct {
		name    string
		columns []string
		rows    func(user string, u *userRows, yield func([]any) bool) bool
	}{
		{"progress_workouts", []string{"user_id", "id", "date", "start_time", "minutes"}, func(user string, u *userRows, yield func([]any) bool) bool {
			for _, id := range slices.Sorted(maps.Keys(u.workouts)) {
				wk := u.workouts[id]
				var minutes any
				if wk.finished {
					minutes = wk.minutes
				}
				if !yield([]any{user, id, wk.date, wk.start, minutes}) {
					return false
				}
			}
			return true
		}},
		{"workout_days", []string{"user_id", "date", "workouts", "finished", "minutes"}, func(user string, u *userRows, yield func([]any) bool) bool {
			for _, date := range slices.Sorted(maps.Keys(u.days)) {
				d := u.days[date]
				if !yield([]any{user, date, d.workouts, d.finished, d.minutes}) {
					return false
				}
			}
			return true
		}},
		{"workout_totals", []string{"user_id", "workouts", "finished", "minutes"}, func(user string, u *userRows, yield func([]any) bool) bool {
			t := u.totals
			return t == nil || yield([]any{user, t.workouts, t.finished, t.minutes})
		}},
		{"progress_sets", []string{"user_id", "id", "workout_id", "exercise_key", "exercise", "date", "value", "bodyweight", "done"},
			func(user string, u *userRows, yield func([]any) bool) bool {
				for _, id := range slices.Sorted(maps.Keys(u.sets)) {
					s := u.sets[id]
					var value any
					if s.hasValue {
						value = s.value
					}
					if !yield([]any{user, id, s.workout, s.key, s.name, s.date, value, s.bodyweight, s.done}) {
						return false
					}
				}
				return true
			}},
		{"exercise_days", []string{"user_id", "exercise_key", "date", "exercise", "sets", "best", "bodyweight"},
			func(user string, u *userRows, yield func([]any) bool) bool {
				keys := slices.SortedFunc(maps.Keys(u.exerciseDays), func(a, b keyDay) int {
					return cmp.Or(strings.Compare(a.key, b.key), strings.Compare(a.date, b.date))
				})
				for _, k := range keys {
					d := u.exerciseDays[k]
					var best any
					if d.hasBest {
						best = d.best
					}
					if !yield([]any{user, k.key, k.date, d.name, d.sets, best, d.bodyweight}) {
						return false
					}
				}
				return true
			}},
		{"exercise_totals", []string{"user_id", "exercise_key", "exercise", "days"}, func(user string, u *userRows, yield func([]any) bool) bool {
			for _, key := range slices.Sorted(maps.Keys(u.exercises)) {
				if !yield([]any{user, key, u.exercises[key].name, u.exercises[key].days}) {
					return false
				}
			}
			return true
		}},
	}
	for _, t := range tables {
		var rows iter.Seq[[]any] = func(yield func([]any) bool) {
			for _, user := range users {
				if !t.rows(user, m.users[user], yield) {
					return
				}
			}
		}
		if err := w.Write(ctx, t.name, t.columns, rows); err != nil {
			return err
		}
	}
	return nil
}
