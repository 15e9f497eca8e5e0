package progress

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

var _ projections.MemoryRebuilt = Projector{}

// NewRebuilding returns the progress tables rebuilt in memory.
func (Projector) NewRebuilding() projections.Rebuilding {
	return &rebuilding{
		syms:      map[string]sym{},
		exercises: map[string]exerciseName{},
		workouts:  map[sym]workoutMem{},
		users:     map[sym]*userMem{},
		setByUUID: map[[16]byte]int32{},
		setByName: map[string]int32{},
		names:     map[int32]string{},
		byWorkout: map[sym][]int32{},
	}
}

// sym is a string of the read model (a user or workout id, a day, an exercise's key or name)
// interned: each is held once, and rows hold 4 bytes for it.
type sym uint32

// rebuilding holds the progress tables as Apply leaves them, event after event: the rows of
// every table, and the indexes its statements find rows by. Every refresh sums again what the
// rows hold at that moment, as the SQL does, so rows that the SQL leaves stale (a set of
// another user in a workout, say) stay stale here too.
type rebuilding struct {
	syms map[string]sym
	strs []string
	// exercises caches each exercise name as logged: its key and its clean name.
	exercises map[string]exerciseName

	// workouts is progress_workouts by id.
	workouts map[sym]workoutMem
	// users holds each user's rows of the other tables.
	users map[sym]*userMem
	// sets is progress_sets, a row a slot (free ones listed in free), found by workout id in
	// byWorkout and by id in setByUUID, or setByName for an id that is not a canonical UUID
	// (names holds those ids by slot).
	sets      []setMem
	free      []int32
	setByUUID map[[16]byte]int32
	setByName map[string]int32
	names     map[int32]string
	byWorkout map[sym][]int32
}

type exerciseName struct{ key, name sym }

// workoutMem is a row of progress_workouts; minutes counts once finished.
type workoutMem struct {
	user, date, start sym
	finished          bool
	minutes           int64
}

// setMem is a row of progress_sets; value counts when hasValue. Its id is uuid, or in names
// when named.
type setMem struct {
	uuid                                   [16]byte
	value                                  float64
	user, workout, key, name, date         sym
	hasValue, bodyweight, done, set, named bool
}

// userMem is what one user's rows hold beyond progress_workouts and progress_sets.
type userMem struct {
	// days holds, by day, what the user's workouts add up to (agg) and the day's row of
	// workout_days (row, all zero when there is none).
	days map[sym]dayMem
	// totals is the user's row of workout_totals, all zero when there is none.
	totals dayTotals
	// workouts lists the ids of workouts inserted for the user (some since deleted).
	workouts []sym
	// groups holds, by exercise and day, the user's sets and row of exercise_days.
	groups map[keyDay]*groupMem
	// exercises is exercise_totals by exercise key.
	exercises map[sym]exerciseTotal
}

type dayMem struct{ agg, row dayTotals }

type keyDay struct{ key, date sym }

// groupMem is the user's sets of one exercise on one day (slots of sets, done or not) and
// the row of exercise_days for them, when held.
type groupMem struct {
	sets                      []int32
	held, hasBest, bodyweight bool
	name                      sym
	count                     int64
	best                      float64
}

type exerciseTotal struct {
	days int64
	name sym
}

func (r *rebuilding) intern(s string) sym {
	if id, ok := r.syms[s]; ok {
		return id
	}
	id := sym(len(r.strs))
	r.strs = append(r.strs, s)
	r.syms[s] = id
	return id
}

func (r *rebuilding) user(id sym) *userMem {
	u := r.users[id]
	if u == nil {
		u = &userMem{days: map[sym]dayMem{}, groups: map[keyDay]*groupMem{}, exercises: map[sym]exerciseTotal{}}
		r.users[id] = u
	}
	return u
}

// Apply applies ev as Projector.Apply does to the tables.
func (r *rebuilding) Apply(ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case workout.WorkoutStarted:
		r.workoutStarted(e)
	case workout.WorkoutDetailsEdited:
		r.workoutEdited(e)
	case workout.WorkoutFinished:
		r.workoutFinished(e)
	case workout.WorkoutDeleted:
		r.workoutDeleted(e)
	case workout.SetLogged:
		r.setChanged(e.UserID, e.WorkoutID, e.SetID, &e.SetFields, e.Done)
	case workout.SetEdited:
		r.setChanged(e.UserID, e.WorkoutID, e.SetID, &e.SetFields, e.Done)
	case workout.SetMarkedDone:
		r.setMarkedDone(e)
	case workout.SetDeleted:
		r.setChanged(e.UserID, e.WorkoutID, e.SetID, nil, false)
	case account.AccountClosed:
		r.accountClosed(e.UserID)
	}
	return nil
}

// counts is what a workout adds to its day's sums.
func (w workoutMem) counts() dayTotals {
	if w.finished {
		return dayTotals{1, 1, w.minutes}
	}
	return dayTotals{1, 0, 0}
}

// count adds w to (sign 1) or takes it from (sign -1) what its user's day adds up to.
func (r *rebuilding) count(w workoutMem, sign int64) {
	u := r.user(w.user)
	d := u.days[w.date]
	d.agg = d.agg.plus(w.counts(), sign)
	u.days[w.date] = d
}

// workout finds a held workout by id.
func (r *rebuilding) workout(id string) (sym, workoutMem, bool) {
	s, ok := r.syms[id]
	if !ok {
		return 0, workoutMem{}, false
	}
	w, ok := r.workouts[s]
	return s, w, ok
}

func (r *rebuilding) workoutStarted(e workout.WorkoutStarted) {
	id, user, date := r.intern(e.WorkoutID), r.intern(e.UserID), r.intern(e.Date)
	if _, held := r.workouts[id]; !held {
		w := workoutMem{user: user, date: date, start: r.intern(e.StartTime)}
		r.workouts[id] = w
		u := r.user(user)
		u.workouts = append(u.workouts, id)
		r.count(w, 1)
	}
	r.refreshWorkoutDay(user, date)
}

func (r *rebuilding) workoutFinished(e workout.WorkoutFinished) {
	id, w, ok := r.workout(e.WorkoutID)
	if !ok {
		return
	}
	r.count(w, -1)
	w.finished, w.minutes = true, int64(workout.Duration(r.strs[w.start], e.FinishTime))
	r.workouts[id] = w
	r.count(w, 1)
	r.refreshWorkoutDay(w.user, w.date)
}

func (r *rebuilding) workoutEdited(e workout.WorkoutDetailsEdited) {
	id, w, ok := r.workout(e.WorkoutID)
	if !ok {
		return
	}
	was := w
	if w.finished {
		w.minutes = 0
		if e.FinishTime != "" {
			w.minutes = int64(workout.Duration(e.StartTime, e.FinishTime))
		}
	}
	w.date, w.start = r.intern(e.Date), r.intern(e.StartTime)
	r.count(was, -1)
	r.workouts[id] = w
	r.count(w, 1)
	r.refreshWorkoutDay(w.user, was.date)
	if w.date == was.date {
		return
	}
	r.refreshWorkoutDay(w.user, w.date)
	keys := r.exerciseKeys(id)
	for _, slot := range r.byWorkout[id] {
		r.moveSet(slot, r.sets[slot].user, r.sets[slot].key, w.date, false)
	}
	for _, k := range keys {
		r.refreshExerciseDay(w.user, k, was.date)
		r.refreshExerciseDay(w.user, k, w.date)
	}
}

func (r *rebuilding) workoutDeleted(e workout.WorkoutDeleted) {
	id, w, ok := r.workout(e.WorkoutID)
	if !ok {
		return
	}
	keys := r.exerciseKeys(id)
	for _, slot := range r.byWorkout[id] {
		r.dropSet(slot, false, true)
	}
	delete(r.byWorkout, id)
	delete(r.workouts, id)
	r.count(w, -1)
	for _, k := range keys {
		r.refreshExerciseDay(w.user, k, w.date)
	}
	r.refreshWorkoutDay(w.user, w.date)
}

// exerciseKeys lists the exercises of a workout's sets, whoever's, each once.
func (r *rebuilding) exerciseKeys(id sym) []sym {
	var keys []sym
	for _, slot := range r.byWorkout[id] {
		if k := r.sets[slot].key; !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// accountClosed deletes the user's rows of every table.
func (r *rebuilding) accountClosed(userID string) {
	id, ok := r.syms[userID]
	if !ok {
		return
	}
	u := r.users[id]
	if u == nil {
		return
	}
	for _, w := range u.workouts {
		if held, ok := r.workouts[w]; ok && held.user == id {
			delete(r.workouts, w)
		}
	}
	for _, g := range u.groups {
		for _, slot := range g.sets {
			r.dropSet(slot, true, false)
		}
	}
	delete(r.users, id)
}

// refreshWorkoutDay sums a user's workouts of one day again, as the SQL's refreshWorkoutDay,
// and moves the user's totals by what the day's sums changed.
func (r *rebuilding) refreshWorkoutDay(user, date sym) {
	u := r.users[user]
	if u == nil {
		return
	}
	d := u.days[date]
	if d.row == d.agg {
		return
	}
	was := d.row
	d.row = d.agg
	if d == (dayMem{}) {
		delete(u.days, date)
	} else {
		u.days[date] = d
	}
	u.totals = u.totals.plus(d.agg, 1).plus(was, -1)
	if u.totals.workouts == 0 {
		u.totals = dayTotals{}
	}
}

// set finds a held set by id, and reports whether it is held in workoutID.
func (r *rebuilding) set(workoutID, id string) (slot int32, held, foreign bool) {
	slot, ok := r.findSet(id)
	if !ok {
		return 0, false, false
	}
	in := r.strs[r.sets[slot].workout] == workoutID
	return slot, in, !in
}

// setChanged is the SQL's setChanged: what a set counts for replaced with f (nil when
// deleted), the exercise days it left and joined summed again.
func (r *rebuilding) setChanged(userID, workoutID, setID string, f *workout.SetFields, done bool) {
	slot, held, foreign := r.set(workoutID, setID)
	if foreign {
		return
	}
	user := r.intern(userID)
	var old, now keyDay
	if held {
		old = keyDay{r.sets[slot].key, r.sets[slot].date}
	}
	counted := false
	if f != nil && f.Category != exercise.Cardio {
		if wid, w, ok := r.workout(workoutID); ok {
			counted = true
			ex := r.exercise(f.Exercise)
			now = keyDay{ex.key, w.date}
			bodyweight := f.Category == exercise.Bodyweight
			v, hasValue := valueOf(f, bodyweight)
			if held {
				r.moveSet(slot, user, ex.key, w.date, true)
			} else {
				slot = r.addSet(setID, user, wid, ex.key, w.date)
			}
			s := &r.sets[slot]
			s.name, s.value, s.hasValue, s.bodyweight, s.done = ex.name, v, hasValue, bodyweight, done
		}
	}
	if held && !counted {
		r.dropSet(slot, true, true)
	}
	if held && (!counted || old != now) {
		r.refreshExerciseDay(user, old.key, old.date)
	}
	if counted {
		r.refreshExerciseDay(user, now.key, now.date)
	}
}

func (r *rebuilding) setMarkedDone(e workout.SetMarkedDone) {
	slot, held, _ := r.set(e.WorkoutID, e.SetID)
	if !held {
		return
	}
	s := &r.sets[slot]
	s.done = true
	r.refreshExerciseDay(r.intern(e.UserID), s.key, s.date)
}

// exercise returns the key and clean name of an exercise named as logged.
func (r *rebuilding) exercise(name string) exerciseName {
	ex, ok := r.exercises[name]
	if !ok {
		ex = exerciseName{r.intern(exercise.Key(name)), r.intern(exercise.CleanName(name))}
		r.exercises[name] = ex
	}
	return ex
}

// addSet holds a new set of user in workout w, on a day, and returns its slot.
func (r *rebuilding) addSet(id string, user, w, key, date sym) int32 {
	var slot int32
	if n := len(r.free); n > 0 {
		slot = r.free[n-1]
		r.free = r.free[:n-1]
	} else {
		slot = int32(len(r.sets))
		r.sets = append(r.sets, setMem{})
	}
	s := setMem{user: user, workout: w, key: key, date: date, set: true}
	if u, ok := parseUUID(id); ok {
		s.uuid = u
		r.setByUUID[u] = slot
	} else {
		s.named = true
		r.setByName[id] = slot
		r.names[slot] = id
	}
	r.sets[slot] = s
	r.byWorkout[w] = append(r.byWorkout[w], slot)
	g := r.user(user).group(keyDay{key, date})
	g.sets = append(g.sets, slot)
	return slot
}

// findSet finds a held set's slot by id.
func (r *rebuilding) findSet(id string) (int32, bool) {
	if u, ok := parseUUID(id); ok {
		slot, held := r.setByUUID[u]
		return slot, held
	}
	slot, held := r.setByName[id]
	return slot, held
}

// setsByID lists the rows of progress_sets in the order of the table's primary key, the one
// index the copy keeps while it is written: each row goes at the key's end, so a transaction
// dirties the key's last pages, not most of them.
func (r *rebuilding) setsByID() []heldSet {
	var rows []heldSet
	for i := range r.sets {
		if r.sets[i].set {
			rows = append(rows, heldSet{r.setID(int32(i)), int32(i)})
		}
	}
	slices.SortFunc(rows, func(a, b heldSet) int { return strings.Compare(a.id, b.id) })
	return rows
}

// heldSet is a row of progress_sets to write: the set's id and slot.
type heldSet struct {
	id   string
	slot int32
}

// setID is the id of the set in slot.
func (r *rebuilding) setID(slot int32) string {
	if r.sets[slot].named {
		return r.names[slot]
	}
	return formatUUID(r.sets[slot].uuid)
}

// moveSet moves a held set to user's sets of an exercise on a day; reinserted, it goes
// last among them even when they are its own, as the SQL deleting and inserting it again does.
func (r *rebuilding) moveSet(slot int32, user, key, date sym, reinserted bool) {
	s := &r.sets[slot]
	if !reinserted && s.user == user && s.key == key && s.date == date {
		return
	}
	r.leaveGroup(slot)
	s.user, s.key, s.date = user, key, date
	g := r.user(user).group(keyDay{key, date})
	g.sets = append(g.sets, slot)
}

// dropSet deletes a held set. fromWorkout or fromGroup false leave it in the workout's or the
// group's list, for a caller deleting every set of the one or of the user's groups.
func (r *rebuilding) dropSet(slot int32, fromWorkout, fromGroup bool) {
	s := &r.sets[slot]
	if fromWorkout {
		list := r.byWorkout[s.workout]
		if i := slices.Index(list, slot); i >= 0 {
			list = slices.Delete(list, i, i+1)
		}
		if len(list) == 0 {
			delete(r.byWorkout, s.workout)
		} else {
			r.byWorkout[s.workout] = list
		}
	}
	if fromGroup {
		r.leaveGroup(slot)
	}
	if s.named {
		delete(r.setByName, r.names[slot])
		delete(r.names, slot)
	} else {
		delete(r.setByUUID, s.uuid)
	}
	*s = setMem{}
	r.free = append(r.free, slot)
}

// leaveGroup takes a set out of its user's sets of its exercise and day; the group's row of
// exercise_days stays until it is refreshed.
func (r *rebuilding) leaveGroup(slot int32) {
	s := &r.sets[slot]
	u := r.users[s.user]
	if u == nil {
		return // the user's account was closed: every group of theirs is gone
	}
	k := keyDay{s.key, s.date}
	g := u.groups[k]
	if g == nil {
		return
	}
	if i := slices.Index(g.sets, slot); i >= 0 {
		g.sets = slices.Delete(g.sets, i, i+1)
	}
	if len(g.sets) == 0 && !g.held {
		delete(u.groups, k)
	}
}

func (u *userMem) group(k keyDay) *groupMem {
	g := u.groups[k]
	if g == nil {
		g = &groupMem{}
		u.groups[k] = g
	}
	return g
}

// refreshExerciseDay is the SQL's refreshExerciseDay: the user's done sets of one exercise
// on one day counted again (their count, best and greatest name), and the day counted in
// the exercise's days when it gained or lost its first one.
func (r *rebuilding) refreshExerciseDay(user, key, date sym) {
	u := r.users[user]
	if u == nil {
		return
	}
	k := keyDay{key, date}
	g := u.groups[k]
	if g == nil {
		return
	}
	var count int64
	var weighted, reps float64
	var hasWeighted, hasReps bool
	name, hasName := sym(0), false
	for _, slot := range g.sets {
		s := &r.sets[slot]
		if !s.done {
			continue
		}
		count++
		if !hasName || r.strs[s.name] > r.strs[name] {
			name, hasName = s.name, true
		}
		if !s.hasValue {
			continue
		}
		// Of equal values the last wins, as in PostgreSQL's MAX, which tells -0 from 0 (SQLite
		// stores both as 0): a group lists its sets in the order they were inserted.
		switch {
		case s.bodyweight && (!hasReps || s.value >= reps):
			reps, hasReps = s.value, true
		case !s.bodyweight && (!hasWeighted || s.value >= weighted):
			weighted, hasWeighted = s.value, true
		}
	}
	if count == 0 {
		if !g.held {
			return
		}
		*g = groupMem{sets: g.sets}
		if len(g.sets) == 0 {
			delete(u.groups, k)
		}
		r.countDays(u, key, "", -1)
		return
	}
	was := g.held
	g.held, g.name, g.count, g.bodyweight = true, name, count, !hasWeighted
	g.best, g.hasBest = weighted, hasWeighted
	if !hasWeighted {
		g.best, g.hasBest = reps, hasReps
	}
	if !was {
		r.countDays(u, key, r.strs[name], 1)
	}
}

// countDays moves an exercise's count of days by delta, naming it name when it has one.
func (r *rebuilding) countDays(u *userMem, key sym, name string, delta int64) {
	t, held := u.exercises[key]
	was := ""
	if held {
		was = r.strs[t.name]
	}
	days := t.days + delta
	if days <= 0 {
		delete(u.exercises, key)
		return
	}
	if name == "" {
		name = was
	}
	u.exercises[key] = exerciseTotal{days: days, name: r.intern(name)}
}

// Flush writes every table's rows.
func (r *rebuilding) Flush(ctx context.Context, w projections.RowWriter) error {
	str := func(s sym) any { return r.strs[s] }
	tables := []struct {
		name    string
		columns []string
		rows    func(yield func([]any) bool)
	}{
		{"progress_workouts", []string{"id", "user_id", "date", "start_time", "minutes"}, func(yield func([]any) bool) {
			for id, wk := range r.workouts {
				var minutes any
				if wk.finished {
					minutes = wk.minutes
				}
				if !yield([]any{str(id), str(wk.user), str(wk.date), str(wk.start), minutes}) {
					return
				}
			}
		}},
		{"workout_days", []string{"user_id", "date", "workouts", "finished", "minutes"}, func(yield func([]any) bool) {
			for id, u := range r.users {
				for date, d := range u.days {
					if d.row.workouts == 0 {
						continue
					}
					if !yield([]any{str(id), str(date), d.row.workouts, d.row.finished, d.row.minutes}) {
						return
					}
				}
			}
		}},
		{"workout_totals", []string{"user_id", "workouts", "finished", "minutes"}, func(yield func([]any) bool) {
			for id, u := range r.users {
				if u.totals.workouts == 0 {
					continue
				}
				if !yield([]any{str(id), u.totals.workouts, u.totals.finished, u.totals.minutes}) {
					return
				}
			}
		}},
		{"progress_sets", []string{"id", "user_id", "workout_id", "exercise_key", "exercise", "date", "value", "bodyweight", "done"},
			func(yield func([]any) bool) {
				for _, row := range r.setsByID() {
					s := &r.sets[row.slot]
					var value any
					if s.hasValue {
						value = s.value
					}
					if !yield([]any{row.id, str(s.user), str(s.workout), str(s.key), str(s.name), str(s.date), value, s.bodyweight, s.done}) {
						return
					}
				}
			}},
		{"exercise_days", []string{"user_id", "exercise_key", "date", "exercise", "sets", "best", "bodyweight"}, func(yield func([]any) bool) {
			var rows [][]any
			for id, u := range r.users {
				for k, g := range u.groups {
					if !g.held {
						continue
					}
					var best any
					if g.hasBest {
						best = g.best
					}
					rows = append(rows, []any{str(id), str(k.key), str(k.date), str(g.name), g.count, best, g.bodyweight})
				}
			}
			// In the order of the table's key, as progress_sets.
			slices.SortFunc(rows, func(a, b []any) int {
				return cmp.Or(strings.Compare(a[0].(string), b[0].(string)), strings.Compare(a[1].(string), b[1].(string)),
					strings.Compare(a[2].(string), b[2].(string)))
			})
			for _, row := range rows {
				if !yield(row) {
					return
				}
			}
		}},
		{"exercise_totals", []string{"user_id", "exercise_key", "exercise", "days"}, func(yield func([]any) bool) {
			for id, u := range r.users {
				for key, t := range u.exercises {
					if !yield([]any{str(id), str(key), str(t.name), t.days}) {
						return
					}
				}
			}
		}},
	}
	for _, t := range tables {
		if err := w.Write(ctx, t.name, t.columns, t.rows); err != nil {
			return err
		}
	}
	return nil
}
