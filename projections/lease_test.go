package projections_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/projections"
)

// tallyProjector counts the events it wants into a table of its own, so that several of
// them can run side by side.
type tallyProjector struct{ name string }

func (p tallyProjector) Name() string         { return p.name }
func (p tallyProjector) Version() int         { return 1 }
func (p tallyProjector) EventTypes() []string { return []string{typeAdded} }
func (p tallyProjector) Tables() []string     { return []string{p.name} }

func (p tallyProjector) Apply(ctx context.Context, tx projections.Tx, _ projections.Event) error {
	_, err := tx.ExecContext(ctx, `UPDATE `+tx.Table(p.name)+` SET n = n + 1`)
	return err
}

// tallies returns n tally projectors, their tables created on b.
func tallies(t *testing.T, b backend, n int) []projections.Projector {
	t.Helper()
	var ps []projections.Projector
	for i := range n {
		name := fmt.Sprintf("tally%d", i)
		for _, stmt := range []string{`CREATE TABLE IF NOT EXISTS ` + name + ` (n BIGINT NOT NULL)`,
			`INSERT INTO ` + name + ` SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ` + name + `)`} {
			if _, err := b.db.Exec(stmt); err != nil {
				t.Fatal(err)
			}
		}
		ps = append(ps, tallyProjector{name: name})
	}
	return ps
}

// running returns the names of the projectors r runs.
func running(t *testing.T, r *projections.Runner) map[string]bool {
	t.Helper()
	all, err := r.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range all {
		if s.State == projections.StateRunning {
			names[s.Name] = true
		}
	}
	return names
}

// shared reports whether the runners run each its share of n projectors, none twice.
func shared(t *testing.T, n int, runners ...*projections.Runner) bool {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range runners {
		names := running(t, r)
		if len(names) != (n+len(runners)-1)/len(runners) {
			return false
		}
		for name := range names {
			if seen[name] {
				return false
			}
			seen[name] = true
		}
	}
	return len(seen) == n
}

// Two nodes share the projector leases: each runs half, together all of them. When one dies
// the other runs every projector within seconds; when a node joins, the node that ran them
// all hands it its share; when one stops, the other again runs them all.
func TestLeasesSpreadAcrossNodes(t *testing.T) {
	url := pgtest.NewDatabase(t)
	nodeA, nodeB := newPostgresAt(t, url), newPostgresAt(t, url)
	const n = 6
	opts := []projections.Option{projections.WithTakeoverInterval(200 * time.Millisecond)}
	ra, stopA := startRunner(t, nodeA, tallies(t, nodeA, n), opts...)
	eventually(t, "node A runs every projector", func() bool { return shared(t, n, ra) })

	joined := time.Now()
	rb, stopB := startRunner(t, nodeB, tallies(t, nodeB, n), opts...)
	eventually(t, "nodes A and B run half the projectors each", func() bool { return shared(t, n, ra, rb) })
	t.Logf("spread %v after node B joined", time.Since(joined))

	rng := rand.New(rand.NewPCG(3, 4))
	head := appendWorkload(t, nodeA.store, rng, 100)
	waitFor(t, ra, head)
	waitFor(t, rb, head)
	wantTallies(t, nodeB, n)

	// Node A dies: its lease session ends, and its runner with it.
	died := time.Now()
	kill(t, nodeB, ra)
	stopA()
	eventually(t, "node B runs every projector", func() bool { return shared(t, n, rb) })
	t.Logf("node B runs every projector %v after node A died", time.Since(died))
	head = appendWorkload(t, nodeB.store, rng, 100)
	waitFor(t, rb, head)
	wantTallies(t, nodeB, n)

	rc, _ := startRunner(t, newPostgresAt(t, url), tallies(t, nodeB, n), opts...)
	eventually(t, "nodes B and C run half the projectors each", func() bool { return shared(t, n, rb, rc) })
	stopped := time.Now()
	stopB()
	eventually(t, "node C runs every projector", func() bool { return shared(t, n, rc) })
	t.Logf("node C runs every projector %v after node B stopped", time.Since(stopped))
}

// kill ends the database session that holds r's leases, as r's process dying would, from a
// connection of b's.
func kill(t *testing.T, b backend, r *projections.Runner) {
	t.Helper()
	for name := range running(t, r) {
		// A one-key advisory lock shows its key's high half as classid and its low as objid.
		var ended int
		if err := b.db.QueryRow(`SELECT count(pg_terminate_backend(l.pid)) FROM pg_locks l
			JOIN pg_database d ON d.oid = l.database
			WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND d.datname = current_database()
			AND (l.classid::bigint << 32 | l.objid::bigint) = hashtextextended($1, 0)`,
			"gymlog.feed:projection:"+name).Scan(&ended); err != nil || ended != 1 {
			t.Fatalf("ending the session holding %s's lease: %d ended, %v", name, ended, err)
		}
		return
	}
	t.Fatal("the runner holds no lease")
}

// wantTallies checks that every tally projector counted each added event once.
func wantTallies(t *testing.T, b backend, n int) {
	t.Helper()
	var added int64
	if err := b.db.QueryRow(`SELECT count(*) FROM eventstore_events WHERE type = $1`, typeAdded).Scan(&added); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		var got int64
		if err := b.db.QueryRow(fmt.Sprintf(`SELECT n FROM tally%d`, i)).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != added {
			t.Errorf("tally%d counted %d added events, want %d", i, got, added)
		}
	}
}

// A free lease that the node below its share does not take (its build cannot run the
// projector) is taken beyond the share by a node at its share, after a few tries, and kept.
func TestAFreeLeaseNobodyTakesIsTakenBeyondTheShare(t *testing.T) {
	url := pgtest.NewDatabase(t)
	ctx := context.Background()
	la := projections.NewLeases(newPostgresAt(t, url).db, projections.Postgres)
	lb := projections.NewLeases(newPostgresAt(t, url).db, projections.Postgres)
	defer la.Leave()
	defer lb.Leave()
	take := func(ls *projections.Leases, name string) (*projections.Lease, bool) {
		t.Helper()
		lease, ok, err := ls.TryAcquireShare(ctx, name, 2)
		if err != nil {
			t.Fatal(err)
		}
		return lease, ok
	}
	x0, ok := take(la, "x0")
	if !ok {
		t.Fatal("a alone could not take x0")
	}
	defer x0.Release()
	x1, ok := take(lb, "x1")
	if !ok {
		t.Fatal("b, below its share, could not take x1")
	}
	x1.Release() // b cannot run it

	tries := 0
	var extra *projections.Lease
	for extra == nil {
		if tries++; tries > 10 {
			t.Fatal("a, at its share, never took the free lease x1")
		}
		extra, _ = take(la, "x1")
	}
	defer extra.Release()
	if tries < 2 {
		t.Errorf("a took x1 beyond its share at its first try; it must first leave it to b")
	}
	if err := extra.Check(ctx); err != nil {
		t.Errorf("the lease taken beyond the share: Check = %v, want it kept", err)
	}
	if _, ok := take(lb, "x1"); ok {
		t.Error("b took x1 while a holds it")
	}
}
