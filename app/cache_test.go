package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// counted is the test aggregate's event: the count it reached. A command decided on a
// stale state writes a number already written, which the tests see.
type counted struct {
	N int `json:"n"`
}

func (counted) EventType() string { return "test.counted.v1" }

func init() { domain.Register[counted]("test.counted.v1") }

type tally struct{ n int }

func (t *tally) Apply(e domain.Event) {
	if c, ok := e.(counted); ok {
		t.n = c.N
	}
}

func count(t *tally) ([]domain.Event, error) { return []domain.Event{counted{N: t.n + 1}}, nil }

// readCounting is a store that counts stream reads.
type readCounting struct {
	eventstore.Store
	reads atomic.Int64
}

func (s *readCounting) ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error) {
	s.reads.Add(1)
	return s.Store.ReadStream(ctx, stream, from)
}

func newStore(t *testing.T) *readCounting {
	t.Helper()
	return &readCounting{Store: backendtest.SQLite(t).Store}
}

// counts returns the numbers written to stream, in order.
func counts(t *testing.T, store eventstore.Store, stream string) []int {
	t.Helper()
	evs, err := store.ReadStream(context.Background(), stream, 1)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]int, len(evs))
	for i, ev := range evs {
		var c counted
		if err := json.Unmarshal(ev.Data, &c); err != nil {
			t.Fatal(err)
		}
		out[i] = c.N
	}
	return out
}

func wantSequence(t *testing.T, got []int, n int) {
	t.Helper()
	if len(got) != n {
		t.Fatalf("got %d events %v, want %d", len(got), got, n)
	}
	for i, v := range got {
		if v != i+1 {
			t.Fatalf("event %d counts %d, want %d: a command decided on a stale state (%v)", i+1, v, i+1, got)
		}
	}
}

func newTally() *tally { return &tally{} }

// node is one process's use cases over store: with an aggregate cache of size n, or none.
func node(store eventstore.Store, n int) *app.App {
	if n == 0 {
		return app.New(store, app.Queries{})
	}
	return app.New(store, app.Queries{}, app.WithAggregateCache(n))
}

// Commands through the cache read the stream once, then decide on the cached state.
func TestCachedCommandsReadTheStreamOnce(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cached := node(store, 10)
	for range 20 {
		if _, err := app.Execute(ctx, cached, "workout-1", eventstore.Metadata{}, newTally, count); err != nil {
			t.Fatal(err)
		}
	}
	if got := store.reads.Load(); got != 1 {
		t.Errorf("stream reads: got %d, want 1", got)
	}
	wantSequence(t, counts(t, store, "workout-1"), 20)
}

// A write that bypasses the cache (another node) makes the next cached command fail on the
// version, read the stream again and decide on what is there.
func TestCacheSeesWritesOfOtherNodes(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cached, other := node(store, 10), node(store, 0)
	for i := range 12 {
		n := cached
		if i%3 == 1 {
			n = other
		}
		_, err := app.Execute(ctx, n, "workout-1", eventstore.Metadata{}, newTally, count)
		if err != nil {
			t.Fatal(err)
		}
	}
	wantSequence(t, counts(t, store, "workout-1"), 12)
}

// A command that the cached state refuses, and so appends nothing, is not refused on a
// state another node has moved on: it reads the stream and decides on what is there.
func TestCachedRefusalIsCheckedAgainstTheStream(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cached, other := node(store, 10), node(store, 0)
	if _, err := app.Execute(ctx, cached, "workout-1", eventstore.Metadata{}, newTally, count); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Execute(ctx, other, "workout-1", eventstore.Metadata{}, newTally, count); err != nil {
		t.Fatal(err)
	}
	// Counts only from 2 on: the cache, still at 1, would refuse.
	fromTwo := func(t *tally) ([]domain.Event, error) {
		if t.n < 2 {
			return nil, domain.Invalid("n", "too early")
		}
		return count(t)
	}
	if _, err := app.Execute(ctx, cached, "workout-1", eventstore.Metadata{}, newTally, fromTwo); err != nil {
		t.Fatalf("refused on the cached state of before the other node's write: %v", err)
	}
	wantSequence(t, counts(t, store, "workout-1"), 3)
}

// A retried command (same command id) is answered with its first result and writes
// nothing, whether the first attempt went through this cache or through another node.
func TestCachedCommandIsIdempotent(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	withCache, elsewhere := node(store, 10), node(store, 0)
	run := func(cached bool, command string) eventstore.AppendResult {
		t.Helper()
		n := elsewhere
		if cached {
			n = withCache
		}
		res, err := app.Execute(ctx, n, "workout-1", eventstore.Metadata{CommandID: command}, newTally, count)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first := run(true, "a")
	run(true, "b")
	if again := run(true, "a"); again != first {
		t.Errorf("retry through the cache: got %+v, want the first result %+v", again, first)
	}
	other := run(false, "c") // another node; the cache is now behind
	if again := run(true, "c"); again != other {
		t.Errorf("retry of another node's command: got %+v, want %+v", again, other)
	}
	run(true, "d")
	wantSequence(t, counts(t, store, "workout-1"), 4)
	withCache.Forget("workout-1")
	if again := run(true, "b"); again.Version != 2 {
		t.Errorf("retry after the cache forgot: got version %d, want 2", again.Version)
	}
	wantSequence(t, counts(t, store, "workout-1"), 4)
}

// Many goroutines on one stream, through two caches (two nodes) and without one, lose no
// update and write no number twice.
func TestCachedCommandsRacing(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	nodes := []*app.App{node(store, 10), node(store, 10), node(store, 0)}
	var wg sync.WaitGroup
	var failed atomic.Int64
	const each = 10
	for g := range 12 {
		wg.Go(func() {
			for i := range each {
				_, err := app.Execute(ctx, nodes[g%len(nodes)], "workout-1",
					eventstore.Metadata{CommandID: fmt.Sprintf("g%d-%d", g, i)}, newTally, count)
				if err != nil && domain.KindOf(err) != domain.KindConflict {
					t.Error(err)
				}
				if err != nil {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	// A command may give up after repeated conflicts (409); every other one is written once.
	wantSequence(t, counts(t, store, "workout-1"), 12*each-int(failed.Load()))
}

// The cache keeps at most its size, dropping the least recently used stream.
func TestCacheDropsTheLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cached := node(store, 2)
	for _, stream := range []string{"workout-1", "workout-2", "workout-1", "workout-3", "workout-1"} {
		if _, err := app.Execute(ctx, cached, stream, eventstore.Metadata{}, newTally, count); err != nil {
			t.Fatal(err)
		}
	}
	if n := app.CachedStreams(cached); n != 2 {
		t.Errorf("cached streams: got %d, want 2", n)
	}
	// workout-1 was read once and stayed; workout-2 was dropped for workout-3.
	if got := store.reads.Load(); got != 3 {
		t.Errorf("stream reads: got %d, want 3", got)
	}
	before := store.reads.Load()
	if _, err := app.Execute(ctx, cached, "workout-2", eventstore.Metadata{}, newTally, count); err != nil {
		t.Fatal(err)
	}
	if store.reads.Load() != before+1 {
		t.Errorf("a dropped stream is read again")
	}
	wantSequence(t, counts(t, store, "workout-2"), 2)
}
