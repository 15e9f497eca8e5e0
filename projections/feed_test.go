package projections

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
)

// feedStore is a feed held in memory, with positions 10, 20, 30 ... (the gaps a real store
// may leave), that counts ReadAll calls. Only ReadAll is implemented.
type feedStore struct {
	eventstore.Store
	mu     sync.Mutex
	events []eventstore.RecordedEvent
	reads  atomic.Int64
	// gate, when set, holds every ReadAll until it is closed.
	gate chan struct{}
}

func (s *feedStore) add(n int) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.events = append(s.events, eventstore.RecordedEvent{Position: int64(10 * (len(s.events) + 1))})
	}
	return s.events[len(s.events)-1].Position
}

func (s *feedStore) ReadAll(_ context.Context, after int64, max int) ([]eventstore.RecordedEvent, error) {
	s.reads.Add(1)
	if s.gate != nil {
		<-s.gate
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []eventstore.RecordedEvent
	for _, e := range s.events {
		if e.Position > after && len(out) < max {
			out = append(out, e)
		}
	}
	return out, nil
}

// positions reads the feed from after to its end through f, in calls of max events.
func positions(t *testing.T, f *feed, after int64, max int) []int64 {
	t.Helper()
	var out []int64
	for {
		events, err := f.read(context.Background(), after, max)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			if e.Position <= after {
				t.Fatalf("read after %d returned position %d", after, e.Position)
			}
			after = e.Position
			out = append(out, after)
		}
		if len(events) < max {
			return out
		}
	}
}

func wantPositions(t *testing.T, got []int64, from, to int64) {
	t.Helper()
	var want []int64
	for p := from + 10; p <= to; p += 10 {
		want = append(want, p)
	}
	if len(got) != len(want) {
		t.Fatalf("positions: got %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("positions: got %v, want %v", got, want)
		}
	}
}

func TestFeedServesReadersFromOneStoreRead(t *testing.T) {
	s := &feedStore{}
	f := newFeed(s, 4, decodeNone)
	head := s.add(3)

	wantPositions(t, positions(t, f, 0, 4), 0, head)
	if got := s.reads.Load(); got != 1 {
		t.Fatalf("store reads for the first reader: got %d, want 1", got)
	}
	// Other projectors at the same place, or a little behind, with no append announced
	// since: served from memory.
	wantPositions(t, positions(t, f, 0, 4), 0, head)
	wantPositions(t, positions(t, f, 20, 4), 20, head)
	if got := s.reads.Load(); got != 1 {
		t.Errorf("store reads after two more readers: got %d, want 1", got)
	}

	// An announced append makes the next reader look, once for everybody.
	head = s.add(2)
	f.announce()
	wantPositions(t, positions(t, f, 30, 4), 30, head)
	wantPositions(t, positions(t, f, 0, 4), 0, head)
	if got := s.reads.Load(); got != 2 {
		t.Errorf("store reads after an announced append: got %d, want 2", got)
	}
}

func TestFeedReadersWaitingTogetherShareTheRead(t *testing.T) {
	s := &feedStore{gate: make(chan struct{})}
	f := newFeed(s, 10, decodeNone)
	head := s.add(5)
	var wg sync.WaitGroup
	got := make([][]int64, 6)
	for i := range got {
		wg.Go(func() { got[i] = positions(t, f, 0, 10) })
	}
	// One reader is in the store and the five others wait for its read.
	for deadline := time.Now().Add(10 * time.Second); s.reads.Load() == 0 || f.waiting.Load() != 5; runtime.Gosched() {
		if time.Now().After(deadline) {
			t.Fatalf("%d store reads and %d readers waiting, want 1 and 5", s.reads.Load(), f.waiting.Load())
		}
	}
	close(s.gate)
	wg.Wait()
	for _, g := range got {
		wantPositions(t, g, 0, head)
	}
	if n := s.reads.Load(); n != 1 {
		t.Errorf("store reads for six readers woken together: got %d, want 1", n)
	}
}

func TestFeedKeepsABoundedWindow(t *testing.T) {
	s := &feedStore{}
	f := newFeed(s, 4, decodeNone) // keeps 8 events
	head := s.add(20)
	wantPositions(t, positions(t, f, 0, 4), 0, head)
	if got := len(f.events); got != 8 {
		t.Errorf("events kept: got %d, want 8", got)
	}
	// A reader behind the window reads the store itself, and still sees every event.
	reads := s.reads.Load()
	wantPositions(t, positions(t, f, 50, 4), 50, head)
	if s.reads.Load() == reads {
		t.Error("a reader behind the window was served from memory")
	}
	// A reader past the window (moved on by another node) starts it afresh there.
	head = s.add(3)
	f.announce()
	wantPositions(t, positions(t, f, 210, 4), 210, head)
	if f.lo != 210 || f.hi != head {
		t.Errorf("window after a reader past it: (%d, %d], want (210, %d]", f.lo, f.hi, head)
	}
}

// decodeNone is a runner's choice of payloads to decode when no projector wants any.
func decodeNone(string) bool { return false }
