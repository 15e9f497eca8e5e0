package eventstore_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

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

// Commands through the cache read the stream once, then decide on the cached state.
func TestCachedCommandsReadTheStreamOnce(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cache := eventstore.NewAggregates(10)
	for range 20 {
		if _, err := eventstore.ExecuteCached(ctx, cache, store, "tally-1", eventstore.Metadata{}, newTally, count); err != nil {
			t.Fatal(err)
		}
	}
	if got := store.reads.Load(); got != 1 {
		t.Errorf("stream reads: got %d, want 1", got)
	}
	wantSequence(t, counts(t, store, "tally-1"), 20)
}

// A write that bypasses the cache (another node) makes the next cached command fail on the
// version, read the stream again and decide on what is there.
func TestCacheSeesWritesOfOtherNodes(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cache := eventstore.NewAggregates(10)
	for i := range 12 {
		var err error
		if i%3 == 1 {
			_, err = eventstore.Execute(ctx, store, "tally-1", eventstore.Metadata{}, newTally, count)
		} else {
			_, err = eventstore.ExecuteCached(ctx, cache, store, "tally-1", eventstore.Metadata{}, newTally, count)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	wantSequence(t, counts(t, store, "tally-1"), 12)
}

// A retried command (same command id) is answered with its first result and writes
// nothing, whether the first attempt went through this cache or through another node.
func TestCachedCommandIsIdempotent(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cache := eventstore.NewAggregates(10)
	run := func(cached bool, command string) eventstore.AppendResult {
		t.Helper()
		meta := eventstore.Metadata{CommandID: command}
		var res eventstore.AppendResult
		var err error
		if cached {
			res, err = eventstore.ExecuteCached(ctx, cache, store, "tally-1", meta, newTally, count)
		} else {
			res, err = eventstore.Execute(ctx, store, "tally-1", meta, newTally, count)
		}
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
	wantSequence(t, counts(t, store, "tally-1"), 4)
	cache.Forget("tally-1")
	if again := run(true, "b"); again.Version != 2 {
		t.Errorf("retry after the cache forgot: got version %d, want 2", again.Version)
	}
	wantSequence(t, counts(t, store, "tally-1"), 4)
}

// Many goroutines on one stream, through two caches (two nodes) and without one, lose no
// update and write no number twice.
func TestCachedCommandsRacing(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	nodes := []*eventstore.Aggregates{eventstore.NewAggregates(10), eventstore.NewAggregates(10), nil}
	var wg sync.WaitGroup
	var failed atomic.Int64
	const each = 10
	for g := range 12 {
		wg.Go(func() {
			for i := range each {
				_, err := eventstore.ExecuteCached(ctx, nodes[g%len(nodes)], store, "tally-1",
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
	wantSequence(t, counts(t, store, "tally-1"), 12*each-int(failed.Load()))
}

// The cache keeps at most its size, dropping the least recently used stream.
func TestCacheDropsTheLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	store := newStore(t)
	cache := eventstore.NewAggregates(2)
	for _, stream := range []string{"tally-1", "tally-2", "tally-1", "tally-3", "tally-1"} {
		if _, err := eventstore.ExecuteCached(ctx, cache, store, stream, eventstore.Metadata{}, newTally, count); err != nil {
			t.Fatal(err)
		}
	}
	if cache.Len() != 2 {
		t.Errorf("cached streams: got %d, want 2", cache.Len())
	}
	// tally-1 was read once and stayed; tally-2 was dropped for tally-3.
	if got := store.reads.Load(); got != 3 {
		t.Errorf("stream reads: got %d, want 3", got)
	}
	before := store.reads.Load()
	if _, err := eventstore.ExecuteCached(ctx, cache, store, "tally-2", eventstore.Metadata{}, newTally, count); err != nil {
		t.Fatal(err)
	}
	if store.reads.Load() != before+1 {
		t.Errorf("a dropped stream is read again")
	}
	wantSequence(t, counts(t, store, "tally-2"), 2)
}

// The instrumented store the server uses keeps the backends' Scrub, without which closing
// an account would leave the user's bytes in the database files.
func TestInstrumentedStoreKeepsScrub(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		if _, ok := eventstore.Instrument(b.Store, prometheus.NewRegistry()).(eventstore.Scrubber); !ok {
			t.Errorf("the instrumented store cannot scrub")
		}
	})
}
