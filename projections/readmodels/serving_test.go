package readmodels_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/eventgen"
	"github.com/gymlog/gymlog/projections"
	historymodel "github.com/gymlog/gymlog/projections/history"
	"github.com/gymlog/gymlog/projections/progress"
	"github.com/gymlog/gymlog/projections/projectiontest"
	"github.com/gymlog/gymlog/projections/readmodels"
	"github.com/gymlog/gymlog/projections/weights"
)

// bumped is a partitioned projector of a newer build: its version one higher, so a node
// starting with it rebuilds the read model. Its rebuild stops at its first event until gate
// is closed, telling reached, so the test can look at the node meanwhile.
type bumped struct {
	partitioned
	gate    <-chan struct{}
	reached func()
}

type partitioned interface {
	projections.MemoryRebuilt
	PartitionsByOwner()
}

func newBumped(p partitioned) (b bumped, reached <-chan struct{}, release func()) {
	gate, at := make(chan struct{}), make(chan struct{})
	var once, released sync.Once
	b = bumped{partitioned: p, gate: gate, reached: func() { once.Do(func() { close(at) }) }}
	return b, at, func() { released.Do(func() { close(gate) }) }
}

func (p bumped) Version() int { return p.partitioned.Version() + 1 }

func (p bumped) NewRebuilding() projections.Rebuilding {
	return gated{Rebuilding: p.partitioned.NewRebuilding(), p: p}
}

type gated struct {
	projections.Rebuilding
	p bumped
}

func (g gated) Apply(ev projections.Event) error {
	g.p.reached()
	<-g.p.gate
	return g.Rebuilding.Apply(ev)
}

// A serving node whose progress projector's version rose rebuilds that read model (in
// partitions of users, as its budget has it) while every other read model keeps serving:
// the old progress tables answer until the swap, a weight logged meanwhile is projected at
// once, and the node's status and Rebuilding say which read model is rebuilding and how far
// it has got. Then the rebuilt read model is swapped in, with the same rows.
func TestServingNodeRebuildsABumpedReadModel(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		if _, err := eventgen.Generate(ctx, b.Store, eventgen.Config{Events: 600, Seed: 11, Writers: 2, Workouts: 4}); err != nil {
			t.Fatal(err)
		}
		head, err := b.Store.Head(ctx)
		if err != nil {
			t.Fatal(err)
		}
		projectiontest.CatchUp(t, b, head, readmodels.All()...)
		tables := progress.Projector{}.Tables()
		before := backendtest.Dump(t, b.DB, tables...)
		if len(before) == 0 {
			t.Fatal("the log left no progress rows")
		}

		// history is bumped too: it waits for progress's rebuild, as each plans for the whole
		// memory budget.
		newer, reached, release := newBumped(progress.Projector{})
		newerHistory, historyReached, releaseHistory := newBumped(historymodel.Projector{})
		ps := slices.Clone(readmodels.All())
		for i, p := range ps {
			switch p.Name() {
			case progress.Name:
				ps[i] = newer
			case historymodel.Name:
				ps[i] = newerHistory
			}
		}
		r, err := projections.NewRunner(b.DB, projections.Dialect(b.Name), b.Store, ps,
			projections.WithPollInterval(20*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
			projections.WithTransactions(b.Transactions), projections.WithRebuildPartitions(2))
		if err != nil {
			t.Fatal(err)
		}
		run, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- r.Run(run) }()
		defer func() {
			release()
			releaseHistory()
			stop()
			if err := <-done; err != nil {
				t.Error(err)
			}
		}()
		select {
		case <-reached:
			select {
			case <-historyReached:
				t.Error("history rebuilt while progress was: two rebuilds at once would each take the whole budget")
			case <-time.After(2 * time.Second):
			}
		case <-historyReached:
			// The two workers prepare at once, and history took the first turn: progress
			// waits for it.
			select {
			case <-reached:
				t.Fatal("progress rebuilt while history was: two rebuilds at once would each take the whole budget")
			case <-time.After(2 * time.Second):
			}
			releaseHistory()
			select {
			case <-reached:
			case <-time.After(time.Minute):
				t.Fatal("the bumped read model was not rebuilt")
			}
		case <-time.After(time.Minute):
			t.Fatal("the bumped read model was not rebuilt")
		}

		statuses, err := r.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range statuses {
			if s.Name == progress.Name && (s.State != projections.StateRebuilding || s.Rebuild == nil) {
				t.Errorf("progress while rebuilt: state %s, rebuild %v", s.State, s.Rebuild)
			}
			if s.Name != progress.Name && s.Rebuild != nil {
				t.Errorf("%s said to be rebuilt: %+v", s.Name, s.Rebuild)
			}
		}
		rebuilding, err := r.Rebuilding(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(rebuilding) != 1 || !strings.HasPrefix(rebuilding[0], "progress: partition 1 of 2: 0 of ") {
			t.Errorf("rebuilding: %q", rebuilding)
		}
		if got := backendtest.Dump(t, b.DB, tables...); !slices.Equal(got, before) {
			t.Error("the old progress tables do not answer as before while the read model is rebuilt")
		}

		// Another read model keeps serving: a weight logged now is in its table at once.
		logged := body.WeightLogged{EntryID: "0b5c1f0e-3a1d-4f7e-9c2a-5d6e7f809a1b", UserID: "0b5c1f0e-3a1d-4f7e-9c2a-5d6e7f809a1c",
			Date: "2026-11-27", Weight: 80, Unit: "kg", LoggedAt: time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)}
		data, err := json.Marshal(logged)
		if err != nil {
			t.Fatal(err)
		}
		res, err := b.Store.Append(ctx, "weight-"+logged.UserID, eventstore.Any, eventstore.EventData{
			ID: "0b5c1f0e-3a1d-4f7e-9c2a-5d6e7f809a1d", Type: logged.EventType(), Data: data})
		if err != nil {
			t.Fatal(err)
		}
		wait, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := r.WaitFor(wait, res.Position, weights.Projector{}.Name()); err != nil {
			t.Fatalf("the weights read model while progress is rebuilt: %v", err)
		}
		if _, err := weights.NewQueries(b.DB).ByID(ctx, logged.EntryID, "kg"); err != nil {
			t.Errorf("the weight logged while progress is rebuilt: %v", err)
		}

		release()
		releaseHistory()
		if err := r.WaitFor(wait, res.Position, progress.Name, historymodel.Name); err != nil {
			t.Fatalf("the rebuilt progress and history read models: %v", err)
		}
		if got := backendtest.Dump(t, b.DB, tables...); !slices.Equal(got, before) {
			t.Error("the rebuilt progress read model differs from the one it replaced")
		}
		// The new read models serve from the swap on; each rebuild is over once SQLite's old
		// tables are dropped.
		statuses = whenRebuilt(t, r, progress.Name, historymodel.Name)
		for _, s := range statuses {
			if s.Name == progress.Name && (s.State != projections.StateRunning || s.Rebuild != nil || s.Version != newer.Version()) {
				t.Errorf("progress once rebuilt: %+v", s)
			}
			if s.Name == historymodel.Name && (s.Rebuild != nil || s.Version != newerHistory.Version()) {
				t.Errorf("history once rebuilt: %+v", s)
			}
		}
	})
}

// whenRebuilt waits, up to a deadline, until no rebuild of names is under way, and returns the
// statuses then.
func whenRebuilt(t *testing.T, r *projections.Runner, names ...string) []projections.Status {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		statuses, err := r.Status(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(statuses, func(s projections.Status) bool {
			return slices.Contains(names, s.Name) && (s.Rebuild != nil || s.State == projections.StateRebuilding)
		}) || time.Now().After(deadline) {
			return statuses
		}
		time.Sleep(20 * time.Millisecond)
	}
}
