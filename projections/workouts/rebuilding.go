package workouts

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

var _ projections.MemoryRebuilt = Projector{}

// NewRebuilding returns the workouts, workout_sets and personal_bests tables rebuilt in
// memory: each event changes the rows as Apply's statements change them, one event at a
// time, and Flush writes the rows the tables would hold.
func (Projector) NewRebuilding() projections.Rebuilding {
	r := &rebuilding{workouts: map[string]*mWorkout{}, sets: map[string]*mSet{}, users: map[string]*mUser{},
		exerciseIDs: map[string]uint32{}, stringIDs: map[string]uint32{}}
	r.cardio, r.bodyweight = r.intern(exercise.Cardio), r.intern(exercise.Bodyweight)
	return r
}

// rebuilding is the read model in memory. Rows are indexed as the statements of Apply read
// them: sets by id, by workout in log order (seq) and by user and exercise in history order
// (history_key); the personal_bests row of a user's exercise sits with its history.
type rebuilding struct {
	workouts map[string]*mWorkout // rows, and the workouts whose rows are gone but sets stay
	sets     map[string]*mSet
	users    map[string]*mUser
	// Exercise names, with their keys, and the other short texts of sets (categories and
	// units) are held once each; a set holds their numbers.
	exercises   []exerciseName
	exerciseIDs map[string]uint32
	strs        []string
	stringIDs   map[string]uint32
	// cardio and bodyweight are the numbers of those categories.
	cardio, bodyweight uint32
	// counts is refreshWorkout's scratch: the sets so far per exercise key.
	counts []keyCount
}

type exerciseName struct{ name, key string }

type keyCount struct {
	key string
	n   int32
}

// mUser is a user's exercises (each one's history of sets and personal best) and the
// workouts inserted with their id (some since deleted or taken over by another row).
type mUser struct {
	id        string
	exercises map[string]*mHistory
	workouts  []*mWorkout
}

// mHistory is the sets of one user's exercise by history_key, and its personal_bests row.
type mHistory struct {
	user *mUser
	key  string
	sets []*mSet
	best *mBest
}

// mBest is a personal_bests row but its user and exercise key (its history's).
type mBest struct {
	exercise, setID, unit, hk string
	weight, kg, previous      float64
	reps                      int64
	has                       uint16 // hasWeight, hasKg, hasReps, hasPrevious
}

// mWorkout is a workouts row (when exists) and the sets whose workout_id is its id, by seq.
type mWorkout struct {
	id, user, name, date, start, finish, planName, planID, planNotes string
	stamp                                                            *stamp // its date and start, as its sets' history keys have them
	startedAt, setCount, doneCount                                   int64
	volume                                                           float64
	names                                                            []uint32 // exercise_names, by exercise number
	exists, finished, hasFinish                                      bool
	marked                                                           bool // scratch of close
	sets                                                             []*mSet
}

// mSet is a workout_sets row: its workout_id is w's, its user_id and exercise_key h's, its
// history_key stamp's prefix and seq (see hk), its weight_kg its weight in kilograms.
type mSet struct {
	id                               string
	w                                *mWorkout
	h                                *mHistory
	stamp                            *stamp
	weight, distance                 float64
	reps, rpe, minutes, seconds      int64
	loggedAt, seq                    int64
	exercise, category, unit, distUn uint32
	number                           int32 // set_number: 2^31 sets of an exercise in a workout are not held
	has                              uint16
}

// stamp is what the history keys of a workout's sets start with: its date and start time
// ("2026-11-25T09:00"), shared by the sets written with them.
type stamp struct{ prefix string }

func newStamp(date, start string) *stamp { return &stamp{date + "T" + start} }

// hk is the set's history_key, historyKey(date, start, seq).
func (s *mSet) hk() string {
	d := digits20(s.seq)
	return s.stamp.prefix + "#" + string(d[:])
}

// from is where recompute starts: a set's history key, or the start (a nil stamp).
type from struct {
	stamp *stamp
	seq   int64
}

func (s *mSet) from() from { return from{s.stamp, s.seq} }

// digits20 is seq as historyKey writes it: %020d.
func digits20(seq int64) (d [20]byte) {
	if seq < 0 {
		copy(d[:], fmt.Sprintf("%020d", seq))
		return d
	}
	for i := len(d) - 1; i >= 0; i-- {
		d[i] = byte('0' + seq%10)
		seq /= 10
	}
	return d
}

// compareHK compares the history keys prefix+"#"+%020d of seq, as strings.Compare would.
func compareHK(pa string, sa int64, pb string, sb int64) int {
	if pa == pb && sa >= 0 && sb >= 0 {
		return cmp.Compare(sa, sb)
	}
	n := min(len(pa), len(pb))
	if c := strings.Compare(pa[:n], pb[:n]); c != 0 {
		return c
	}
	da, db := digits20(sa), digits20(sb)
	at := func(p string, d *[20]byte, i int) byte {
		switch {
		case i < len(p):
			return p[i]
		case i == len(p):
			return '#'
		}
		return d[i-len(p)-1]
	}
	la, lb := len(pa)+21, len(pb)+21
	for i := n; i < min(la, lb); i++ {
		if ca, cb := at(pa, &da, i), at(pb, &db, i); ca != cb {
			return cmp.Compare(ca, cb)
		}
	}
	return cmp.Compare(la, lb)
}

func compareSets(a, b *mSet) int { return compareHK(a.stamp.prefix, a.seq, b.stamp.prefix, b.seq) }

// kg is the set's weight_kg (when it has a weight).
func (r *rebuilding) kg(s *mSet) float64 { return body.ToKg(s.weight, r.strs[s.unit]) }

// Flags of mSet.has and mBest.has: which nullable columns hold a value, and the booleans.
const (
	hasWeight = 1 << iota
	hasKg
	hasReps
	hasRPE
	hasDistance
	hasMinutes
	hasSeconds
	hasPrevious
	isDone
	isPB
)

func (r *rebuilding) intern(s string) uint32 {
	if id, ok := r.stringIDs[s]; ok {
		return id
	}
	id := uint32(len(r.strs))
	r.strs = append(r.strs, s)
	r.stringIDs[s] = id
	return id
}

func (r *rebuilding) exercise(name string) uint32 {
	if id, ok := r.exerciseIDs[name]; ok {
		return id
	}
	id := uint32(len(r.exercises))
	r.exercises = append(r.exercises, exerciseName{name, exercise.Key(name)})
	r.exerciseIDs[name] = id
	return id
}

func (r *rebuilding) user(id string) *mUser {
	u := r.users[id]
	if u == nil {
		u = &mUser{id: id, exercises: map[string]*mHistory{}}
		r.users[id] = u
	}
	return u
}

// history returns a user's history of an exercise, created empty when there is none.
func (r *rebuilding) history(userID, key string) *mHistory {
	u := r.user(userID)
	h := u.exercises[key]
	if h == nil {
		h = &mHistory{user: u, key: key}
		u.exercises[key] = h
	}
	return h
}

// lookup returns a user's history of an exercise, nil when there is none.
func (r *rebuilding) lookup(userID, key string) *mHistory {
	if u := r.users[userID]; u != nil {
		return u.exercises[key]
	}
	return nil
}

// insert adds s at its place by history key: last, nearly always.
func (h *mHistory) insert(s *mSet) {
	n := len(h.sets)
	if n == 0 || compareSets(h.sets[n-1], s) < 0 {
		h.sets = append(h.sets, s)
		return
	}
	i := sort.Search(n, func(i int) bool { return compareSets(h.sets[i], s) > 0 })
	h.sets = slices.Insert(h.sets, i, s)
}

// remove takes s out.
func (h *mHistory) remove(s *mSet) {
	i := sort.Search(len(h.sets), func(i int) bool { return compareSets(h.sets[i], s) >= 0 })
	for ; i < len(h.sets); i++ {
		if h.sets[i] == s {
			h.sets = slices.Delete(h.sets, i, i+1)
			return
		}
	}
	if i := slices.Index(h.sets, s); i >= 0 { // not where its key says: never, but safe
		h.sets = slices.Delete(h.sets, i, i+1)
	}
}

// removeSet takes s out of the workout's sets.
func (w *mWorkout) removeSet(s *mSet) {
	i := sort.Search(len(w.sets), func(i int) bool { return w.sets[i].seq >= s.seq })
	for ; i < len(w.sets); i++ {
		if w.sets[i] == s {
			w.sets = slices.Delete(w.sets, i, i+1)
			return
		}
	}
	if i := slices.Index(w.sets, s); i >= 0 {
		w.sets = slices.Delete(w.sets, i, i+1)
	}
}

// value is what a best is measured by as SQL computes it (bestValue): reps for bodyweight,
// weight_kg otherwise, either NULL.
func (r *rebuilding) value(s *mSet) (float64, bool) {
	if s.category == r.bodyweight {
		return float64(s.reps), s.has&hasReps != 0
	}
	return r.kg(s), s.has&hasKg != 0
}

// setFields writes the columns a logged or edited set takes from its fields, its pb flag
// kept.
func (r *rebuilding) setFields(s *mSet, f workout.SetFields, done bool) {
	s.exercise = r.exercise(f.Exercise)
	s.category, s.unit, s.distUn = r.intern(f.Category), r.intern(f.Unit), r.intern(f.DistanceUnit)
	s.has &= isPB
	s.weight, s.distance, s.reps, s.rpe, s.minutes, s.seconds = 0, 0, 0, 0, 0, 0
	if f.Weight != nil {
		s.weight, s.has = *f.Weight, s.has|hasWeight|hasKg
	}
	if f.Reps != nil {
		s.reps, s.has = int64(*f.Reps), s.has|hasReps
	}
	if f.RPE != nil {
		s.rpe, s.has = int64(*f.RPE), s.has|hasRPE
	}
	if f.Distance != nil {
		s.distance, s.has = *f.Distance, s.has|hasDistance
	}
	if f.Minutes != nil {
		s.minutes, s.has = int64(*f.Minutes), s.has|hasMinutes
	}
	if f.Seconds != nil {
		s.seconds, s.has = int64(*f.Seconds), s.has|hasSeconds
	}
	if done {
		s.has |= isDone
	}
}

// Apply changes the rows as Apply's statements do.
func (r *rebuilding) Apply(ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case workout.WorkoutStarted:
		r.started(e)
	case workout.WorkoutDetailsEdited:
		return r.detailsEdited(e)
	case workout.WorkoutFinished:
		if w := r.workouts[e.WorkoutID]; w != nil && w.exists {
			w.finish, w.hasFinish, w.finished, w.name = e.FinishTime, true, true, e.Name
		}
	case workout.WorkoutDeleted:
		r.workoutDeleted(e)
	case workout.SetLogged:
		return r.setLogged(ev.Position, e)
	case workout.SetEdited:
		r.setEdited(e)
	case workout.SetMarkedDone:
		if s := r.setRow(e.WorkoutID, e.SetID); s != nil {
			s.rpe, s.has = int64(e.RPE), s.has|isDone|hasRPE
			r.changed(e.WorkoutID, e.UserID, s.h.key, s.from())
		}
	case workout.SetDeleted:
		if s := r.setRow(e.WorkoutID, e.SetID); s != nil {
			key, at := s.h.key, s.from()
			r.deleteSet(s)
			r.changed(e.WorkoutID, e.UserID, key, at)
		}
	case workout.PlanCopied:
		if w := r.workouts[e.WorkoutID]; w != nil && w.exists {
			js, err := planNotesJSON(e)
			if err != nil {
				return err
			}
			w.planID, w.planNotes = e.PlanID, js
		}
	case account.AccountClosed:
		r.closed(e.UserID)
	}
	return nil
}

// started inserts the workout unless its id has a row (ON CONFLICT DO NOTHING).
func (r *rebuilding) started(e workout.WorkoutStarted) {
	w := r.workouts[e.WorkoutID]
	if w != nil && w.exists {
		return
	}
	if w == nil {
		w = &mWorkout{id: e.WorkoutID}
		r.workouts[e.WorkoutID] = w
	}
	*w = mWorkout{id: e.WorkoutID, user: e.UserID, name: e.Name, date: e.Date, start: e.StartTime, planName: e.PlanName,
		startedAt: e.StartedAt.UnixMilli(), planNotes: "{}", exists: true, sets: w.sets, stamp: newStamp(e.Date, e.StartTime)}
	u := r.user(e.UserID)
	u.workouts = append(u.workouts, w)
}

// setRow is the set with id in the workout, nil when none (setRow).
func (r *rebuilding) setRow(workoutID, id string) *mSet {
	if s := r.sets[id]; s != nil && s.w.id == workoutID {
		return s
	}
	return nil
}

// deleteSet deletes a set's row, and forgets a workout left with neither row nor sets.
func (r *rebuilding) deleteSet(s *mSet) {
	delete(r.sets, s.id)
	s.h.remove(s)
	s.w.removeSet(s)
	r.dropEmpty(s.w)
}

func (r *rebuilding) dropEmpty(w *mWorkout) {
	if !w.exists && len(w.sets) == 0 && r.workouts[w.id] == w {
		delete(r.workouts, w.id)
	}
}

// setLogged applies a set logged at position seq as setsLogged does a run of one.
func (r *rebuilding) setLogged(seq int64, e workout.SetLogged) error {
	if _, held := r.sets[e.SetID]; held {
		return nil
	}
	w := r.workouts[e.WorkoutID]
	if w == nil || !w.exists {
		return fmt.Errorf("workout of set %s: %s not found", e.SetID, e.WorkoutID)
	}
	f := e.SetFields
	s := &mSet{id: e.SetID, w: w, seq: seq, loggedAt: e.LoggedAt.UnixMilli(), stamp: w.stamp}
	r.setFields(s, f, e.Done)
	key := r.exercises[s.exercise].key
	// The number after the newest set of the exercise in the workout.
	for i := len(w.sets) - 1; i >= 0; i-- {
		if w.sets[i].h.key == key {
			s.number = w.sets[i].number
			break
		}
	}
	s.number++
	// What a best is measured by, as newLoggedSet has it.
	kg := r.kg(s)
	value, hasValue := kg, s.has&hasKg != 0
	if f.Category == exercise.Bodyweight && f.Reps != nil {
		value, hasValue = float64(*f.Reps), true
	}
	// The workout's totals and names (fold, updateWorkouts).
	var done int64
	var volume float64
	if e.Done {
		done = 1
		if f.Category != exercise.Cardio && s.has&hasKg != 0 && f.Reps != nil {
			volume = kg * float64(*f.Reps)
		}
	}
	w.setCount, w.doneCount, w.volume = w.setCount+1, w.doneCount+done, w.volume+volume
	if !slices.ContainsFunc(w.names, func(x uint32) bool { return r.exercises[x].key == key }) {
		w.names = append(w.names, s.exercise)
	}
	// The standing it builds on: the newest set of the exercise and the best as read.
	h := r.history(e.UserID, key)
	var newest *mSet
	if n := len(h.sets); n > 0 {
		newest = h.sets[n-1]
	}
	var best float64
	var hasBest bool
	if b := h.best; b != nil {
		switch {
		case b.has&hasKg != 0:
			best, hasBest = b.kg, true
		case b.has&hasReps != 0:
			best, hasBest = float64(b.reps), true
		}
	}
	contends := e.Done && f.Category != exercise.Cardio && hasValue
	recompute := contends && newest != nil && compareSets(newest, s) > 0
	if contends && !recompute && (!hasBest || value > best) {
		s.has |= isPB
	}
	s.h = h
	r.sets[s.id] = s
	w.sets = append(w.sets, s)
	h.insert(s)
	if s.has&isPB != 0 {
		if h.best == nil {
			h.best = &mBest{}
		}
		*h.best = mBest{exercise: f.Exercise, setID: s.id, unit: f.Unit, hk: s.hk(), weight: s.weight, kg: kg,
			reps: s.reps, previous: best, has: s.has & (hasWeight | hasKg | hasReps)}
		if hasBest {
			h.best.has |= hasPrevious
		}
	}
	if recompute {
		r.recompute(e.UserID, key, s.from())
	}
	return nil
}

// setEdited applies SetEdited as setEdited does.
func (r *rebuilding) setEdited(e workout.SetEdited) {
	s := r.setRow(e.WorkoutID, e.SetID)
	if s == nil {
		return
	}
	oldKey, oldHK := s.h.key, s.from()
	r.setFields(s, e.SetFields, e.Done)
	key := r.exercises[s.exercise].key
	if key != oldKey {
		s.h.remove(s)
		s.h = r.history(s.h.user.id, key)
		s.h.insert(s)
		r.recompute(e.UserID, oldKey, oldHK)
	}
	r.changed(e.WorkoutID, e.UserID, key, oldHK)
}

// changed refreshes a workout's totals and the bests of one exercise from historyKey on.
func (r *rebuilding) changed(workoutID, userID, key string, at from) {
	r.refreshWorkout(workoutID)
	r.recompute(userID, key, at)
}

// refreshWorkout recomputes a workout's counts, volume and names from its sets, and numbers
// its sets within their exercises, as refreshWorkout does.
func (r *rebuilding) refreshWorkout(workoutID string) {
	w := r.workouts[workoutID]
	if w == nil {
		return
	}
	var count, done int64
	var volume float64
	var names []uint32
	if w.exists {
		names = w.names[:0]
	}
	counts := r.counts[:0]
	for _, s := range w.sets {
		count++
		i := slices.IndexFunc(counts, func(c keyCount) bool { return c.key == s.h.key })
		if i < 0 {
			i = len(counts)
			counts = append(counts, keyCount{key: s.h.key})
			names = append(names, s.exercise)
		}
		counts[i].n++
		s.number = counts[i].n
		if s.has&isDone != 0 {
			done++
			if s.category != r.cardio && s.has&hasKg != 0 && s.has&hasReps != 0 {
				volume += r.kg(s) * float64(s.reps)
			}
		}
	}
	clear(counts)
	r.counts = counts[:0]
	if w.exists {
		w.setCount, w.doneCount, w.volume, w.names = count, done, volume, names
	}
}

// recompute walks one exercise's history from the set at from on, as recomputeBests does.
func (r *rebuilding) recompute(userID, key string, at from) {
	h := r.lookup(userID, key)
	if h == nil {
		return // no sets, no row
	}
	i := 0
	if at.stamp != nil {
		i = sort.Search(len(h.sets), func(i int) bool {
			return compareHK(h.sets[i].stamp.prefix, h.sets[i].seq, at.stamp.prefix, at.seq) >= 0
		})
	}
	var best float64
	var hasBest bool
	for _, s := range h.sets[:i] {
		if s.has&isDone == 0 || s.category == r.cardio {
			continue
		}
		if v, ok := r.value(s); ok && (!hasBest || v > best) {
			best, hasBest = v, true
		}
	}
	for _, s := range h.sets[i:] {
		v, ok := r.value(s)
		if s.has&isDone != 0 && s.category != r.cardio && ok && (!hasBest || v > best) {
			best, hasBest = v, true
			s.has |= isPB
		} else {
			s.has &^= isPB
		}
	}
	r.refreshBest(h)
}

// refreshBest keeps the personal_bests row of one exercise, as refreshBest does.
func (r *rebuilding) refreshBest(h *mHistory) {
	var found [2]*mSet
	n := 0
	for i := len(h.sets) - 1; i >= 0 && n < 2; i-- {
		if s := h.sets[i]; s.has&isPB != 0 {
			found[n] = s
			n++
		}
	}
	if n == 0 {
		h.best = nil
		return
	}
	b := found[0]
	if h.best == nil {
		h.best = &mBest{}
	}
	*h.best = mBest{exercise: r.exercises[b.exercise].name, setID: b.id, unit: r.strs[b.unit], hk: b.hk(), weight: b.weight,
		kg: r.kg(b), reps: b.reps, has: b.has & (hasWeight | hasKg | hasReps)}
	if n > 1 {
		if v, ok := r.value(found[1]); ok {
			h.best.previous, h.best.has = v, h.best.has|hasPrevious
		}
	}
}

// keys lists the exercise keys of a workout's sets, in the order of their first sets.
func keysOf(w *mWorkout) []string {
	var keys []string
	for _, s := range w.sets {
		if !slices.Contains(keys, s.h.key) {
			keys = append(keys, s.h.key)
		}
	}
	return keys
}

// workoutDeleted deletes a workout's sets and row, then recomputes the bests of its
// exercises.
func (r *rebuilding) workoutDeleted(e workout.WorkoutDeleted) {
	w := r.workouts[e.WorkoutID]
	if w == nil {
		return
	}
	keys := keysOf(w)
	for _, s := range w.sets {
		delete(r.sets, s.id)
		s.h.remove(s)
	}
	w.sets, w.exists = nil, false
	delete(r.workouts, w.id)
	for _, k := range keys {
		r.recompute(e.UserID, k, from{})
	}
}

// detailsEdited applies WorkoutDetailsEdited as detailsEdited does.
func (r *rebuilding) detailsEdited(e workout.WorkoutDetailsEdited) error {
	w := r.workouts[e.WorkoutID]
	if w == nil || !w.exists {
		return fmt.Errorf("edited workout %s: %w", e.WorkoutID, sql.ErrNoRows)
	}
	date, start := w.date, w.start
	w.name, w.date, w.start = e.Name, e.Date, e.StartTime
	if date != e.Date || start != e.StartTime {
		w.stamp = newStamp(e.Date, e.StartTime)
	}
	if w.finished {
		w.finish, w.hasFinish = e.FinishTime, e.FinishTime != ""
	}
	if date == e.Date && start == e.StartTime {
		return nil
	}
	for _, s := range w.sets {
		s.h.remove(s)
		s.stamp = w.stamp
		s.h.insert(s)
	}
	for _, k := range keysOf(w) {
		r.recompute(e.UserID, k, from{})
	}
	return nil
}

// closed deletes a user's sets, personal bests and workouts.
func (r *rebuilding) closed(userID string) {
	u := r.users[userID]
	if u == nil {
		return
	}
	var touched []*mWorkout
	for _, h := range u.exercises {
		for _, s := range h.sets {
			delete(r.sets, s.id)
			if !s.w.marked {
				s.w.marked = true
				touched = append(touched, s.w)
			}
			s.w = nil
		}
	}
	for _, w := range touched {
		w.marked = false
		w.sets = slices.DeleteFunc(w.sets, func(s *mSet) bool { return s.w == nil })
	}
	for _, w := range u.workouts {
		if w.exists && w.user == userID {
			w.exists = false
			w.names = nil
		}
		r.dropEmpty(w)
	}
	for _, w := range touched {
		r.dropEmpty(w)
	}
	delete(r.users, userID)
}

// Flush writes the three tables.
func (r *rebuilding) Flush(ctx context.Context, w projections.RowWriter) error {
	if err := w.Write(ctx, "workouts", []string{"id", "user_id", "name", "date", "start_time", "finish_time",
		"is_finished", "plan_name", "set_count", "done_count", "volume_kg", "exercise_names", "started_at", "plan_id",
		"plan_notes"}, r.workoutRows); err != nil {
		return err
	}
	if err := w.Write(ctx, "workout_sets", []string{"id", "workout_id", "user_id", "exercise", "exercise_key",
		"category", "weight", "weight_unit", "weight_kg", "reps", "rpe", "done", "pb", "distance", "distance_unit",
		"minutes", "seconds", "logged_at", "seq", "history_key", "set_number"}, r.setRows); err != nil {
		return err
	}
	return w.Write(ctx, "personal_bests", []string{"user_id", "exercise_key", "exercise", "set_id", "weight",
		"weight_unit", "weight_kg", "reps", "date", "previous_value", "history_key"}, r.bestRows)
}

// rows hands out rows of width values from blocks of many, fewer allocations than one a row
// (a writer may hold rows until it writes them, so none is reused).
type rows struct {
	width int
	block []any
}

func (rs *rows) next() []any {
	if len(rs.block) < rs.width {
		rs.block = make([]any, rs.width*256)
	}
	row := rs.block[:rs.width:rs.width]
	rs.block = rs.block[rs.width:]
	return row
}

// byID lists the workouts (rows or not) by id: rows written in the order of the table's key
// fill its pages in turn, not all at once.
func (r *rebuilding) byID() []*mWorkout {
	ws := slices.Collect(maps.Values(r.workouts))
	slices.SortFunc(ws, func(a, b *mWorkout) int { return strings.Compare(a.id, b.id) })
	return ws
}

func (r *rebuilding) workoutRows(yield func([]any) bool) {
	rs := rows{width: 15}
	var names []string
	for _, w := range r.byID() {
		if !w.exists {
			continue
		}
		names = names[:0]
		for _, x := range w.names {
			names = append(names, r.exercises[x].name)
		}
		js := "[]"
		if len(names) > 0 {
			js = marshalNames(names)
		}
		var finish any
		if w.hasFinish {
			finish = w.finish
		}
		row := rs.next()
		row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7] = w.id, w.user, w.name, w.date, w.start, finish,
			w.finished, w.planName
		row[8], row[9], row[10], row[11], row[12], row[13], row[14] = w.setCount, w.doneCount, w.volume, js, w.startedAt,
			w.planID, w.planNotes
		if !yield(row) {
			return
		}
	}
}

// setRows yields the sets in the order of workout_sets' primary key, the one index the copy
// keeps while it is written: each row goes at the key's end, so a transaction dirties the
// key's last pages, not most of them.
func (r *rebuilding) setRows(yield func([]any) bool) {
	var sets []*mSet
	for _, w := range r.workouts {
		sets = append(sets, w.sets...)
	}
	slices.SortFunc(sets, func(a, b *mSet) int { return strings.Compare(a.id, b.id) })
	rs := rows{width: 21}
	for _, s := range sets {
		if !yield(r.setValues(rs.next(), s)) {
			return
		}
	}
}

// setValues fills row with the columns of s.
func (r *rebuilding) setValues(row []any, s *mSet) []any {
	x := r.exercises[s.exercise]
	row[0], row[1], row[2], row[3], row[4], row[5] = s.id, s.w.id, s.h.user.id, x.name, s.h.key, r.strs[s.category]
	row[6], row[7], row[8] = opt(s.has, hasWeight, s.weight), r.strs[s.unit], opt(s.has, hasKg, r.kg(s))
	row[9], row[10], row[11], row[12] = opt(s.has, hasReps, s.reps), opt(s.has, hasRPE, s.rpe), s.has&isDone != 0, s.has&isPB != 0
	row[13], row[14], row[15], row[16] = opt(s.has, hasDistance, s.distance), r.strs[s.distUn], opt(s.has, hasMinutes, s.minutes),
		opt(s.has, hasSeconds, s.seconds)
	row[17], row[18], row[19], row[20] = s.loggedAt, s.seq, s.hk(), int64(s.number)
	return row
}

func (r *rebuilding) bestRows(yield func([]any) bool) {
	rs := rows{width: 11}
	users := slices.SortedFunc(maps.Values(r.users), func(a, b *mUser) int { return strings.Compare(a.id, b.id) })
	for _, u := range users {
		for _, key := range slices.Sorted(maps.Keys(u.exercises)) {
			h := u.exercises[key]
			b := h.best
			if b == nil {
				continue
			}
			row := rs.next()
			row[0], row[1], row[2], row[3], row[4], row[5] = u.id, h.key, b.exercise, b.setID, opt(b.has, hasWeight, b.weight), b.unit
			row[6], row[7], row[8], row[9], row[10] = opt(b.has, hasKg, b.kg), opt(b.has, hasReps, b.reps), b.hk[:10],
				opt(b.has, hasPrevious, b.previous), b.hk
			if !yield(row) {
				return
			}
		}
	}
}

// marshalNames is exercise_names as withExercise and refreshWorkout write it.
func marshalNames(names []string) string {
	js, _ := json.Marshal(names)
	return string(js)
}

// opt is v, or NULL when has lacks flag.
func opt[T any](has, flag uint16, v T) any {
	if has&flag == 0 {
		return nil
	}
	return v
}
