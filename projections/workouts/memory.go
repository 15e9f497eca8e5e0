package workouts

import (
	"sync"

	"github.com/gymlog/gymlog/domain/exercise"
)

// Bounds of what the projector remembers: far more than the workouts in progress and the
// exercises their owners train at one time. A map that outgrows its bound is emptied; its
// entries are read again as sets arrive.
const (
	maxRememberedWorkouts  = 20_000
	maxRememberedStandings = 100_000
)

// memory is what the projector's live transactions last wrote of the rows a run of logged
// sets reads: each workout's totals and exercise names with the number of its newest set per
// exercise, and each user's standing per exercise (its newest set and its best). With it, a
// run of sets into workouts already in memory is three statements, all writes. Events other
// than logged sets in a run drop the workout and the user they touch (see Apply).
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
		m.count -= len(m.standings[userID])
		delete(m.standings, userID)
	}
}

// standing returns the remembered standing of a user and exercise key, k.
func (m *memory) standing(k [2]string) (standing, bool) {
	s, ok := m.standings[k[0]][k[1]]
	return s, ok
}

// recall fills in, for a run about to be applied (sets, with e and seq filled in), what memory holds of its workouts, their
// newest set numbers and its standings, removing what it found from the lists of what to
// read (workouts by id; numbers and standings by pairs of keys). It returns the lists of
// what is left to read.
func (m *memory) recall(workouts map[string]*workoutRow, numbers map[[2]string]int64, history map[[2]string]*standing,
	sets []loggedSet) (ids []string, numbered, standings [][2]string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	known := map[string]bool{}
	for id, w := range workouts {
		if r, ok := m.workouts[id]; ok {
			*w = r.row
			known[id] = true
		} else {
			ids = append(ids, id)
		}
	}
	for k := range numbers {
		n, ok := m.workouts[k[0]].numbers[k[1]]
		if ok && known[k[0]] {
			numbers[k] = n
		} else {
			numbered = append(numbered, k)
		}
	}
	for k, h := range history {
		if s, ok := m.standing(k); ok {
			*h = s
		} else {
			standings = append(standings, k)
		}
	}
	// A remembered standing whose exercise has only sets that cannot be bests in the run
	// still moves its newest set: it joins the run's history.
	for _, n := range sets {
		k := [2]string{n.e.UserID, exercise.Key(n.e.Exercise)}
		if history[k] != nil {
			continue
		}
		if s, ok := m.standing(k); ok {
			history[k] = &s
		}
	}
	return ids, numbered, standings
}

// remember keeps what a run left in its workouts, set numbers and standings, once written.
func (m *memory) remember(workouts map[string]*workoutRow, numbers map[[2]string]int64, history map[[2]string]*standing) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.workouts)+len(workouts) > maxRememberedWorkouts {
		clear(m.workouts)
	}
	if m.count+len(history) > maxRememberedStandings {
		clear(m.standings)
		m.count = 0
	}
	for id, w := range workouts {
		r, ok := m.workouts[id]
		if !ok {
			r.numbers = map[string]int64{}
		}
		r.row = *w
		m.workouts[id] = r
	}
	for k, n := range numbers {
		if r, ok := m.workouts[k[0]]; ok {
			r.numbers[k[1]] = n
		}
	}
	for k, h := range history {
		s := *h
		if h.best != nil {
			best := *h.best
			s.best = &best
		}
		byKey := m.standings[k[0]]
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
