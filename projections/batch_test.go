package projections_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections"
)

// batchProjector is the test projector with an ApplyBatch that applies each event through
// Apply, and fails on the event at poison after applying those before it in the batch.
type batchProjector struct {
	*testProjector
	poison  int64
	batches atomic.Int64
}

func (p *batchProjector) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	p.batches.Add(1)
	for _, ev := range events {
		if ev.Position == p.poison {
			return errors.New("batch poison")
		}
		if err := p.Apply(ctx, tx, ev); err != nil {
			return err
		}
	}
	return nil
}

// A batch that fails is rolled back and applied again one event at a time: every event
// lands once (test_log's key refuses a second), and a later batch is applied whole again.
func TestFailedBatchIsAppliedOneEventAtATime(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(5, 6))
		appendWorkload(t, b.store, rng, 40)
		poison := appendEvent(t, b.store, typeAdded, testPayload{Key: "batch", N: 1})
		head := appendWorkload(t, b.store, rng, 40)

		p := &batchProjector{testProjector: newTestProjector(), poison: poison}
		r, _ := startRunner(t, b, []projections.Projector{p}, projections.WithBatchSize(30))
		waitFor(t, r, head)
		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model:\n got %v\nwant %v", got, want)
		}
		// 81 events in batches of 30: three batches, the one holding the poison tried twice.
		if got := p.batches.Load(); got < 3 {
			t.Errorf("ApplyBatch calls: got %d, want the batches to go through it", got)
		}
		if st := status(t, r, "test"); st.State != projections.StateRunning || st.LastError != "" {
			t.Errorf("status: got %s %q, want running with no error", st.State, st.LastError)
		}
	})
}

// An event that fails one at a time too stops the projector exactly there, as without
// batching: the events before it in its batch are committed, none after it.
func TestFailingEventInABatchStopsTheProjectorThere(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(7, 8))
		appendWorkload(t, b.store, rng, 40)
		bad := appendEvent(t, b.store, typeAdded, testPayload{Key: "bad", N: 1})
		appendWorkload(t, b.store, rng, 40)

		p := &batchProjector{testProjector: newTestProjector(), poison: bad}
		p.setHook(func(_ context.Context, ev projections.Event) error {
			if ev.Position == bad {
				return errors.New("poison pill")
			}
			return nil
		})
		r, _ := startRunner(t, b, []projections.Projector{p}, projections.WithBatchSize(30))
		requireStoppedAt(t, b, r, bad)
	})
}

// requireStoppedAt waits until the projector "test" has failed, and checks that it stopped
// at the event at position bad: the events before it committed, none after it.
func requireStoppedAt(t *testing.T, b backend, r *projections.Runner, bad int64) {
	t.Helper()
	var st projections.Status
	eventually(t, "the projector is failed", func() bool {
		st = status(t, r, "test")
		return st.State == projections.StateFailed
	})
	if st.FailedPosition != bad || st.Checkpoint != bad-1 {
		t.Errorf("failed at %d with checkpoint %d, want failed at %d with checkpoint %d",
			st.FailedPosition, st.Checkpoint, bad, bad-1)
	}
	var before, after int64
	if err := b.db.QueryRow(`SELECT COUNT(*) FROM test_log WHERE position < $1`, bad).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if err := b.db.QueryRow(`SELECT COUNT(*) FROM test_log WHERE position >= $1`, bad).Scan(&after); err != nil {
		t.Fatal(err)
	}
	if before == 0 || after != 0 {
		t.Errorf("events applied: %d before the failing one, %d at or after it; want some, then none", before, after)
	}
}

// pacedProjector is the batch projector resting pace between batches.
type pacedProjector struct {
	*batchProjector
	pace time.Duration
}

func (p *pacedProjector) Pace() time.Duration { return p.pace }

// A paced projector gathers the events that arrive while it rests into one batch, and a
// WaitFor on it still returns once it has caught up.
func TestPacedProjectorGathersBatches(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		p := &pacedProjector{batchProjector: &batchProjector{testProjector: newTestProjector()}, pace: 100 * time.Millisecond}
		r, _ := startRunner(t, b, []projections.Projector{p})
		var head int64
		const events = 60
		for i := range events {
			head = appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: int64(i)})
			time.Sleep(2 * time.Millisecond)
		}
		waitFor(t, r, head)
		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model:\n got %v\nwant %v", got, want)
		}
		// Unpaced, events two milliseconds apart come a batch each; resting 100 ms gathers
		// dozens to a batch. The bound leaves room for a slow machine.
		if got := p.batches.Load(); got > events/3 {
			t.Errorf("batches: got %d for %d events, want them gathered", got, events)
		}
	})
}
