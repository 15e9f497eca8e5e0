package progress_test

import (
	"context"
	"iter"
	"slices"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/eventgen"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/progress"
)

// BenchmarkRebuildInMemory applies a seeded log of 50,000 events to a fresh Rebuilding and
// flushes its rows, the work a rebuild in memory does besides reading the log and writing
// its copies.
func BenchmarkRebuildInMemory(b *testing.B) {
	ctx := context.Background()
	be := backendtest.SQLite(b)
	if _, err := eventgen.Generate(ctx, be.Store, eventgen.Config{Events: 50_000, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	records, err := be.Store.ReadAll(ctx, 0, 1_000_000)
	if err != nil {
		b.Fatal(err)
	}
	wanted := (progress.Projector{}).EventTypes()
	var events []projections.Event
	for _, rec := range records {
		if !slices.Contains(wanted, rec.Type) {
			continue
		}
		payload, err := domain.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			b.Fatal(err)
		}
		events = append(events, projections.Event{Stream: rec.Stream, Type: rec.Type, Position: rec.Position, Payload: payload})
	}
	b.ResetTimer()
	for range b.N {
		r := (progress.Projector{}).NewRebuilding()
		for _, ev := range events {
			if err := r.Apply(ev); err != nil {
				b.Fatal(err)
			}
		}
		if err := r.Flush(ctx, discard{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(events)*b.N)/b.Elapsed().Seconds(), "events/s")
}

// discard is a projections.RowWriter that takes every row and keeps none.
type discard struct{}

func (discard) Write(_ context.Context, _ string, _ []string, rows iter.Seq[[]any]) error {
	for range rows {
	}
	return nil
}
