package projections

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// State is what a projector is doing, as Status reports it.
type State string

// The projector states.
const (
	// StateRunning: this process applies the projector's events.
	StateRunning State = "running"
	// StateStandby: another node runs it; this one takes over when that node goes away.
	StateStandby State = "standby"
	// StateRebuilding: its read model is being replayed from the start.
	StateRebuilding State = "rebuilding"
	// StateFailed: an event kept failing; the projector stopped there (see LastError).
	StateFailed State = "failed"
	// StateOutdated: the stored read model was built by a newer version of the projector.
	StateOutdated State = "outdated"
	// StateStopped: not running in this process.
	StateStopped State = "stopped"
)

// worker is one projector inside a Runner.
type worker struct {
	p      Projector
	wanted map[string]bool // nil: every event
	// forwards is set for a Forwarder: it hands events on outside the read-model database.
	forwards bool

	// mu is held while a batch is applied and for a whole rebuild, so a rebuild pauses the
	// projector's live loop in this process.
	mu sync.Mutex

	// progress wakes WaitFor when the worker moves on or changes state in this process.
	progress *signal
	// waiting counts the WaitFor calls in this process that wait for the worker, and demand
	// wakes it when one starts: a worker that nobody waits for, woken while events stream
	// in, rests a moment before it applies them (Runner.rest).
	waiting atomic.Int32
	demand  *signal

	stateMu sync.Mutex
	state   State
	// pos is the position the read model reflects in this process: every event up to it is
	// applied or not wanted. stored is where the checkpoints table has it, as this worker
	// last wrote or read it, at storedAt. Events in (stored, pos] are all unwanted: a batch of
	// those moves pos alone, and the next transaction (or flush) records it, so a crash in
	// between only makes the projector read them again and skip them again.
	pos      int64
	stored   int64
	storedAt time.Time
	// changes counts the times the read model may have changed in this process: every
	// committed batch of wanted events, rebuild and reload; see Runner.Changes.
	changes atomic.Uint64
	// heardPos and heardStored are the highest position and stored checkpoint another node
	// running the projector told (or the checkpoints table showed): its read model reflects
	// every event up to heardPos, and changed up to heardStored.
	heardPos, heardStored int64
	// tells is set when the runner tells its peers this worker's progress; toldPos is how
	// far every peer has taken it in (see Runner.WaitForEveryNode).
	tells   bool
	toldPos int64
	// moved, when set, is woken with progress whenever this process moves the worker on,
	// so that the runner tells its peers.
	moved *signal
}

func newWorker(p Projector) *worker {
	w := &worker{p: p, state: StateStopped, progress: newSignal(), demand: newSignal()}
	_, w.forwards = p.(Forwarder)
	if types := p.EventTypes(); len(types) > 0 {
		w.wanted = map[string]bool{}
		for _, t := range types {
			w.wanted[t] = true
		}
	}
	return w
}

// reached is the position the read model reflects: applied here, or by another node. With
// everyNode set, what this process applied counts once its peers were told.
func (w *worker) reached(everyNode bool) int64 {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	if everyNode && w.tells {
		return max(w.toldPos, w.heardPos)
	}
	return max(w.pos, w.heardPos)
}

// setTold records that the peers have been told the worker reached pos.
func (w *worker) setTold(pos int64) {
	w.stateMu.Lock()
	w.toldPos = max(w.toldPos, pos)
	w.stateMu.Unlock()
	w.progress.broadcast()
}

// untold reports whether pos is further on than every peer is known to have taken in.
func (w *worker) untold(pos int64) bool {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	return w.toldPos < pos
}

// hear records that another node has the read model at pos, its checkpoint at stored; a
// stored checkpoint further on than any before means the read model may have changed.
func (w *worker) hear(pos, stored int64) {
	w.stateMu.Lock()
	moved := pos > w.heardPos || stored > w.heardStored
	if stored > w.heardStored {
		w.changes.Add(1) // before any waiter wakes: a cache must not believe what it kept
	}
	w.heardPos, w.heardStored = max(w.heardPos, pos), max(w.heardStored, stored)
	w.stateMu.Unlock()
	if moved {
		w.progress.broadcast()
	}
}

// announce wakes those waiting for the worker's progress here, and the runner's telling of
// its peers.
func (w *worker) announce() {
	w.progress.broadcast()
	if w.moved != nil {
		w.moved.broadcast()
	}
}

func (w *worker) position() int64 {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	return w.pos
}

// positions returns pos, stored and storedAt.
func (w *worker) positions() (pos, stored int64, storedAt time.Time) {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	return w.pos, w.stored, w.storedAt
}

// advance moves pos past events the projector does not want, leaving the table as it is.
func (w *worker) advance(pos int64) {
	w.stateMu.Lock()
	w.pos = pos
	w.stateMu.Unlock()
	w.announce()
}

// setStored records that the checkpoints table holds pos, which the read model reflects,
// after its tables may have changed.
func (w *worker) setStored(pos int64) {
	w.changes.Add(1)
	w.setFlushed(pos)
}

// setFlushed records that the checkpoints table holds pos, the read model unchanged.
func (w *worker) setFlushed(pos int64) {
	w.stateMu.Lock()
	w.pos, w.stored, w.storedAt = pos, pos, time.Now()
	w.stateMu.Unlock()
	w.announce()
}

func (w *worker) getState() State {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	return w.state
}

func (w *worker) setState(s State) {
	w.stateMu.Lock()
	changed := w.state != s
	w.state = s
	w.stateMu.Unlock()
	if changed {
		w.announce()
	}
}

// forget empties a Remembering projector's memory of its tables.
func (w *worker) forget() {
	if rp, ok := w.p.(Remembering); ok {
		rp.Forget()
	}
}

// wants reports whether the projector wants events of type eventType.
func (w *worker) wants(eventType string) bool { return w.wanted == nil || w.wanted[eventType] }

// wantsAny reports whether the projector wants any of events.
func (w *worker) wantsAny(events []Event) bool {
	if w.wanted == nil {
		return len(events) > 0
	}
	for _, ev := range events {
		if w.wanted[ev.Type] {
			return true
		}
	}
	return false
}

// apply hands the events the projector wants to Apply, in order; with batch set, to a
// BatchProjector's ApplyBatch all at once, whose failure is a *batchError. A wanted event
// whose payload could not be decoded fails like an Apply error, and so is applied one event
// at a time, so the events before it in the batch still take effect.
func (w *worker) apply(ctx context.Context, tx *txn, events []Event, batch bool) error {
	if bp, ok := w.p.(BatchProjector); ok && batch {
		wanted := events
		if w.wanted != nil {
			wanted = make([]Event, 0, len(events))
			for _, ev := range events {
				if w.wanted[ev.Type] {
					wanted = append(wanted, ev)
				}
			}
		}
		if !slices.ContainsFunc(wanted, func(ev Event) bool { return ev.failed != nil }) {
			if err := bp.ApplyBatch(ctx, tx, wanted); err != nil {
				return &batchError{err: err}
			}
			return nil
		}
	}
	for i, ev := range events {
		if !w.wants(ev.Type) {
			continue
		}
		err := ev.failed
		if err == nil {
			err = w.p.Apply(ctx, tx, ev)
		}
		if err == nil {
			err = tx.Flush(ctx) // its deferred writes fail as its own
		}
		if err != nil {
			return &applyError{projector: w.p.Name(), event: ev, index: i, err: err}
		}
	}
	return nil
}

// batchError is a BatchProjector's ApplyBatch failing: the runner applies the batch again one
// event at a time to find the event, and retries or records it as usual.
type batchError struct{ err error }

func (e *batchError) Error() string { return "projections: batch failed: " + e.err.Error() }

func (e *batchError) Unwrap() error { return e.err }

// applyError is a projector's Apply failing on one event: the event at index in its batch.
type applyError struct {
	projector string
	event     Event
	index     int
	err       error
}

func (e *applyError) Error() string {
	return fmt.Sprintf("projections: %s failed on event %s (%s) at position %d: %v",
		e.projector, e.event.ID, e.event.Type, e.event.Position, e.err)
}

func (e *applyError) Unwrap() error { return e.err }
