package readmodels_test

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/gymlog/gymlog/eventstore"
)

// gate is the real event store as the live runners of the property test see it: the events
// up to a position the test opens, no further. The test appends a part of the histories,
// opens the gate up to the head and waits until the runners have applied it, so each
// runner's batches are the same whatever the timing (a failure replays from its seed), and
// the runners have applied every event before an account closing erases it, as the runners
// of a node do.
type gate struct {
	eventstore.Store
	open atomic.Int64

	mu   sync.Mutex
	subs map[chan struct{}]bool
}

func newGate(store eventstore.Store, open int64) *gate {
	g := &gate{Store: store, subs: map[chan struct{}]bool{}}
	g.open.Store(open)
	return g
}

// openTo lets the runners read up to position and wakes them.
func (g *gate) openTo(position int64) {
	g.open.Store(position)
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.subs {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// ReadAll reads the store up to the open position.
func (g *gate) ReadAll(ctx context.Context, after int64, max int) ([]eventstore.RecordedEvent, error) {
	open := g.open.Load()
	if after >= open {
		return nil, nil
	}
	events, err := g.Store.ReadAll(ctx, after, max)
	for i, e := range events {
		if e.Position > open {
			return events[:i], err
		}
	}
	return events, err
}

// Head is the open position, or the store's head below it.
func (g *gate) Head(ctx context.Context) (int64, error) {
	head, err := g.Store.Head(ctx)
	return min(head, g.open.Load()), err
}

// Subscribe wakes the subscriber when the gate opens further.
func (g *gate) Subscribe() (<-chan struct{}, func()) {
	c := make(chan struct{}, 1)
	g.mu.Lock()
	g.subs[c] = true
	g.mu.Unlock()
	return c, func() {
		g.mu.Lock()
		delete(g.subs, c)
		g.mu.Unlock()
	}
}

// WriteLock is the SQLite store's write lock, which the runner shares (nil on PostgreSQL,
// whose runner takes none).
func (g *gate) WriteLock() sync.Locker {
	if wl, ok := g.Store.(interface{ WriteLock() sync.Locker }); ok {
		return wl.WriteLock()
	}
	return &sync.Mutex{}
}
