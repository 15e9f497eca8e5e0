package projections

import (
	"context"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/gymlog/gymlog/eventstore"
)

// feed is the global feed as the projectors of one Runner read it. The projectors of a
// process mostly wait at the same position and wake on the same append, so one store read
// at the head serves them all: its events stay in a window in memory, from which a projector
// a little behind is served too. A projector further behind than the window reads the store
// itself. The window only ever holds what a ReadAll returned, contiguous from lo to hi, so it
// keeps the store's guarantee: a reader never later finds an event at a position it passed.
type feed struct {
	store eventstore.Store
	wants func(eventType string) bool // the types whose payloads are decoded (see readAll)
	batch int                         // events one store read asks for
	keep  int                         // events the window holds at most
	woken *signal
	// waiting counts the readers waiting for a store read another started, which tests
	// wait for.
	waiting atomic.Int64

	mu sync.Mutex
	// notices counts the appends announced to the runner (and its polls). A read that
	// started after notice n has seen every event appended before n was announced.
	notices uint64
	// events holds every event of the feed with lo < position <= hi, in order. Slices of it
	// handed out are never written to. Each is decoded once, for every projector reading it.
	events []Event
	lo, hi int64
	// endSeen is the notice count when the last read at hi started, if it found fewer than
	// batch events there (so nothing else had been appended yet); 0 when unknown.
	endSeen uint64
	// reading is the store read at hi in flight, if any.
	reading *feedRead
}

// feedRead is one store read at the head of the window, shared by whoever waits for it.
type feedRead struct {
	notices uint64 // the notice count when it started
	done    chan struct{}
	err     error
}

// newFeed returns an empty window. Notices count from 1, so that an endSeen of 0 (unknown)
// is older than any of them and the first read goes to the store. The events it reads have
// their payloads decoded when wants reports true for their type.
func newFeed(store eventstore.Store, batch int, wants func(eventType string) bool) *feed {
	return &feed{store: store, wants: wants, batch: batch, keep: 2 * batch, woken: newSignal(), notices: 1}
}

// announce records that the feed may have grown (an append was announced, or a poll is due)
// and wakes the projectors.
func (f *feed) announce() {
	f.mu.Lock()
	f.notices++
	f.mu.Unlock()
	f.woken.broadcast()
}

// wait returns a channel closed by the next announce.
func (f *feed) wait() <-chan struct{} { return f.woken.wait() }

// read returns up to max events with Position > from, in order, like ReadAll: every event
// appended before the last announce is among them or after them. max is at most the feed's
// batch.
func (f *feed) read(ctx context.Context, from int64, max int) ([]Event, error) {
	f.mu.Lock()
	notices := f.notices
	for {
		if from < f.lo {
			f.mu.Unlock()
			return readAll(ctx, f.store, from, max, f.wants)
		}
		if from > f.hi && f.reading == nil {
			// Every projector here has passed the window (another node moved them on, or
			// they started further on): start it afresh where they are.
			f.events, f.lo, f.hi, f.endSeen = nil, from, from, 0
		}
		if from <= f.hi {
			out := f.after(from, max)
			if len(out) == max || f.endSeen >= notices {
				f.mu.Unlock()
				return out, nil
			}
		}
		// The window may miss announced events: wait for a read at its head that started
		// after this call, starting one unless one is in flight.
		r := f.reading
		if r != nil && r.notices < notices {
			f.mu.Unlock()
			if err := f.waitRead(ctx, r); err != nil {
				return nil, err
			}
			f.mu.Lock()
			continue
		}
		if r == nil {
			r = &feedRead{notices: f.notices, done: make(chan struct{})}
			f.reading = r
			f.mu.Unlock()
			f.readHead(ctx, r)
		} else {
			f.mu.Unlock()
		}
		if err := f.waitRead(ctx, r); err != nil {
			return nil, err
		}
		f.mu.Lock()
	}
}

// readHead reads the store after the window and adds what it finds.
func (f *feed) readHead(ctx context.Context, r *feedRead) {
	f.mu.Lock()
	after := f.hi
	f.mu.Unlock()
	events, err := readAll(ctx, f.store, after, f.batch, f.wants)

	f.mu.Lock()
	defer f.mu.Unlock()
	defer close(r.done)
	f.reading = nil
	if err != nil {
		r.err = err
		return
	}
	if len(events) > 0 {
		f.events = append(f.events, events...)
		f.hi = events[len(events)-1].Position
	}
	f.endSeen = 0
	if len(events) < f.batch {
		f.endSeen = r.notices
	}
	if drop := len(f.events) - f.keep; drop > 0 {
		f.lo = f.events[drop-1].Position
		// A fresh array: slices of the old one handed out stay as they were.
		f.events = append([]Event(nil), f.events[drop:]...)
	}
}

// after returns up to max events of the window with Position > from; from is in [lo, hi].
func (f *feed) after(from int64, max int) []Event {
	i := sort.Search(len(f.events), func(i int) bool { return f.events[i].Position > from })
	end := min(len(f.events), i+max)
	return f.events[i:end:end]
}

func (f *feed) waitRead(ctx context.Context, r *feedRead) error {
	f.waiting.Add(1)
	defer f.waiting.Add(-1)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-r.done:
		return r.err
	}
}
