package projections_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gymlog/gymlog/projections"
)

// bulkProjector writes e.N rows into test_bulk for each counter added: one at a time
// through SQL when live, in bulk (RowWriter) when rebuilt in memory.
type bulkProjector struct{}

func (bulkProjector) Name() string         { return "bulk" }
func (bulkProjector) Version() int         { return 1 }
func (bulkProjector) Tables() []string     { return []string{"test_bulk"} }
func (bulkProjector) EventTypes() []string { return []string{typeAdded} }

// bulkRow is row i of an event's rows: NULLs, text and numbers, as a projector writes.
func bulkRow(e testEvent, position int64, i int64) []any {
	var half any
	if i%2 == 0 {
		half = float64(i) / 2
	}
	return []any{position*100_000 + i, fmt.Sprintf("%s-%d", e.Key, i%7), half, i%3 == 0}
}

func (bulkProjector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	e := ev.Payload.(testEvent)
	for i := range e.N {
		if _, err := tx.ExecContext(ctx, `INSERT INTO `+tx.Table("test_bulk")+` (n, label, half, flag)
			VALUES ($1, $2, $3, $4)`, bulkRow(e, ev.Position, i)...); err != nil {
			return err
		}
	}
	return nil
}

func (bulkProjector) NewRebuilding() projections.Rebuilding { return &bulkRebuilding{} }

type bulkRebuilding struct{ rows [][]any }

func (r *bulkRebuilding) Apply(ev projections.Event) error {
	e := ev.Payload.(testEvent)
	for i := range e.N {
		r.rows = append(r.rows, bulkRow(e, ev.Position, i))
	}
	return nil
}

func (r *bulkRebuilding) Flush(ctx context.Context, w projections.RowWriter) error {
	return w.Write(ctx, "test_bulk", []string{"n", "label", "half", "flag"}, slices.Values(r.rows))
}

// A read model rebuilt in memory and written in bulk equals the one its live SQL leaves,
// whatever the number of rows against the writer's statements (200 rows on SQLite) and
// transactions (20,000): none, one, a statement less one, one and one more, and more than
// a transaction's worth.
func TestBulkWritesEqualRowByRow(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		for _, stmt := range []string{
			`CREATE TABLE IF NOT EXISTS test_bulk (n BIGINT PRIMARY KEY, label TEXT NOT NULL, half DOUBLE PRECISION,
				flag BOOLEAN NOT NULL)`,
			`CREATE INDEX IF NOT EXISTS test_bulk_label ON test_bulk (label, n)`,
		} {
			if _, err := b.db.ExecContext(ctx, stmt); err != nil {
				t.Fatal(err)
			}
		}
		var head int64
		for i, n := range []int64{0, 1, 199, 200, 201, 20_201} {
			head = appendEvent(t, b.store, typeAdded, testPayload{Key: fmt.Sprintf("bulk%d", i), N: n})
		}
		r, _ := startRunner(t, b, []projections.Projector{bulkProjector{}}, projections.WithBatchSize(2))
		waitFor(t, r, head)
		live := bulkRows(t, b)
		if got, want := len(live), 1+199+200+201+20_201; got != want {
			t.Fatalf("live rows: got %d, want %d", got, want)
		}
		if err := r.Rebuild(ctx, "bulk"); err != nil {
			t.Fatal(err)
		}
		if got := bulkRows(t, b); !slices.Equal(got, live) {
			t.Errorf("rebuilt rows differ from the live ones: got %d rows, want %d", len(got), len(live))
		}
	})
}

// bulkRows lists test_bulk's rows in order, each as text.
func bulkRows(t *testing.T, b backend) []string {
	t.Helper()
	rows, err := b.db.Query(`SELECT n, label, half, flag FROM test_bulk ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n int64
		var label string
		var half *float64
		var flag bool
		if err := rows.Scan(&n, &label, &half, &flag); err != nil {
			t.Fatal(err)
		}
		h := "NULL"
		if half != nil {
			h = fmt.Sprint(*half)
		}
		out = append(out, fmt.Sprintf("%d %s %s %t", n, label, h, flag))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
