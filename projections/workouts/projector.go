// Package workouts is the workouts read model: workouts with their totals, their sets in
// the order logged (each with its personal-best flag) and each user's current personal best
// per exercise.
//
// Its rules are written once (rules.go) against a store of rows (store): memory.go holds
// rows in memory, all of them in a rebuild, and live the rows a batch needs, read from the
// tables and written back through sqlSource (sql.go).
package workouts

import (
	"context"
	"sync"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name, which commands wait for (read-your-writes).
const Name = "workouts"

// Projector builds the workouts, workout_sets and personal_bests tables. The zero Projector
// reads what each batch builds on from the tables; New's keeps the rows from batch to batch
// (projections.Remembering).
type Projector struct{ kept *kept }

// New returns a projector that keeps the rows its live transactions wrote, so that runs of
// logged sets into workouts it has seen need no read.
func New() Projector { return Projector{kept: &kept{}} }

var (
	_ projections.Remembering      = Projector{}
	_ projections.BatchProjector   = Projector{}
	_ projections.MemoryRebuilt    = Projector{}
	_ projections.OwnerPartitioned = Projector{}
)

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning: 3 measures every best of a bodyweight
// exercise in reps, and lets a user's events change only that user's rows; 4 keys a set by
// its user and id, so two users can each hold one set id.
func (Projector) Version() int { return 4 }

// EventTypes lists the workout events the read model is made of, and the account closing
// that erases a user's rows.
func (Projector) EventTypes() []string {
	return []string{workout.TypeWorkoutStarted, workout.TypeWorkoutDetailsEdited, workout.TypeWorkoutFinished,
		workout.TypeWorkoutDeleted, workout.TypeSetLogged, workout.TypeSetEdited, workout.TypeSetMarkedDone,
		workout.TypeSetDeleted, workout.TypePlanCopied, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"workouts", "workout_sets", "personal_bests"} }

// Apply applies one event: a batch of one.
func (p Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	return p.ApplyBatch(ctx, tx, []projections.Event{ev})
}

// ApplyBatch applies a batch of events by the rules over the rows in memory: it reads what
// the batch's logged sets build on in a few statements (nothing that memory holds), applies
// the events one by one, then writes the rows they changed back, many to a statement.
func (p Projector) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	m, gen := p.kept.take(tx.Live())
	src := newSQLSource(ctx, tx)
	if m == nil {
		m = newMemory(src)
	}
	m.src = src
	if err := m.prefetch(events); err != nil {
		return err
	}
	for _, ev := range events {
		if err := apply(m, ev); err != nil {
			return err
		}
	}
	if err := m.writeBack(); err != nil {
		return err
	}
	// Each set logged is noted as its row now holds it, for the request that logged it to
	// answer with (projections.Runner.Take) instead of reading it back.
	for _, ev := range events {
		if e, ok := ev.Payload.(workout.SetLogged); ok {
			if x := m.sets[setRef{e.UserID, e.SetID}]; x != nil && x.seq == e.Place(ev.Position) {
				if w := m.workouts[x.workout]; w != nil && w.row != nil {
					tx.Note(NoteKey(x.user, x.id), x.asSet(w.row.planNotes))
				}
			}
		}
	}
	m.src = nil
	p.kept.give(tx.Live(), m, gen)
	return nil
}

// NoteKey is the key under which the projector notes a set it inserted (projections.Tx.Note):
// the set's user and id, as two users can each hold one set id.
func NoteKey(userID, setID string) string { return userID + "/" + setID }

// prefetch reads in a few statements what the batch's events build on and memory does not
// hold: their workouts with their sets, the sets they name, and for each set logged its
// history from its place on and the newest bests before.
func (m *memory) prefetch(events []projections.Event) error {
	var workoutIDs []string
	var sets []setRef
	for _, ev := range events {
		switch e := ev.Payload.(type) {
		case workout.SetLogged:
			workoutIDs, sets = append(workoutIDs, e.WorkoutID), append(sets, setRef{e.UserID, e.SetID})
		case workout.SetEdited:
			workoutIDs, sets = append(workoutIDs, e.WorkoutID), append(sets, setRef{e.UserID, e.SetID})
		case workout.SetMarkedDone:
			workoutIDs, sets = append(workoutIDs, e.WorkoutID), append(sets, setRef{e.UserID, e.SetID})
		case workout.SetDeleted:
			workoutIDs, sets = append(workoutIDs, e.WorkoutID), append(sets, setRef{e.UserID, e.SetID})
		case workout.Subject:
			id, _ := e.Subject()
			workoutIDs = append(workoutIDs, id)
		}
	}
	if len(workoutIDs) == 0 {
		return nil
	}
	// A set id derived from its workout and the command that logged it (as app.SaveSet
	// makes it) cannot be held by another workout: when memory holds its workout, with every
	// set of it, it knows the id is new without a read.
	for _, ev := range events {
		e, ok := ev.Payload.(workout.SetLogged)
		if !ok {
			continue
		}
		if r := (setRef{e.UserID, e.SetID}); m.workouts[e.WorkoutID] != nil && m.sets[r] == nil && ev.Metadata.CommandID != "" &&
			e.SetID == eventstore.DeriveID("set", e.WorkoutID, ev.Metadata.CommandID) {
			m.absent[r] = true
		}
	}
	if err := m.readWorkouts(dedupe(workoutIDs), dedupe(sets)); err != nil {
		return err
	}
	var reads []histRead
	at := map[histKey]int{}
	for _, ev := range events {
		e, ok := ev.Payload.(workout.SetLogged)
		if !ok {
			continue
		}
		w := m.workouts[e.WorkoutID]
		if w == nil || w.row == nil {
			continue
		}
		k := histKey{w.row.user, exercise.Key(e.Exercise)}
		hk := historyKey(w.row.date, w.row.start, e.Place(ev.Position))
		if i, ok := at[k]; ok {
			reads[i].lo = min(reads[i].lo, hk)
			continue
		}
		at[k] = len(reads)
		reads = append(reads, histRead{k, hk})
	}
	return m.readHistories(reads)
}

func dedupe[T comparable](ids []T) []T {
	seen := make(map[T]bool, len(ids))
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Bounds of what the projector keeps between batches: far more than the workouts in
// progress and the exercises their owners train at one time. Memory that outgrows them is
// dropped after its batch; its rows are read again as events need them.
const (
	maxKeptWorkouts  = 20_000
	maxKeptSets      = 400_000 // and set ids known to have no row
	maxKeptHistories = 100_000
)

// kept is the memory of the live tables and that of a rebuild's copies (only the rebuild
// writes those), between batches. A batch takes the memory and gives it back once its rows
// are written, unless a Forget came in between.
type kept struct {
	mu           sync.Mutex
	gen          uint64
	live, copies *memory
}

func (k *kept) take(live bool) (*memory, uint64) {
	if k == nil {
		return nil, 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	m := &k.copies
	if live {
		m = &k.live
	}
	taken := *m
	*m = nil
	return taken, k.gen
}

func (k *kept) give(live bool, m *memory, gen uint64) {
	if k == nil || len(m.workouts) > maxKeptWorkouts || len(m.sets)+len(m.absent) > maxKeptSets ||
		len(m.histories) > maxKeptHistories {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.gen != gen {
		return
	}
	if live {
		k.live = m
	} else {
		k.copies = m
	}
}

// Forget drops what the projector keeps of its tables.
func (p Projector) Forget() {
	if k := p.kept; k != nil {
		k.mu.Lock()
		defer k.mu.Unlock()
		k.gen++
		k.live, k.copies = nil, nil
	}
}

// PartitionsByOwner marks the read model as rebuilt a partition of users at a time: every
// row belongs to the user whose events wrote it (the events' OwnerID), and a set is keyed by
// its user and id. A workout is keyed by its id alone, which names its stream: another user
// can start a workout under that id only once the first user's is deleted (the domain
// refuses a second start), so no two users' rows of one workout are ever both there.
func (Projector) PartitionsByOwner() {}
