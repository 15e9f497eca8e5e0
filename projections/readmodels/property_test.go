package readmodels_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/eventgen"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/projectiontest"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// The property test's knobs, read from the environment:
//   - GYMLOG_PROPERTY_SEEDS: how many seeds each backend runs (default 60; make test runs 12
//     under -race and 300 without; make test-property runs 10,000), from
//     GYMLOG_PROPERTY_FIRST (default 0).
//   - GYMLOG_PROPERTY_SEED: run that one seed alone (a failure names it).
//   - GYMLOG_PROPERTY_GROUP: how many seeds share a store between two rebuilds (default 60).
const (
	seedsVar = "GYMLOG_PROPERTY_SEEDS"
	firstVar = "GYMLOG_PROPERTY_FIRST"
	seedVar  = "GYMLOG_PROPERTY_SEED"
	groupVar = "GYMLOG_PROPERTY_GROUP"
)

// pendingRewrites lists read-model tables left out of the comparison, each with why: live
// and rebuilt rows that differ there today, in read models whose rules are being written
// once (issue #25). The list is to be emptied as those rewrites land; what it leaves out is
// printed on every run.
var pendingRewrites = map[string]string{}

// For every seed, a random history (eventstore/eventgen.RandomHistory: every event type, a
// few users, deletes, undo and redo, date moves, sets logged into the past, cardio, imports,
// plan copies, shares, purchases, relationships ended, accounts closed and their streams
// erased, negative zeros, time zones) applied live one event at a time, applied live in the
// runner's batches (BatchProjector.ApplyBatch included), and rebuilt with Runner.RebuildAll
// in one pass and in three partitions of users leaves every table of every read model the
// same, row by row, on both backends.
//
// The live runners follow the store through a gate (gate_test.go) that the test opens once a
// part of the histories is written, so they apply every event before an account closing
// erases it, as a running node does; the rebuild reads the log as it is left. Several seeds'
// histories (their ids never meet) share a store between two rebuilds, in rounds: each
// round writes every history up to its next erasure. A failing group is run again seed by
// seed, and each seed that fails alone is reported with its history: GYMLOG_PROPERTY_SEED
// replays it.
func TestPropertyRebuildEqualsLive(t *testing.T) {
	seeds := propertySeeds(t)
	group := envInt(t, groupVar, 60)
	for table, why := range pendingRewrites {
		t.Logf("left out of the comparison: %s (%s)", table, why)
	}
	eachBackend(t, func(t *testing.T, rig *rig) {
		started := time.Now()
		b := rig.b
		events := 0
		for chunk := range slices.Chunk(seeds, group) {
			histories := make([]eventgen.History, len(chunk))
			for i, seed := range chunk {
				histories[i] = eventgen.RandomHistory(seed)
				events += histories[i].Events()
			}
			if diff := rig.check(t, histories); len(diff) > 0 {
				rig.report(t, histories, diff)
			}
		}
		t.Logf("%s: %d seeds, %d events, in %v", b.Name, len(seeds), events, time.Since(started).Round(time.Millisecond))
	})
}

// propertySeeds are the seeds to run, as the environment asks.
func propertySeeds(t *testing.T) []uint64 {
	if s := os.Getenv(seedVar); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: %v", seedVar, s, err)
		}
		return []uint64{seed}
	}
	first, n := envInt(t, firstVar, 0), envInt(t, seedsVar, 60)
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = uint64(first + i)
	}
	return seeds
}

func envInt(t *testing.T, name string, fallback int) int {
	s := os.Getenv(name)
	if s == "" {
		return fallback
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a whole number", name, s)
	}
	return n
}

// oneByOne hides every projector's ApplyBatch (and what else it implements beside
// Projector), so that the runner applies each event through Apply, one at a time, in its
// batches' transactions.
func oneByOne(ps []projections.Projector) []projections.Projector {
	out := make([]projections.Projector, len(ps))
	for i, p := range ps {
		out[i] = struct{ projections.Projector }{p}
	}
	return out
}

// rig is what the property test runs on one backend: the store with the read models built
// one event at a time beside it, and a second database for the read models built in the
// runner's batches. Both are emptied between groups of seeds.
type rig struct {
	b, batched backendtest.Backend
	tables     []string
	// expect, when a test sets it, lists what a dump of the read models lacks: check runs it
	// on the live read models and on each rebuild, beside comparing them.
	expect func(dump []string) []string
}

func newRig(t *testing.T, b, batched backendtest.Backend) *rig {
	projectiontest.Migrate(t, b)
	projectiontest.Migrate(t, batched)
	r := &rig{b: b, batched: batched}
	for _, p := range readmodels.All() {
		r.tables = append(r.tables, p.Tables()...)
	}
	return r
}

// eachBackend runs test on a rig of each backend, as parallel subtests (backendtest.Each),
// with commits that do not wait for the disk: what a crash would lose is not what this test
// is about, and on a busy disk the waits would be most of its time. On SQLite every
// connection of the pool runs with synchronous=OFF; PostgreSQL's sessions with
// synchronous_commit off.
func eachBackend(t *testing.T, test func(t *testing.T, r *rig)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		test(t, newRig(t, unsynced(t, backendtest.SQLite(t)), unsynced(t, backendtest.SQLite(t))))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		open := func() backendtest.Backend {
			url := pgtest.NewDatabase(t)
			sep := "?"
			if strings.Contains(url, "?") {
				sep = "&"
			}
			return backendtest.PostgresAt(t, url+sep+"synchronous_commit=off")
		}
		test(t, newRig(t, open(), open()))
	})
}

// unsynced sets synchronous=OFF on every connection the SQLite pool may hold (the pool keeps
// as many idle as it may open, for good), so no commit waits for the disk.
func unsynced(t *testing.T, b backendtest.Backend) backendtest.Backend {
	ctx := context.Background()
	var conns []*sql.Conn
	for range b.DB.Stats().MaxOpenConnections {
		c, err := b.DB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.ExecContext(ctx, `PRAGMA synchronous = OFF`); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Close()
	}
	return b
}

// runner returns a runner of every read model over db and the gated store, quick to take
// over its leases (other tests' nodes on the same server count among the nodes alive).
func (r *rig) runner(t *testing.T, b backendtest.Backend, g eventstore.Store, ps []projections.Projector,
	opts ...projections.Option) *projections.Runner {
	opts = append(opts, projections.WithPollInterval(20*time.Millisecond), projections.WithTakeoverInterval(10*time.Millisecond),
		projections.WithRetry(1, time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
		projections.WithTransactions(b.Transactions))
	runner, err := projections.NewRunner(b.DB, projections.Dialect(b.Name), g, ps, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return runner
}

// check writes histories to the store with both live runners following, rebuilds, and
// returns the differences between the three sets of read models (nil when equal). It
// leaves the store and both databases empty.
func (r *rig) check(t *testing.T, histories []eventgen.History) []string {
	t.Helper()
	ctx := context.Background()
	began := time.Now()
	defer r.empty(t, histories)
	head, err := r.b.Store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g := newGate(r.b.Store, head)
	one := r.runner(t, r.b, g, oneByOne(readmodels.All()))
	batched := r.runner(t, r.batched, g, readmodels.All())
	stop := make([]func() error, 0, 2)
	for _, runner := range []*projections.Runner{one, batched} {
		run, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- runner.Run(run) }()
		stop = append(stop, func() error { cancel(); return <-done })
	}
	stopped := false
	stopAll := func() {
		if stopped {
			return
		}
		stopped = true
		for _, s := range stop {
			if err := s(); err != nil {
				t.Error(err)
			}
		}
	}
	defer stopAll()

	catchUp := func() []string {
		head, err := r.b.Store.Head(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g.openTo(head)
		// A projector that fails ends the wait at once; one that stalls is the test's timeout.
		wait, cancel := context.WithTimeout(ctx, 30*time.Minute)
		defer cancel()
		for name, runner := range map[string]*projections.Runner{"one by one": one, "in batches": batched} {
			if err := runner.WaitFor(wait, head); err != nil {
				return []string{fmt.Sprintf("the live read models %s did not reach position %d: %v", name, head, err)}
			}
		}
		return nil
	}
	rounds := make([][]round, len(histories))
	for i, h := range histories {
		rounds[i] = roundsOf(h)
	}
	for n := 0; ; n++ {
		more := false
		for _, rs := range rounds {
			if n < len(rs) {
				more = true
				write(t, r.b, rs[n].appends)
			}
		}
		if !more {
			break
		}
		if failed := catchUp(); failed != nil {
			return failed
		}
		for _, rs := range rounds {
			if n < len(rs) {
				write(t, r.b, rs[n].erasures)
			}
		}
	}
	stopAll()
	wrote := time.Now()
	live := backendtest.Dump(t, r.b.DB, r.tables...)
	inBatches := backendtest.Dump(t, r.batched.DB, r.tables...)
	dumped := time.Now()
	diff := compare("live one by one", live, "live in batches", inBatches)
	diff = append(diff, r.lacks("live one by one", live)...)
	// Rebuilt in one pass, then in three partitions of users (the read models that can be).
	for _, partitions := range []int{1, 3} {
		rebuilder := r.runner(t, r.b, r.b.Store, readmodels.All(), projections.WithRebuildPartitions(partitions))
		if err := rebuilder.RebuildAll(ctx, nil, nil); err != nil {
			return append(diff, fmt.Sprintf("rebuild in %d partitions: %v", partitions, err))
		}
		rebuilt := backendtest.Dump(t, r.b.DB, r.tables...)
		diff = append(diff, compare("live one by one", live, fmt.Sprintf("rebuilt in %d partitions", partitions), rebuilt)...)
		diff = append(diff, r.lacks(fmt.Sprintf("rebuilt in %d partitions", partitions), rebuilt)...)
	}
	if testing.Verbose() {
		t.Logf("%d histories: written and applied live in %v, dumped in %v, rebuilt twice in %v", len(histories),
			wrote.Sub(began).Round(time.Millisecond), dumped.Sub(wrote).Round(time.Millisecond), time.Since(dumped).Round(time.Millisecond))
	}
	return diff
}

// lacks lists what the test's expect finds missing from dump, the read models named name.
func (r *rig) lacks(name string, dump []string) []string {
	if r.expect == nil {
		return nil
	}
	var out []string
	for _, missing := range r.expect(dump) {
		out = append(out, name+" lack: "+missing)
	}
	return out
}

// round is a part of a history: the appends up to its next erasure, and that erasure.
type round struct{ appends, erasures []eventgen.Step }

func roundsOf(h eventgen.History) []round {
	var out []round
	cur := round{}
	for _, s := range h.Steps {
		if !s.Delete && len(cur.erasures) > 0 {
			out, cur = append(out, cur), round{}
		}
		if s.Delete {
			cur.erasures = append(cur.erasures, s)
		} else {
			cur.appends = append(cur.appends, s)
		}
	}
	return append(out, cur)
}

// write carries steps out on the store.
func write(t *testing.T, b backendtest.Backend, steps []eventgen.Step) {
	t.Helper()
	h := eventgen.History{Steps: steps}
	if err := h.Write(context.Background(), b.Store, nil); err != nil {
		t.Fatal(err)
	}
}

// compare lists the rows that one dump holds and the other does not, tables left out apart.
func compare(aName string, a []string, bName string, b []string) []string {
	var out []string
	for _, row := range a {
		if _, found := slices.BinarySearch(b, row); !found && !leftOut(row) {
			out = append(out, aName+" only: "+row)
		}
	}
	for _, row := range b {
		if _, found := slices.BinarySearch(a, row); !found && !leftOut(row) {
			out = append(out, bName+" only: "+row)
		}
	}
	return out
}

func leftOut(row string) bool {
	table, _, _ := strings.Cut(row, " ")
	_, ok := pendingRewrites[table]
	return ok
}

// empty erases the histories' streams and every read-model row and checkpoint of both
// databases, for the next group.
func (r *rig) empty(t *testing.T, histories []eventgen.History) {
	t.Helper()
	ctx := context.Background()
	seen := map[string]bool{}
	for _, h := range histories {
		for _, s := range h.Steps {
			if !seen[s.Stream] {
				seen[s.Stream] = true
				if err := r.b.Store.DeleteStream(ctx, s.Stream); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, db := range []backendtest.Backend{r.b, r.batched} {
		for _, table := range append([]string{"projection_checkpoints"}, r.tables...) {
			if _, err := db.DB.ExecContext(ctx, `DELETE FROM `+table); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// report names what differed: each seed of the group that fails alone, with its history, or
// the group when none does.
func (r *rig) report(t *testing.T, histories []eventgen.History, diff []string) {
	t.Helper()
	if len(histories) > 1 {
		alone := 0
		for _, h := range histories {
			if d := r.check(t, []eventgen.History{h}); len(d) > 0 {
				alone++
				r.report(t, []eventgen.History{h}, d)
			}
		}
		if alone > 0 {
			return
		}
	}
	var b strings.Builder
	if len(histories) == 1 {
		fmt.Fprintf(&b, "seed %d: the read models differ (replay: %s=%d)\n", histories[0].Seed, seedVar, histories[0].Seed)
	} else {
		fmt.Fprintf(&b, "seeds %d to %d together (no seed alone): the read models differ (replay: %s=%d %s=%d %s=%d)\n",
			histories[0].Seed, histories[len(histories)-1].Seed, firstVar, histories[0].Seed, seedsVar, len(histories),
			groupVar, len(histories))
	}
	for i, d := range diff {
		if i == 60 {
			fmt.Fprintf(&b, "  ... and %d more rows\n", len(diff)-i)
			break
		}
		fmt.Fprintf(&b, "  %s\n", d)
	}
	if len(histories) == 1 {
		b.WriteString(histories[0].String())
	}
	t.Error(b.String())
}
