package projections_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/projections"
)

func TestRunnerAppliesEveryEventOnceAcrossCrashes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(1, 2))
		appendWorkload(t, b.store, rng, 200)
		flaky := appendEvent(t, b.store, typeAdded, testPayload{Key: "flaky", N: 1})
		head := appendWorkload(t, b.store, rng, 200)

		// The first run is killed halfway through a batch: its context is cancelled while
		// Apply runs, which rolls the batch back.
		p := newTestProjector()
		var seen atomic.Int64
		killed := make(chan struct{})
		p.setHook(func(ctx context.Context, ev projections.Event) error {
			if seen.Add(1) == 175 {
				close(killed)
				<-ctx.Done()
				return ctx.Err()
			}
			return nil
		})
		_, stop := startRunner(t, b, []projections.Projector{p})
		<-killed
		stop()

		// The second run fails once halfway through a batch, and is retried.
		p2 := newTestProjector()
		var failed atomic.Bool
		p2.setHook(func(ctx context.Context, ev projections.Event) error {
			if ev.Position == flaky && failed.CompareAndSwap(false, true) {
				return errors.New("transient failure")
			}
			return nil
		})
		r, _ := startRunner(t, b, []projections.Projector{p2})
		waitFor(t, r, head)

		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model after a crash and a retry:\n got %v\nwant %v", got, want)
		}
		if !failed.Load() {
			t.Error("the transient failure never happened")
		}
	})
}

func TestRebuildMatchesIncrementalReadModel(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(7, 11))
		p := newTestProjector()
		r, _ := startRunner(t, b, []projections.Projector{p})
		var head int64
		for range 4 {
			head = appendWorkload(t, b.store, rng, 150)
		}
		waitFor(t, r, head)
		incremental := snapshot(t, b)
		if want := model(t, b.store, 1); !slices.Equal(incremental, want) {
			t.Fatalf("incremental read model:\n got %v\nwant %v", incremental, want)
		}
		indexes := indexNames(t, b)

		// Rebuild twice while the runner is live and events keep coming: the second proves
		// the first left names a rebuild can copy again.
		for i := range 2 {
			done := make(chan error, 1)
			go func() { done <- r.Rebuild(context.Background(), "test") }()
			head = appendWorkload(t, b.store, rng, 50)
			if err := <-done; err != nil {
				t.Fatalf("Rebuild %d: %v", i+1, err)
			}
			waitFor(t, r, head)
			if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
				t.Fatalf("after rebuild %d:\n got %v\nwant %v", i+1, got, want)
			}
			if got := indexNames(t, b); !slices.Equal(got, indexes) {
				t.Errorf("index names after rebuild %d: got %v, want %v", i+1, got, indexes)
			}
		}

		// A rebuild of a quiet feed gives exactly the incremental read model.
		before := snapshot(t, b)
		if err := r.Rebuild(context.Background(), "test"); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(t, b); !slices.Equal(got, before) {
			t.Errorf("rebuilt read model differs from the incremental one:\n got %v\nwant %v", got, before)
		}
	})
}

// indexNames lists the indexes of the test tables.
func indexNames(t *testing.T, b backend) []string {
	t.Helper()
	query := `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'test_%'`
	if b.dialect == projections.Postgres {
		query = `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename LIKE 'test_%'`
	}
	rows, err := b.db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func TestFailingEventStopsProjectorWithoutSkipping(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(3, 4))
		appendWorkload(t, b.store, rng, 60)
		bad := appendEvent(t, b.store, typeAdded, testPayload{Key: "bad", N: 1})
		head := appendWorkload(t, b.store, rng, 60)

		p := newTestProjector()
		var tries atomic.Int64
		p.setHook(func(_ context.Context, ev projections.Event) error {
			if ev.Position == bad {
				tries.Add(1)
				return errors.New("poison pill")
			}
			return nil
		})
		r, _ := startRunner(t, b, []projections.Projector{p})
		var st projections.Status
		eventually(t, "the projector is failed", func() bool {
			st = status(t, r, "test")
			return st.State == projections.StateFailed
		})
		if st.FailedPosition != bad {
			t.Errorf("failed position: got %d, want %d", st.FailedPosition, bad)
		}
		if !strings.Contains(st.LastError, "poison pill") {
			t.Errorf("last error: got %q, want it to contain %q", st.LastError, "poison pill")
		}
		if st.Checkpoint >= bad {
			t.Errorf("checkpoint: got %d, want it before the failing event at %d", st.Checkpoint, bad)
		}
		if got, want := tries.Load(), int64(3); got != want {
			t.Errorf("tries of the failing event: got %d, want %d", got, want)
		}
		var logged int64
		if err := b.db.QueryRow(`SELECT COUNT(*) FROM test_log WHERE position >= $1`, bad).Scan(&logged); err != nil {
			t.Fatal(err)
		}
		if logged != 0 {
			t.Errorf("events applied at or after the failing one: got %d, want 0", logged)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := r.WaitFor(ctx, head); !errors.Is(err, projections.ErrProjectionFailed) {
			t.Errorf("WaitFor past the failure: got %v, want ErrProjectionFailed", err)
		}
		wantReady := fmt.Sprintf("test stopped at position %d", bad)
		if err := r.Ready(ctx); !errors.Is(err, projections.ErrProjectionFailed) || !strings.Contains(err.Error(), wantReady) {
			t.Errorf("Ready with a failed projector: got %v, want ErrProjectionFailed naming %q", err, wantReady)
		}

		// Once the event can be applied, a restarted runner goes on from the failure.
		p2 := newTestProjector()
		r2, _ := startRunner(t, b, []projections.Projector{p2})
		eventually(t, "the restarted projector retries", func() bool {
			return status(t, r2, "test").State == projections.StateRunning
		})
		waitFor(t, r2, head)
		if got, want := snapshot(t, b), model(t, b.store, 1); !slices.Equal(got, want) {
			t.Errorf("read model after the fix:\n got %v\nwant %v", got, want)
		}
		if st := status(t, r2, "test"); st.State != projections.StateRunning || st.LastError != "" {
			t.Errorf("status after the fix: got %s %q, want running with no error", st.State, st.LastError)
		}
		if err := r2.Ready(ctx); err != nil {
			t.Errorf("Ready after the fix: got %v, want nil", err)
		}
	})
}

func TestWaitFor(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		p := newTestProjector()
		r, _ := startRunner(t, b, []projections.Projector{p})
		for i := range 20 {
			pos := appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1})
			waitFor(t, r, pos, "test")
			requireCounterAfterWait(t, b, int64(i+1))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if err := r.WaitFor(ctx, 1<<40); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("WaitFor a position never written: got %v, want DeadlineExceeded", err)
		}
		if err := r.WaitFor(context.Background(), 1, "nope"); err == nil {
			t.Error("WaitFor an unknown projector: got nil error")
		}
	})
}

// TestAWaitEndsTheRest: a projector woken by new events within a rest of the last wake (here
// an hour, and the runner polls the feed once an hour: every append but the first) rests
// before it applies them while nobody waits for it, and a WaitFor for it ends the rest, so
// that a request waiting for its own write is not held by it.
func TestAWaitEndsTheRest(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		p := newTestProjector()
		r, _ := startRunner(t, b, []projections.Projector{p}, projections.WithRest(time.Hour),
			projections.WithPollInterval(time.Hour))
		for i := range 3 {
			pos := appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1})
			time.Sleep(100 * time.Millisecond) // the projector, woken by the append, rests
			waitFor(t, r, pos, "test")
			requireCounterAfterWait(t, b, int64(i+1))
		}
	})
}

// requireCounterAfterWait fails the test unless the counter k holds want right after a WaitFor.
func requireCounterAfterWait(t *testing.T, b backend, want int64) {
	t.Helper()
	var value int64
	if err := b.db.QueryRow(`SELECT value FROM test_counters WHERE key = 'k'`).Scan(&value); err != nil {
		t.Fatal(err)
	}
	if value != want {
		t.Fatalf("value right after WaitFor: got %d, want %d", value, want)
	}
}

func TestVersionChangeRebuilds(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		rng := rand.New(rand.NewPCG(5, 6))
		head := appendWorkload(t, b.store, rng, 200)
		r, stop := startRunner(t, b, []projections.Projector{newTestProjector()})
		waitFor(t, r, head)
		stop()

		v2 := newTestProjector()
		v2.version, v2.factor = 2, 10
		r2, stop2 := startRunner(t, b, []projections.Projector{v2})
		waitFor(t, r2, head)
		if got, want := snapshot(t, b), model(t, b.store, 10); !slices.Equal(got, want) {
			t.Errorf("read model after the version change:\n got %v\nwant %v", got, want)
		}
		if st := status(t, r2, "test"); st.Version != 2 || st.Checkpoint != head {
			t.Errorf("status: got version %d at %d, want 2 at %d", st.Version, st.Checkpoint, head)
		}

		// The old version, still running somewhere in a rolling deploy, leaves it alone.
		stop2()
		old, _ := startRunner(t, b, []projections.Projector{newTestProjector()})
		eventually(t, "the old version stands aside", func() bool {
			return status(t, old, "test").State == projections.StateOutdated
		})
	})
}

func TestStatusShowsLag(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		head := appendWorkload(t, b.store, rand.New(rand.NewPCG(8, 9)), 30)
		reg := prometheus.NewRegistry()
		r := newRunner(t, b, []projections.Projector{newTestProjector()}, projections.WithMetrics(reg))
		st := status(t, r, "test")
		if st.Head != head || st.Checkpoint != 0 || st.Lag != head || st.State != projections.StateStopped {
			t.Errorf("before running: got head %d checkpoint %d lag %d %s, want head %d checkpoint 0 lag %d stopped",
				st.Head, st.Checkpoint, st.Lag, st.State, head, head)
		}
		if got := gauge(t, reg, "gymlog_projection_lag"); got != float64(head) {
			t.Errorf("lag metric before running: got %v, want %d", got, head)
		}

		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- r.Run(ctx) }()
		defer func() {
			cancel()
			<-done
		}()
		waitFor(t, r, head)
		eventually(t, "the projector is running", func() bool {
			return status(t, r, "test").State == projections.StateRunning
		})
		if st := status(t, r, "test"); st.Lag != 0 || st.Checkpoint != head {
			t.Errorf("caught up: got lag %d checkpoint %d, want lag 0 checkpoint %d", st.Lag, st.Checkpoint, head)
		}
		if got := gauge(t, reg, "gymlog_projection_lag"); got != 0 {
			t.Errorf("lag metric caught up: got %v, want 0", got)
		}
	})
}

func status(t *testing.T, r *projections.Runner, name string) projections.Status {
	t.Helper()
	all, err := r.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range all {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no status for %s in %v", name, all)
	return projections.Status{}
}

// gauge reads the one value of the metric family name.
func gauge(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no single-valued metric %s", name)
	return 0
}

func TestOneActiveRunnerAcrossNodes(t *testing.T) {
	url := pgtest.NewDatabase(t)
	nodeA, nodeB := newPostgresAt(t, url), newPostgresAt(t, url)
	pa, pb := newTestProjector(), newTestProjector()
	ra, stopA := startRunner(t, nodeA, []projections.Projector{pa})
	eventually(t, "node A runs the projector", func() bool {
		return status(t, ra, "test").State == projections.StateRunning
	})
	rb, _ := startRunner(t, nodeB, []projections.Projector{pb})
	eventually(t, "node B stands by", func() bool {
		return status(t, rb, "test").State == projections.StateStandby
	})

	rng := rand.New(rand.NewPCG(12, 13))
	head := appendWorkload(t, nodeA.store, rng, 200)
	waitFor(t, rb, head) // node B sees node A's progress through the checkpoints table
	if pa.applied.Load() == 0 || pb.applied.Load() != 0 {
		t.Fatalf("applies: node A %d, node B %d; want only node A", pa.applied.Load(), pb.applied.Load())
	}

	// Node A's session dies (its lock with it): node B takes over where it stopped. Only the
	// session holding the lease is ended (a one-key lock; a node's own lock has two keys).
	if _, err := nodeB.db.Exec(`SELECT pg_terminate_backend(l.pid) FROM pg_locks l
		JOIN pg_database d ON d.oid = l.database
		WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND d.datname = current_database()
		AND l.pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	head = appendWorkload(t, nodeB.store, rng, 200)
	waitFor(t, rb, head)
	if pb.applied.Load() == 0 {
		t.Error("node B never took over")
	}
	eventually(t, "node A stands by", func() bool {
		return status(t, ra, "test").State == projections.StateStandby
	})

	// Node A stops; node B carries on.
	stopA()
	head = appendWorkload(t, nodeB.store, rng, 100)
	waitFor(t, rb, head)
	if got, want := snapshot(t, nodeB), model(t, nodeB.store, 1); !slices.Equal(got, want) {
		t.Errorf("read model after the takeover:\n got %v\nwant %v", got, want)
	}
}
