package projections

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/gymlog/gymlog/eventstore"
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

	// mu is held while a batch is applied and for a whole rebuild, so a rebuild pauses the
	// projector's live loop in this process.
	mu sync.Mutex

	stateMu sync.Mutex
	state   State
	pos     int64
}

func newWorker(p Projector) *worker {
	w := &worker{p: p, state: StateStopped}
	if types := p.EventTypes(); len(types) > 0 {
		w.wanted = map[string]bool{}
		for _, t := range types {
			w.wanted[t] = true
		}
	}
	return w
}

func (w *worker) position() int64 {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	return w.pos
}

func (w *worker) setPosition(pos int64) {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	w.pos = pos
}

func (w *worker) getState() State {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	return w.state
}

func (w *worker) setState(s State) {
	w.stateMu.Lock()
	defer w.stateMu.Unlock()
	w.state = s
}

// apply hands the events the projector wants to Apply, in order.
func (w *worker) apply(ctx context.Context, tx Tx, events []eventstore.RecordedEvent) error {
	for i, ev := range events {
		if w.wanted != nil && !w.wanted[ev.Type] {
			continue
		}
		if err := w.p.Apply(ctx, tx, ev); err != nil {
			return &applyError{projector: w.p.Name(), event: ev, index: i, err: err}
		}
	}
	return nil
}

// applyError is a projector's Apply failing on one event: the event at index in its batch.
type applyError struct {
	projector string
	event     eventstore.RecordedEvent
	index     int
	err       error
}

func (e *applyError) Error() string {
	return fmt.Sprintf("projections: %s failed on event %s (%s) at position %d: %v",
		e.projector, e.event.ID, e.event.Type, e.event.Position, e.err)
}

func (e *applyError) Unwrap() error { return e.err }

// projectionTx is the Tx handed to projectors: the read-model transaction, with each of the
// projector's tables mapped to its fresh copy during a rebuild.
type projectionTx struct {
	*sql.Tx
	tables map[string]string
}

// Table returns the physical name of the logical table name.
func (t *projectionTx) Table(name string) string {
	if physical, ok := t.tables[name]; ok {
		return physical
	}
	return name
}
