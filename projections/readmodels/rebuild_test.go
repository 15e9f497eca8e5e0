package readmodels_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"testing"

	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/eventgen"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/projectiontest"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// Rebuilding every read model together (one read of the log handed to all of them, workouts
// remembering what it wrote to its copies) gives exactly the read models the live runner
// built event batch by event batch, on both backends.
func TestRebuildAllEqualsLive(t *testing.T) {
	for _, partitions := range []int{1, 3} {
		t.Run(fmt.Sprintf("partitions=%d", partitions), func(t *testing.T) { rebuildAllEqualsLive(t, partitions) })
	}
}

// rebuildAllEqualsLive rebuilds in so many partitions of users (a read model that cannot be
// partitioned rebuilds in one).
func rebuildAllEqualsLive(t *testing.T, partitions int) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		n, err := eventgen.Generate(ctx, b.Store, eventgen.Config{Events: 1500, Seed: 7, Writers: 3, Workouts: 6})
		if err != nil {
			t.Fatal(err)
		}
		head, err := b.Store.Head(ctx)
		if err != nil {
			t.Fatal(err)
		}
		all := readmodels.All()
		var tables []string
		for _, p := range all {
			tables = append(tables, p.Tables()...)
		}
		r := projectiontest.CatchUp(t, b, head, all...)
		live := backendtest.Dump(t, b.DB, tables...)
		if len(live) < n/2 {
			t.Fatalf("the live read models hold %d rows for %d events", len(live), n)
		}

		r, err = projections.NewRunner(b.DB, projections.Dialect(b.Name), b.Store, all,
			projections.WithLogger(slog.New(slog.DiscardHandler)), projections.WithTransactions(b.Transactions),
			projections.WithRebuildPartitions(partitions))
		if err != nil {
			t.Fatal(err)
		}
		var last projections.RebuildProgress
		if err := r.RebuildAll(ctx, nil, func(p projections.RebuildProgress) { last = p }); err != nil {
			t.Fatal(err)
		}
		if got := backendtest.Dump(t, b.DB, tables...); !slices.Equal(got, live) {
			for _, row := range diff(got, live) {
				t.Error(row)
			}
			t.Fatal("the rebuilt read models differ from the live ones")
		}
		if !last.Swapped {
			t.Errorf("last progress: %+v, want the read models swapped in", last)
		}
		if partitions == 1 && (last.Done != head || last.Total != head) {
			t.Errorf("last progress: %+v, want %d of %d events done", last, head, head)
		}
		if partitions > 1 && (last.Partition != partitions || last.Partitions != partitions || last.Done != last.Total) {
			t.Errorf("last progress: %+v, want every event of partition %d of %d done", last, partitions, partitions)
		}
	})
}

// diff lists the rows only one of two sorted dumps holds, marked with the side holding it.
func diff(rebuilt, live []string) []string {
	var out []string
	for _, row := range rebuilt {
		if _, found := slices.BinarySearch(live, row); !found {
			out = append(out, "rebuilt only: "+row)
		}
	}
	for _, row := range live {
		if _, found := slices.BinarySearch(rebuilt, row); !found {
			out = append(out, "live only: "+row)
		}
	}
	return out
}
