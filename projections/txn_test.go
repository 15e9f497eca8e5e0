package projections_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/gymlog/gymlog/projections"
)

// rememberingProjector is the batch test projector counting the runner's calls of Forget.
type rememberingProjector struct {
	*batchProjector
	forgets atomic.Int64
}

func (p *rememberingProjector) Forget() { p.forgets.Add(1) }

func newRememberingProjector() *rememberingProjector {
	return &rememberingProjector{batchProjector: &batchProjector{testProjector: newTestProjector()}}
}

// A node whose checkpoint another node moved meanwhile writes nothing of the batch it
// claimed from the old position (on PostgreSQL the claim, the writes and the commit travel
// in one pipeline), forgets what it remembers, and carries on from where the other left it:
// every event applied once.
func TestAClaimOnAMovedCheckpointWritesNothing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(31, 32))
		runnerOf := func(p projections.Projector) *projections.Runner {
			return newRunner(t, b, []projections.Projector{p}, projections.WithBatchSize(10))
		}
		appendWorkload(t, b.store, rng, 30)
		here := newRememberingProjector()
		node := runnerOf(here)
		if err := projections.CatchUpOnce(ctx, node, "test"); err != nil {
			t.Fatal(err)
		}
		if here.forgets.Load() == 0 {
			t.Error("the runner started applying the feed without the projector forgetting first")
		}

		appendWorkload(t, b.store, rng, 30)
		if err := projections.CatchUpOnce(ctx, runnerOf(newTestProjector()), "test"); err != nil {
			t.Fatal(err)
		}
		head := appendWorkload(t, b.store, rng, 30)
		forgets := here.forgets.Load()
		if err := projections.CatchUpAgain(ctx, node, "test"); err != nil {
			t.Fatal(err)
		}
		if here.forgets.Load() == forgets {
			t.Error("the checkpoint had moved, and the projector was not told to forget")
		}
		if got := storedPosition(t, b); got != head {
			t.Errorf("checkpoint: got %d, want %d", got, head)
		}
		// A batch applied on top of the other node's would count its events twice.
		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model:\n got %v\nwant %v", got, want)
		}
	})
}

// A deferred write that fails fails the batch it was deferred in; applied one at a time,
// the event that deferred it fails, and the projector stops there as for any failing
// event, having forgotten what it remembered. No transaction is left open.
func TestFailingDeferredWriteStopsTheProjectorThere(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(33, 34))
		appendWorkload(t, b.store, rng, 40)
		bad := appendEvent(t, b.store, typeAdded, testPayload{Key: "bad", N: 1})
		appendWorkload(t, b.store, rng, 40)

		p := newRememberingProjector()
		p.badWrite.Store(bad)
		r, _ := startRunner(t, b, []projections.Projector{p}, projections.WithBatchSize(30))
		requireStoppedAt(t, b, r, bad)
		if p.batches.Load() == 0 {
			t.Error("no batch was applied whole: the test proves nothing of the batch path")
		}
		// Started (1), then the batch holding the bad event and each attempt of it alone.
		if got := p.forgets.Load(); got < 3 {
			t.Errorf("Forget called %d times; want at the start and after each failed transaction", got)
		}
		if b.dialect == projections.Postgres {
			eventually(t, "no session is left in a transaction", func() bool {
				var open int
				if err := b.db.QueryRow(`SELECT COUNT(*) FROM pg_stat_activity
					WHERE datname = current_database() AND state LIKE 'idle in transaction%'`).Scan(&open); err != nil {
					t.Fatal(err)
				}
				return open == 0
			})
		}
	})
}

// A rebuild swaps the live tables for fresh copies: the projector forgets the old ones.
func TestRebuildMakesTheProjectorForget(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		head := appendWorkload(t, b.store, rand.New(rand.NewPCG(35, 36)), 20)
		p := newRememberingProjector()
		r, _ := startRunner(t, b, []projections.Projector{p})
		waitFor(t, r, head)
		forgets := p.forgets.Load()
		if err := r.Rebuild(context.Background(), "test"); err != nil {
			t.Fatal(err)
		}
		if p.forgets.Load() == forgets {
			t.Error("rebuilt, and the projector was not told to forget")
		}
	})
}
