package httpapi_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// checkReadModels asserts that every read model has applied the whole log and is running,
// and that rebuilding every one of them from the log leaves exactly what was built live.
func (e *env) checkReadModels(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	head, err := e.store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.runner.WaitFor(ctx, head); err != nil {
		t.Fatalf("read models reaching the head %d: %v", head, err)
	}
	statuses, err := e.runner.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range statuses {
		if s.State != projections.StateRunning || s.Lag != 0 || s.LastError != "" {
			t.Errorf("read model %s: %s, lag %d, error %q; want running at the head", s.Name, s.State, s.Lag, s.LastError)
		}
	}
	live := e.readModels(ctx, t)
	rebuilder, err := projections.NewRunner(e.db, e.dialect, e.store, readmodels.All(),
		projections.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range readmodels.All() {
		if err := rebuilder.Rebuild(ctx, p.Name()); err != nil {
			t.Fatalf("rebuild %s: %v", p.Name(), err)
		}
	}
	rebuilt := e.readModels(ctx, t)
	for _, table := range slices.Sorted(func(yield func(string) bool) {
		for k := range live {
			if !yield(k) {
				return
			}
		}
	}) {
		if !slices.Equal(live[table], rebuilt[table]) {
			t.Errorf("table %s: rebuilt differs from live:\n live    %v\n rebuilt %v", table, live[table], rebuilt[table])
		}
	}
}

// readModels returns every row of every read-model table, each as text, sorted.
func (e *env) readModels(ctx context.Context, t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, p := range readmodels.All() {
		for _, table := range p.Tables() {
			rows, err := e.db.QueryContext(ctx, `SELECT * FROM `+table)
			if err != nil {
				t.Fatalf("read %s: %v", table, err)
			}
			cols, _ := rows.Columns()
			var all []string
			for rows.Next() {
				vals := make([]sql.RawBytes, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				parts := make([]string, len(vals))
				for i, v := range vals {
					parts[i] = fmt.Sprintf("%s=%q", cols[i], v)
				}
				all = append(all, strings.Join(parts, " "))
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			rows.Close()
			slices.Sort(all)
			out[table] = all
		}
	}
	return out
}
