package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/eventstore"
)

// Baseline is the plain-SQL yardstick a backend's benchmarks measure the store against:
// the same database, connection settings and durability, a table shaped like the store's
// (same columns and unique indexes), and none of the store's logic.
type Baseline struct {
	// Insert writes one row in its own transaction, as a single INSERT statement.
	Insert func(ctx context.Context, row Row) error
	// Load writes rows in one transaction, to set up the read benchmark.
	Load func(ctx context.Context, rows []Row) error
	// Read scans up to max rows after position after, in position order, and returns how
	// many it read and the position of the last.
	Read func(ctx context.Context, after int64, max int) (n int, last int64, err error)
}

// Row is one baseline row: an event as the store would write it.
type Row struct {
	ID       string
	Stream   string
	Version  int64
	Type     string
	Data     []byte
	Metadata eventstore.Metadata
}

// Bench runs the event store benchmarks, each beside its baseline: appends of one event
// (256 bytes of JSON) by 1, 4 and 16 concurrent writers, each on its own stream
// ("appends/s"), and reading a log of 10,000 events with ReadAll in batches of 500, as a
// projection rebuild does ("events/s"). open returns a fresh store and a baseline on the
// same, fresh database.
func Bench(b *testing.B, open func(b *testing.B) (eventstore.Store, Baseline)) {
	b.Run("Append", func(b *testing.B) {
		st, raw := open(b)
		for _, writers := range []int{1, 4, 16} {
			b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
				b.Run("store", func(b *testing.B) { benchStoreAppends(b, st, writers) })
				b.Run("raw", func(b *testing.B) { benchRawInserts(b, raw, writers) })
			})
		}
	})
	b.Run("ReadAll", func(b *testing.B) {
		st, raw := open(b)
		loadStore(b, st)
		loadBaseline(b, raw)
		b.Run("store", func(b *testing.B) { benchStoreReads(b, st) })
		b.Run("raw", func(b *testing.B) { benchRawReads(b, raw) })
	})
}

const (
	readEvents = 10_000
	readBatch  = 500
	loadBatch  = 500
)

// benchPayload is a realistic logged set, 256 bytes of JSON.
var benchPayload = []byte(`{"schema":1,"workoutId":"6f1c2a9e-3b7d-4e0a-9c5f-2d8b7a6e1f30","exerciseId":"bench-press","setNumber":3,"reps":8,"weightKg":82.5,"rpe":8.5,"restSeconds":120,"done":true,"note":"felt strong today, last rep slow, grip okay","loggedAt":"2026-11-21T10:15:00Z"}`)

var benchMetadata = eventstore.Metadata{
	ActorID:       "user-0b6e5d3c-8f1a-4c2b-9e7d-5a4f3b2c1d0e",
	CommandID:     "3c9a7e51-2d4b-4f6a-8b1c-0e9d8f7a6b5c",
	CorrelationID: "3c9a7e51-2d4b-4f6a-8b1c-0e9d8f7a6b5c",
	CausationID:   "3c9a7e51-2d4b-4f6a-8b1c-0e9d8f7a6b5c",
}

const benchType = "workout.set_logged.v1"

func benchEvent() eventstore.EventData {
	return eventstore.EventData{ID: uuid.NewString(), Type: benchType, Data: benchPayload, Metadata: benchMetadata}
}

func benchRow(stream string, version int64) Row {
	return Row{ID: uuid.NewString(), Stream: stream, Version: version, Type: benchType, Data: benchPayload, Metadata: benchMetadata}
}

// parallel runs op b.N times spread over writers goroutines, each with its own stream, and
// reports the rate as unit.
func parallel(b *testing.B, writers int, unit string, op func(ctx context.Context, stream string, i int64) error) {
	ctx := b.Context()
	// A run of its own streams, since b.N grows over several runs on one database.
	run := uuid.NewString()[:8]
	var next atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	b.ResetTimer()
	for w := range writers {
		stream := fmt.Sprintf("bench-%s-%d", run, w)
		wg.Go(func() {
			for i := int64(0); next.Add(1) <= int64(b.N); i++ {
				if err := op(ctx, stream, i); err != nil {
					errOnce.Do(func() { firstErr = err })
					return
				}
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	if firstErr != nil {
		b.Fatal(firstErr)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit)
}

func benchStoreAppends(b *testing.B, st eventstore.Store, writers int) {
	parallel(b, writers, "appends/s", func(ctx context.Context, stream string, i int64) error {
		_, err := st.Append(ctx, stream, eventstore.Exact(i), benchEvent())
		return err
	})
}

func benchRawInserts(b *testing.B, raw Baseline, writers int) {
	parallel(b, writers, "appends/s", func(ctx context.Context, stream string, i int64) error {
		return raw.Insert(ctx, benchRow(stream, i+1))
	})
}

func loadStore(b *testing.B, st eventstore.Store) {
	for i := range int64(readEvents / loadBatch) {
		evs := make([]eventstore.EventData, loadBatch)
		for j := range evs {
			evs[j] = benchEvent()
		}
		if _, err := st.Append(b.Context(), "bench-read", eventstore.Exact(i*loadBatch), evs...); err != nil {
			b.Fatal(err)
		}
	}
}

func loadBaseline(b *testing.B, raw Baseline) {
	for i := range int64(readEvents / loadBatch) {
		rows := make([]Row, loadBatch)
		for j := range rows {
			rows[j] = benchRow("bench-read", i*loadBatch+int64(j)+1)
		}
		if err := raw.Load(b.Context(), rows); err != nil {
			b.Fatal(err)
		}
	}
}

func benchStoreReads(b *testing.B, st eventstore.Store) {
	benchReads(b, func(ctx context.Context, after int64) (int, int64, error) {
		evs, err := st.ReadAll(ctx, after, readBatch)
		if err != nil || len(evs) == 0 {
			return 0, after, err
		}
		return len(evs), evs[len(evs)-1].Position, nil
	})
}

func benchRawReads(b *testing.B, raw Baseline) {
	benchReads(b, func(ctx context.Context, after int64) (int, int64, error) {
		return raw.Read(ctx, after, readBatch)
	})
}

// benchReads reads the whole log b.N times, as a projection rebuild would, and reports
// events/s.
func benchReads(b *testing.B, read func(ctx context.Context, after int64) (n int, last int64, err error)) {
	ctx := b.Context()
	b.ResetTimer()
	for range b.N {
		total := 0
		for after := int64(0); ; {
			n, last, err := read(ctx, after)
			if err != nil {
				b.Fatal(err)
			}
			if n == 0 {
				break
			}
			total, after = total+n, last
		}
		if total != readEvents {
			b.Fatalf("read %d events, want %d", total, readEvents)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N*readEvents)/b.Elapsed().Seconds(), "events/s")
}
