package workouts

import (
	"cmp"
	"slices"
	"strings"
)

// histKey names a user's history of one exercise.
type histKey struct{ user, key string }

// setRef names a set: its user and its id, a row of workout_sets (two users can hold one id).
type setRef struct{ user, id string }

func (x *setRow) ref() setRef { return setRef{x.user, x.id} }

func compareSetRefs(a, b setRef) int {
	return cmp.Or(strings.Compare(a.id, b.id), strings.Compare(a.user, b.user))
}

// memory is the store of rows in memory. In a rebuild (src nil) it holds the whole read model.
// Live, it holds the rows the batches it served touched, read from the tables through src
// the first time one is needed and written back at the end of each batch (writeBack); the
// projector keeps it from batch to batch while only it writes the tables
// (projections.Remembering). Either way the same rules run on it (apply), so a batch, an
// event applied alone and a rebuild leave the same rows.
//
// An index it holds is complete: a workout's entry holds all its sets, a history every set
// of the user's exercise from its lo on (and the newest two bests before lo). Every set it
// changes has been read into its indexes first, so reading more of the tables never meets
// a row it changed.
type memory struct {
	src       *sqlSource // nil: every row is here (a rebuild)
	workouts  map[string]*workoutEntry
	sets      map[setRef]*setRow
	absent    map[setRef]bool // sets known to have no row (live)
	histories map[histKey]*historyEntry
	bestRows  map[histKey]*bestRow // live, a nil row: known to be none
	users     map[string]*userRows // what closing an account deletes (a rebuild)
	texts     map[string]string    // the short texts of sets, held once (a rebuild)

	// What changed since the last write-back (live), and the sets new to the table since.
	dirtyWorkouts map[string]bool
	dirtySets     map[setRef]bool
	dirtyBests    map[histKey]bool
	newSets       map[setRef]bool
	// wasWorkouts holds each changed workout's row as the table holds it (nil for none).
	wasWorkouts map[string]*workoutRow
}

// workoutEntry is a workout's row (nil when it has none) and its sets by seq.
type workoutEntry struct {
	row  *workoutRow
	sets []*setRow
}

// historyEntry is a user's sets of one exercise by history key, every one from lo on, and
// the newest sets flagged a best before lo (at most two, the newest first).
type historyEntry struct {
	lo     string
	sets   []*setRow
	before []*setRow
}

// userRows is what a rebuild holds of a user: the workouts it started and its histories.
type userRows struct {
	workouts []string
	keys     []string
}

func newMemory(src *sqlSource) *memory {
	m := &memory{src: src, workouts: map[string]*workoutEntry{}, sets: map[setRef]*setRow{},
		histories: map[histKey]*historyEntry{}, bestRows: map[histKey]*bestRow{}}
	if src == nil {
		m.users, m.texts = map[string]*userRows{}, map[string]string{}
	} else {
		m.absent, m.dirtyWorkouts, m.dirtySets, m.dirtyBests = map[setRef]bool{}, map[string]bool{}, map[setRef]bool{}, map[histKey]bool{}
		m.newSets, m.wasWorkouts = map[setRef]bool{}, map[string]*workoutRow{}
	}
	return m
}

func (m *memory) user(id string) *userRows {
	u := m.users[id]
	if u == nil {
		u = &userRows{}
		m.users[id] = u
	}
	return u
}

// entry returns the workout's entry with all its sets, read from the tables when it is not
// held; nil in a rebuild for a workout never seen.
func (m *memory) entry(id string) (*workoutEntry, error) {
	if e := m.workouts[id]; e != nil || m.src == nil {
		return e, nil
	}
	if err := m.readWorkouts([]string{id}, nil); err != nil {
		return nil, err
	}
	return m.workouts[id], nil
}

// readWorkouts reads the rows and sets of the workouts of ids not held, and the sets refs
// names not known.
func (m *memory) readWorkouts(ids []string, refs []setRef) error {
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return m.workouts[id] != nil })
	refs = slices.DeleteFunc(slices.Clone(refs), func(r setRef) bool { return m.sets[r] != nil || m.absent[r] })
	if len(ids) == 0 && len(refs) == 0 {
		return nil
	}
	rows, err := m.src.workoutRows(ids)
	if err != nil {
		return err
	}
	sets, err := m.src.setRows(ids, refs)
	if err != nil {
		return err
	}
	for _, id := range ids {
		m.workouts[id] = &workoutEntry{}
	}
	for _, w := range rows {
		m.workouts[w.id].row = w
	}
	seen := make(map[setRef]bool, len(sets))
	for _, x := range sets {
		r := x.ref()
		if m.absent[r] || seen[r] {
			continue
		}
		seen[r] = true
		if held := m.sets[r]; held != nil {
			x = held
		} else {
			m.sets[r] = x
		}
		if e := m.workouts[x.workout]; e != nil && slices.Contains(ids, x.workout) {
			e.sets = append(e.sets, x)
		}
	}
	for _, id := range ids {
		slices.SortFunc(m.workouts[id].sets, bySeq)
	}
	for _, r := range refs {
		if m.sets[r] == nil {
			m.absent[r] = true
		}
	}
	return nil
}

func bySeq(a, b *setRow) int { return cmp.Or(cmp.Compare(a.seq, b.seq), strings.Compare(a.id, b.id)) }

func byHK(a, b *setRow) int { return cmp.Or(strings.Compare(a.hk, b.hk), strings.Compare(a.id, b.id)) }

func (m *memory) workout(id string) (*workoutRow, error) {
	e, err := m.entry(id)
	if e == nil || err != nil {
		return nil, err
	}
	return e.row, nil
}

func (m *memory) putWorkout(w *workoutRow) error {
	e, err := m.entry(w.id)
	if err != nil {
		return err
	}
	if e == nil {
		e = &workoutEntry{}
		m.workouts[w.id] = e
	}
	if m.src == nil && e.row == nil {
		u := m.user(w.user)
		u.workouts = append(u.workouts, w.id)
	}
	m.changedWorkout(w.id, e)
	e.row = w
	return nil
}

func (m *memory) deleteWorkout(id string) error {
	e, err := m.entry(id)
	if e == nil || err != nil {
		return err
	}
	m.changedWorkout(id, e)
	e.row = nil
	if m.src == nil && len(e.sets) == 0 {
		delete(m.workouts, id)
	}
	return nil
}

// changedWorkout notes, live, that the row of workout id (entry e) is about to change.
func (m *memory) changedWorkout(id string, e *workoutEntry) {
	if m.src != nil && !m.dirtyWorkouts[id] {
		m.dirtyWorkouts[id] = true
		m.wasWorkouts[id] = e.row
	}
}

func (m *memory) setsOf(workoutID string) ([]*setRow, error) {
	e, err := m.entry(workoutID)
	if e == nil || err != nil {
		return nil, err
	}
	return slices.Clone(e.sets), nil
}

func (m *memory) set(user, id string) (*setRow, error) {
	r := setRef{user, id}
	if x := m.sets[r]; x != nil || m.src == nil || m.absent[r] {
		return x, nil
	}
	if err := m.readWorkouts(nil, []setRef{r}); err != nil {
		return nil, err
	}
	return m.sets[r], nil
}

// text returns s as held once (a rebuild holds hundreds of thousands of sets).
func (m *memory) text(s string) string {
	if t, ok := m.texts[s]; ok {
		return t
	}
	m.texts[s] = s
	return s
}

func (m *memory) putSet(x *setRow) error {
	r := x.ref()
	old := m.sets[r]
	e, err := m.entry(x.workout)
	if err != nil {
		return err
	}
	if e == nil {
		e = &workoutEntry{}
		m.workouts[x.workout] = e
	}
	h, err := m.hist(x.user, x.key, x.hk)
	if err != nil {
		return err
	}
	if old != nil {
		if err := m.unindex(old); err != nil {
			return err
		}
	}
	if m.texts != nil {
		x.exercise, x.key, x.category, x.unit, x.distanceUnit = m.text(x.exercise), m.text(x.key), m.text(x.category),
			m.text(x.unit), m.text(x.distanceUnit)
	}
	e.sets = insertSorted(e.sets, x, bySeq)
	h.sets = insertSorted(h.sets, x, byHK)
	m.sets[r] = x
	if m.src != nil {
		if old == nil && !m.dirtySets[r] { // not in the table: neither read nor deleted
			m.newSets[r] = true
		}
		delete(m.absent, r)
		m.dirtySets[r] = true
	}
	return nil
}

func (m *memory) deleteSet(x *setRow) error {
	r := x.ref()
	old := m.sets[r]
	if old == nil {
		return nil
	}
	if err := m.unindex(old); err != nil {
		return err
	}
	delete(m.sets, r)
	if m.src != nil {
		delete(m.newSets, r)
		m.absent[r] = true
		m.dirtySets[r] = true
	}
	return nil
}

// unindex takes a set out of its workout's and its history's indexes.
func (m *memory) unindex(x *setRow) error {
	e, err := m.entry(x.workout)
	if err != nil {
		return err
	}
	h, err := m.hist(x.user, x.key, x.hk)
	if err != nil {
		return err
	}
	e.sets = removeSorted(e.sets, x, bySeq)
	h.sets = removeSorted(h.sets, x, byHK)
	return nil
}

func insertSorted(s []*setRow, x *setRow, compare func(a, b *setRow) int) []*setRow {
	if n := len(s); n == 0 || compare(s[n-1], x) < 0 {
		return append(s, x)
	}
	i, _ := slices.BinarySearchFunc(s, x, compare)
	return slices.Insert(s, i, x)
}

func removeSorted(s []*setRow, x *setRow, compare func(a, b *setRow) int) []*setRow {
	if i, ok := slices.BinarySearchFunc(s, x, compare); ok && s[i] == x {
		return slices.Delete(s, i, i+1)
	}
	if i := slices.Index(s, x); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// hist returns the user's history of the exercise holding every set from lo on, read
// from the tables as far as it is not held.
func (m *memory) hist(user, key, lo string) (*historyEntry, error) {
	k := histKey{user, key}
	h := m.histories[k]
	if m.src == nil {
		if h == nil {
			h = &historyEntry{}
			m.histories[k] = h
			u := m.user(user)
			u.keys = append(u.keys, key)
		}
		return h, nil
	}
	if h != nil && h.lo <= lo {
		return h, nil
	}
	if err := m.readHistories([]histRead{{k, lo}}); err != nil {
		return nil, err
	}
	return m.histories[k], nil
}

// histRead is a history to read from lo on.
type histRead struct {
	k  histKey
	lo string
}

// readHistories reads from the tables the sets of each history from its lo up to what is
// held, and the newest two bests before lo.
func (m *memory) readHistories(reads []histRead) error {
	reads = slices.DeleteFunc(slices.Clone(reads), func(r histRead) bool {
		h := m.histories[r.k]
		return h != nil && h.lo <= r.lo
	})
	if len(reads) == 0 {
		return nil
	}
	ranges := make([]histRange, len(reads))
	for i, r := range reads {
		ranges[i] = histRange{user: r.k.user, key: r.k.key, from: r.lo}
		if h := m.histories[r.k]; h != nil {
			ranges[i].to = h.lo
		}
	}
	sets, before, err := m.src.histories(ranges)
	if err != nil {
		return err
	}
	for i, r := range reads {
		h := m.histories[r.k]
		if h == nil {
			h = &historyEntry{lo: newest}
			m.histories[r.k] = h
		}
		for _, x := range sets[i] {
			ref := x.ref()
			if m.absent[ref] {
				continue
			}
			if held := m.sets[ref]; held != nil {
				x = held
			} else {
				m.sets[ref] = x
			}
			if x.user == r.k.user && x.key == r.k.key && x.hk >= r.lo && x.hk < h.lo {
				h.sets = append(h.sets, x)
			}
		}
		slices.SortFunc(h.sets, byHK)
		h.lo, h.before = r.lo, before[i]
	}
	return nil
}

func (m *memory) history(user, key, from string) ([]*setRow, error) {
	h, err := m.hist(user, key, from)
	if err != nil {
		return nil, err
	}
	i, _ := slices.BinarySearchFunc(h.sets, from, func(x *setRow, hk string) int { return strings.Compare(x.hk, hk) })
	return slices.Clone(h.sets[i:]), nil
}

func (m *memory) bests(user, key, before string, n int) ([]*setRow, error) {
	h, err := m.hist(user, key, before)
	if err != nil {
		return nil, err
	}
	i, _ := slices.BinarySearchFunc(h.sets, before, func(x *setRow, hk string) int { return strings.Compare(x.hk, hk) })
	var found []*setRow
	for i--; i >= 0 && len(found) < n; i-- {
		if h.sets[i].pb {
			found = append(found, h.sets[i])
		}
	}
	for _, x := range h.before {
		if len(found) == n {
			break
		}
		found = append(found, x)
	}
	return found, nil
}

func (m *memory) putBest(b *bestRow) error {
	k := histKey{b.user, b.key}
	if held := m.bestRows[k]; held != nil && sameBest(held, b) {
		return nil
	}
	m.bestRows[k] = b
	if m.src != nil {
		m.dirtyBests[k] = true
	}
	return nil
}

// deleteBest deletes a best; live, memory keeps that it has none.
func (m *memory) deleteBest(user, key string) error {
	k := histKey{user, key}
	held, known := m.bestRows[k]
	switch {
	case m.src == nil:
		delete(m.bestRows, k)
	case !known || held != nil:
		m.bestRows[k] = nil
		m.dirtyBests[k] = true
	}
	return nil
}

// closeAccount deletes the user's rows. Live, the rows changed so far are written back, the
// tables lose the user's rows, and memory starts again from them.
func (m *memory) closeAccount(user string) error {
	if m.src != nil {
		if err := m.writeBack(); err != nil {
			return err
		}
		if err := m.src.closeAccount(user); err != nil {
			return err
		}
		*m = *newMemory(m.src)
		return nil
	}
	u := m.users[user]
	if u == nil {
		return nil
	}
	for _, key := range u.keys {
		k := histKey{user, key}
		for _, x := range m.histories[k].sets {
			delete(m.sets, x.ref())
			if e := m.workouts[x.workout]; e != nil {
				e.sets = removeSorted(e.sets, x, bySeq)
			}
		}
		delete(m.histories, k)
		delete(m.bestRows, k)
	}
	for _, id := range u.workouts {
		e := m.workouts[id]
		if e == nil {
			continue
		}
		if e.row != nil && e.row.user == user {
			e.row = nil
		}
		if e.row == nil && len(e.sets) == 0 {
			delete(m.workouts, id)
		}
	}
	delete(m.users, user)
	return nil
}
