package projections_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
)

// Kept statements go on reading the live tables after a rebuild swapped fresh copies in
// under the same names, on every connection.
func TestPreparedReadsAcrossRebuilds(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(9, 9))
		r, _ := startRunner(t, b, []projections.Projector{newTestProjector()})
		q := projections.NewPrepared(b.db)
		t.Cleanup(func() { _ = q.Close() })
		logged := func() int {
			t.Helper()
			var n int
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM test_log WHERE position > $1`, 0).Scan(&n); err != nil {
				t.Fatalf("read through a kept statement: %v", err)
			}
			return n
		}
		head := appendWorkload(t, b.store, rng, 60)
		waitFor(t, r, head)
		before := logged()
		for i := range 2 {
			if err := r.Rebuild(ctx, "test"); err != nil {
				t.Fatal(err)
			}
			head = appendWorkload(t, b.store, rng, 20)
			waitFor(t, r, head)
			var want int
			if err := b.db.QueryRow(`SELECT COUNT(*) FROM test_log`).Scan(&want); err != nil {
				t.Fatal(err)
			}
			if got := logged(); got != want || got <= before {
				t.Errorf("after rebuild %d: kept statement counts %d, the table holds %d (had %d)", i+1, got, want, before)
			}
		}
	})
}

// Past its bound, a Prepared runs queries unprepared, with the same results.
func TestPreparedBeyondItsBound(t *testing.T) {
	q := projections.NewPrepared(backendtest.SQLite(t).DB)
	t.Cleanup(func() { _ = q.Close() })
	for i := range 300 {
		var n int
		if err := q.QueryRowContext(context.Background(), fmt.Sprintf(`SELECT %d + $1`, i), 1).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("query %d: got %d, %v", i, n, err)
		}
	}
	if _, err := q.QueryContext(context.Background(), `SELECT nonsense FROM nowhere`); err == nil {
		t.Error("a query that cannot be prepared: got no error")
	}
}
