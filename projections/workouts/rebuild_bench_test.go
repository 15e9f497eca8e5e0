package workouts_test

import (
	"context"
	"iter"
	"testing"

	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/eventgen"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/workouts"
)

// BenchmarkRebuildInMemory measures a rebuild in memory of the workouts read model, without
// the database: a seeded realistic log of 200,000 events (eventstore/eventgen), read and
// decoded before the timer starts, applied to a fresh Rebuilding and flushed into a writer
// that drops the rows. ns/op is per event of the log.
//
//	go test -run '^$' -bench RebuildInMemory -benchtime 3x ./projections/workouts/
func BenchmarkRebuildInMemory(b *testing.B) {
	bk := backendtest.SQLite(b)
	n, err := eventgen.Generate(context.Background(), bk.Store, eventgen.Config{Events: 200_000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	events := readEvents(b, bk.Store)
	b.ResetTimer()
	for range b.N {
		r := workouts.Projector{}.NewRebuilding()
		for _, ev := range events {
			if err := r.Apply(ev); err != nil {
				b.Fatal(err)
			}
		}
		if err := r.Flush(context.Background(), dropRows{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/event")
}

// dropRows is a projections.RowWriter that makes every row and drops it.
type dropRows struct{}

func (dropRows) Write(_ context.Context, _ string, _ []string, rows iter.Seq[[]any]) error {
	for range rows {
	}
	return nil
}

var _ projections.RowWriter = dropRows{}
