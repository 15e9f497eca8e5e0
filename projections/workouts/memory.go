package workouts

import (
	"sync"
)

// Bounds of what the projector remembers: far more than the workouts in progress and the
// exercises their owners train at one time. A map that outgrows its bound is emptied; its
// entries are read again as sets arrive.
const (
	maxRememberedWorkouts  = 20_000
	maxRememberedStandings = 100_000
)

// memory is what the projector's live transactions last wrote of the rows a run of logged
// sets builds on (basis): each workout's row with the number of its newest set per exercise,
// and each user's standing per exercise (its newest set and its best). With it, a run of
// sets into workouts and exercises already in memory needs no read: three statements, all
// writes. It is an optimisation of setsLogged alone, which writes the same rows with or
// without it (TestBatchEqualsOneByOne); docs/BENCHMARKS.md has what it saves. Events other
// than logged sets drop the workout and the user they touch (see Apply), and the runner
// makes it forget everything whenever another writer may have touched the tables
// (projections.Remembering).
type memory struct {
	mu        sync.Mutex
	workouts  map[string]rememberedWorkout
	standings map[string]map[string]standing // by user, then exercise key
	count     int                            // standings held
	// copies is what a rebuild's transactions wrote to its copies of the tables (see
	// forCopies); nil in that memory itself.
	copies *memory
}

// rememberedWorkout is a workout's row as a run reads it, and the number of the newest set of
// each exercise of the workout that a run logged or read.
type rememberedWorkout struct {
	row     workoutRow
	numbers map[string]int64
}

func newMemory() *memory {
	return &memory{workouts: map[string]rememberedWorkout{}, standings: map[string]map[string]standing{}}
}

// forget drops everything.
func (m *memory) forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	clear(m.workouts)
	clear(m.standings)
	m.count = 0
}

// drop forgets a workout, every standing of a user, or both (an empty id names none).
func (m *memory) drop(workoutID, userID string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if workoutID != "" {
		delete(m.workouts, workoutID)
	}
	if userID != "" {
		m.dropUser(userID)
	}
}

func (m *memory) dropUser(userID string) {
	m.count -= len(m.standings[userID])
	delete(m.standings, userID)
}

// recall returns the basis of a run of new sets (none of them held) from memory, copied so
// that folding the run changes nothing remembered, or false when memory lacks any part of it:
// a workout, the newest set number of a workout's exercise, or a user's standing in an
// exercise.
func (m *memory) recall(run []loggedSet) (basis, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := newBasis()
	for _, n := range run {
		r, ok := m.workouts[n.e.WorkoutID]
		if !ok {
			return basis{}, false
		}
		key := n.exerciseKey()
		number, ok := r.numbers[key]
		if !ok {
			return basis{}, false
		}
		s, ok := m.standings[n.e.UserID][key]
		if !ok {
			return basis{}, false
		}
		if b.workouts[n.e.WorkoutID] == nil {
			row := r.row
			b.workouts[n.e.WorkoutID] = &row
		}
		b.numbers[[2]string{n.e.WorkoutID, key}] = number
		b.history[[2]string{n.e.UserID, key}] = &s
	}
	return b, true
}

// remember keeps what a run left in its basis, once written: its workouts, set numbers and
// standings, but for the exercises whose bests the run recomputed in the tables (those are
// forgotten, and read again by the next run that needs them).
func (m *memory) remember(b basis, recomputed map[[2]string]string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.workouts)+len(b.workouts) > maxRememberedWorkouts {
		clear(m.workouts)
	}
	if m.count+len(b.history) > maxRememberedStandings {
		clear(m.standings)
		m.count = 0
	}
	for id, w := range b.workouts {
		r, ok := m.workouts[id]
		if !ok {
			r.numbers = map[string]int64{}
		}
		r.row = *w
		m.workouts[id] = r
	}
	for k, n := range b.numbers {
		if r, ok := m.workouts[k[0]]; ok {
			r.numbers[k[1]] = n
		}
	}
	for k, h := range b.history {
		byKey := m.standings[k[0]]
		if _, again := recomputed[k]; again {
			if _, ok := byKey[k[1]]; ok {
				m.count--
				delete(byKey, k[1])
			}
			continue
		}
		s := *h
		if h.best != nil {
			best := *h.best
			s.best = &best
		}
		if byKey == nil {
			byKey = map[string]standing{}
			m.standings[k[0]] = byKey
		}
		if _, ok := byKey[k[1]]; !ok {
			m.count++
		}
		byKey[k[1]] = s
	}
}
