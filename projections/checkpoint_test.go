package projections_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// storedPosition reads the test projector's position from the checkpoints table.
func storedPosition(t *testing.T, b backend) int64 {
	t.Helper()
	var pos int64
	if err := b.db.QueryRow(`SELECT position FROM projection_checkpoints WHERE name = 'test'`).Scan(&pos); err != nil {
		t.Fatal(err)
	}
	return pos
}

func appendIgnored(t *testing.T, store eventstore.Store, n int) int64 {
	t.Helper()
	var last int64
	for range n {
		last = appendEvent(t, store, typeIgnored, testPayload{Key: "quiet"})
	}
	return last
}

func TestUnwantedEventsNeedNoTransaction(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		p := newTestProjector()
		r, stop := startRunner(t, b, []projections.Projector{p}, projections.WithCheckpointInterval(time.Hour))
		wanted := appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1})
		waitFor(t, r, wanted)
		if got := storedPosition(t, b); got != wanted {
			t.Fatalf("stored checkpoint after a wanted event: got %d, want %d", got, wanted)
		}

		// Events the projector does not want: WaitFor sees it past them, while the table,
		// which no transaction wrote, stays where it was. (The wait is waitFor's: a loaded
		// machine, a CI run beside package installs, took over two seconds once.)
		head := appendIgnored(t, b.store, 30)
		waitFor(t, r, head, "test")
		if got := storedPosition(t, b); got != wanted {
			t.Errorf("stored checkpoint after unwanted events: got %d, want %d (no transaction)", got, wanted)
		}
		if st := status(t, r, "test"); st.Checkpoint != head || st.Lag != 0 {
			t.Errorf("status: got checkpoint %d lag %d, want %d and 0", st.Checkpoint, st.Lag, head)
		}

		// The next wanted event's transaction claims the row from where it is stored and
		// records everything skipped since.
		wanted = appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1})
		waitFor(t, r, wanted)
		if got := storedPosition(t, b); got != wanted {
			t.Errorf("stored checkpoint after the next wanted event: got %d, want %d", got, wanted)
		}

		// Stopping stores what was skipped last.
		head = appendIgnored(t, b.store, 5)
		waitFor(t, r, head)
		stop()
		if got := storedPosition(t, b); got != head {
			t.Errorf("stored checkpoint after a stop: got %d, want %d", got, head)
		}
		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model:\n got %v\nwant %v", got, want)
		}
	})
}

func TestSkippedPositionIsStoredWithinTheCheckpointInterval(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		r, _ := startRunner(t, b, []projections.Projector{newTestProjector()},
			projections.WithCheckpointInterval(100*time.Millisecond))
		waitFor(t, r, appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1}))
		head := appendIgnored(t, b.store, 20)

		// Another node does not run the projector: it has only the table to go by, which
		// the flush brings to the head without any wanted event.
		other := newRunner(t, b, []projections.Projector{newTestProjector()})
		start := time.Now()
		waitFor(t, other, head, "test")
		if waited := time.Since(start); waited > 5*time.Second {
			t.Errorf("another node waited %s for unwanted events", waited)
		}
		if got := storedPosition(t, b); got != head {
			t.Errorf("stored checkpoint: got %d, want %d", got, head)
		}
	})
}

func TestCrashAfterSkippingReadsTheSkippedEventsAgain(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(21, 22))
		wanted := appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1})
		head := appendIgnored(t, b.store, 40)

		// A process applies the feed, skips the unwanted tail, and dies before storing it.
		crashed := newRunner(t, b, []projections.Projector{newTestProjector()}, projections.WithBatchSize(7))
		if err := projections.CatchUpOnce(context.Background(), crashed, "test"); err != nil {
			t.Fatal(err)
		}
		// The first batch holds the wanted event and is stored; the batches after it are not.
		if got := storedPosition(t, b); got < wanted || got >= head {
			t.Fatalf("stored checkpoint at the crash: got %d, want from %d to before %d", got, wanted, head)
		}

		// The next process reads the skipped events again, skips them again, and applies
		// only what came after: every event exactly once.
		p := newTestProjector()
		r, _ := startRunner(t, b, []projections.Projector{p})
		waitFor(t, r, head)
		if got := p.applied.Load(); got != 0 {
			t.Errorf("events applied again after the crash: %d", got)
		}
		head = appendWorkload(t, b.store, rng, 100)
		waitFor(t, r, head)
		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model after the crash:\n got %v\nwant %v", got, want)
		}
	})
}

// countingStore counts the runner's reads of the global feed.
type countingStore struct {
	eventstore.Store
	reads atomic.Int64
}

func (s *countingStore) ReadAll(ctx context.Context, after int64, max int) ([]eventstore.RecordedEvent, error) {
	s.reads.Add(1)
	return s.Store.ReadAll(ctx, after, max)
}

// quietProjector wants one event type and only counts it.
type quietProjector struct {
	name    string
	applied atomic.Int64
}

func (p *quietProjector) Name() string         { return p.name }
func (p *quietProjector) Version() int         { return 1 }
func (p *quietProjector) EventTypes() []string { return []string{typeAdded} }
func (p *quietProjector) Tables() []string     { return nil }
func (p *quietProjector) Apply(context.Context, projections.Tx, projections.Event) error {
	p.applied.Add(1)
	return nil
}

// The projectors of a runner share its reads of the feed, and the decoding of its events.
func TestProjectorsShareFeedReads(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		store := &countingStore{Store: b.store}
		b.store = store
		var ps []projections.Projector
		for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
			ps = append(ps, &quietProjector{name: n})
		}
		r, _ := startRunner(t, b, ps, projections.WithPollInterval(time.Hour))
		waitFor(t, r, appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1}))

		const appends = 20
		// Keyed by backend: the backends' tests run at the same time.
		key := "k-" + string(b.dialect)
		before, decodedBefore := store.reads.Load(), decoded(key)
		for i := range appends {
			typ := typeAdded
			if i%2 == 1 {
				typ = typeIgnored
			}
			waitFor(t, r, appendEvent(t, b.store, typ, testPayload{Key: key, N: 1}))
		}
		// One read per append and wake-up for all six, give or take a notice that came
		// while a read was under way; six each would be 120.
		if got := store.reads.Load() - before; got > 2*appends {
			t.Errorf("feed reads for %d appends and six projectors: got %d, want at most %d", appends, got, 2*appends)
		}
		// Each event is decoded once, however many projectors want it; one nobody wants
		// (typeIgnored, a type the domain does not know) is not decoded, and stops nothing.
		if got, want := decoded(key)-decodedBefore, appends/2; got != want {
			t.Errorf("events decoded: got %d for %d wanted by six projectors, want %d", got, appends/2, want)
		}
		for _, p := range ps {
			if got, want := p.(*quietProjector).applied.Load(), int64(1+appends/2); got != want {
				t.Errorf("%s applied %d events, want %d", p.Name(), got, want)
			}
		}
	})
}
