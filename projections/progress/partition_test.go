package progress_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/progress"
)

// requirePartitionsSame rebuilds the read model in memory from the events of the log, in one
// pass and in 2 and 3 partitions of users (each partition's events applied to a fresh
// Rebuilding and flushed), and fails unless every split writes the same rows as the one
// pass, each table's rows in the order of its key.
func (f *fixture) requirePartitionsSame() {
	f.t.Helper()
	events := f.events()
	whole := rebuildIn(f.t, events, 1)
	for _, n := range []int{2, 3} {
		if split := rebuildIn(f.t, events, n); !slices.Equal(split, whole) {
			f.t.Fatalf("rebuilt in %d partitions of users:\n%s\nwant as in one pass:\n%s", n,
				strings.Join(split, "\n"), strings.Join(whole, "\n"))
		}
	}
}

// events reads the log as a rebuild hands it to progress: the events it wants, decoded.
func (f *fixture) events() []projections.Event {
	f.t.Helper()
	records, err := f.b.Store.ReadAll(context.Background(), 0, 1_000_000)
	if err != nil {
		f.t.Fatal(err)
	}
	wanted := (progress.Projector{}).EventTypes()
	var out []projections.Event
	for _, rec := range records {
		if !slices.Contains(wanted, rec.Type) {
			continue
		}
		payload, err := domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
		if err != nil {
			f.t.Fatal(err)
		}
		out = append(out, projections.Event{ID: rec.ID, Stream: rec.Stream, Type: rec.Type, Version: rec.Version,
			Position: rec.Position, RecordedAt: rec.RecordedAt, Metadata: rec.Metadata, Data: rec.Data, Payload: payload})
	}
	return out
}

// rebuildIn rebuilds the read model from events in n partitions of users, the events of
// each (by their owner) applied to a Rebuilding of its own and flushed, and returns every
// row written, sorted.
func rebuildIn(t *testing.T, events []projections.Event, n int) []string {
	t.Helper()
	w := &rowsWritten{t: t}
	for part := range n {
		r := (progress.Projector{}).NewRebuilding()
		for _, ev := range events {
			h := fnv.New32a()
			h.Write([]byte(ev.Payload.(domain.Owned).OwnerID()))
			if int(h.Sum32()%uint32(n)) != part {
				continue
			}
			if err := r.Apply(ev); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Flush(context.Background(), w); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(w.rows)
	return w.rows
}

// keyColumns are the columns of each table's primary key.
var keyColumns = map[string][]string{
	"progress_workouts": {"user_id", "id"}, "workout_days": {"user_id", "date"}, "workout_totals": {"user_id"},
	"progress_sets": {"user_id", "id"}, "exercise_days": {"user_id", "exercise_key", "date"},
	"exercise_totals": {"user_id", "exercise_key"},
}

// rowsWritten is a projections.RowWriter that keeps the rows written as text, and fails the
// test when a table's rows do not come in the order of its key, leading its columns.
type rowsWritten struct {
	t    *testing.T
	rows []string
}

func (w *rowsWritten) Write(_ context.Context, table string, columns []string, rows iter.Seq[[]any]) error {
	key := keyColumns[table]
	if len(key) == 0 || !slices.Equal(columns[:len(key)], key) {
		w.t.Fatalf("%s: columns %v, want its key %v first", table, columns, key)
	}
	var last []any
	for row := range rows {
		if last != nil && compareKeys(last[:len(key)], row[:len(key)]) >= 0 {
			w.t.Fatalf("%s: row %v after %v, want the key's order", table, row, last)
		}
		last = row
		text := table
		for i, v := range row {
			if v == nil {
				v = "NULL"
			}
			text += fmt.Sprintf(" %s=%v", columns[i], v)
		}
		w.rows = append(w.rows, text)
	}
	return nil
}

func compareKeys(a, b []any) int {
	for i := range a {
		if c := strings.Compare(a[i].(string), b[i].(string)); c != 0 {
			return c
		}
	}
	return 0
}
