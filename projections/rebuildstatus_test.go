package projections_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections"
)

// slowFlush is bulkProjector whose rebuilt read model takes until release to be written, as a
// real-size one takes minutes, telling flushing when it starts.
type slowFlush struct {
	bulkProjector
	flushing chan<- struct{}
	release  <-chan struct{}
}

func (p slowFlush) NewRebuilding() projections.Rebuilding {
	return slowRows{Rebuilding: p.bulkProjector.NewRebuilding(), p: p}
}

type slowRows struct {
	projections.Rebuilding
	p slowFlush
}

func (s slowRows) Flush(ctx context.Context, w projections.RowWriter) error {
	s.p.flushing <- struct{}{}
	<-s.p.release
	return s.Rebuilding.Flush(ctx, w)
}

// A rebuild's row is written again while a step takes long, so that it is not taken for a
// dead rebuild's (not written for rebuildStale, a minute) and stays reported. A 4 M-event log's
// read models take minutes to write and swap in with no progress to report: `/readyz` said
// nothing was rebuilding.
func TestARebuildStaysReportedThroughALongStep(t *testing.T) {
	projections.SetRebuildReporting(t, 10*time.Millisecond, time.Minute)
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		if _, err := b.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS test_bulk (n BIGINT PRIMARY KEY, label TEXT NOT NULL,
			half DOUBLE PRECISION, flag BOOLEAN NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		appendEvent(t, b.store, typeAdded, testPayload{Key: "slow", N: 3})
		flushing, release := make(chan struct{}), make(chan struct{})
		r := newRunner(t, b, []projections.Projector{slowFlush{flushing: flushing, release: release}})
		done := make(chan error, 1)
		go func() { done <- r.Rebuild(ctx, "bulk") }()
		<-flushing
		written := func() int64 {
			var at int64
			if err := b.db.QueryRowContext(ctx, `SELECT updated_at FROM projection_rebuilds WHERE name = 'bulk'`).Scan(&at); err != nil {
				t.Fatal(err)
			}
			return at
		}
		before := written()
		for deadline := time.Now().Add(time.Minute); written() == before; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				close(release)
				t.Fatal("the rebuild's row was not written again while its read model was written")
			}
		}
		rebuilding, err := r.Rebuilding(ctx)
		close(release)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(rebuilding, func(s string) bool { return strings.HasPrefix(s, "bulk: ") }) {
			t.Errorf("while the read model is written: rebuilding %q", rebuilding)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if rebuilding, err := r.Rebuilding(ctx); err != nil || len(rebuilding) != 0 {
			t.Errorf("once rebuilt: rebuilding %q, %v", rebuilding, err)
		}
	})
}

// A row not written for a while is a rebuild whose process died, and is not reported: after
// a minute, or a quarter of an hour while the read models are written and swapped in (on
// SQLite a swap holds the write lock the row waits for while its indexes are built).
func TestADeadRebuildIsNotReported(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		r := newRunner(t, b, []projections.Projector{bulkProjector{}})
		for _, row := range []struct {
			writing  int
			ago      time.Duration
			reported bool
		}{
			{0, 10 * time.Second, true},
			{0, 2 * time.Minute, false},
			{1, 10 * time.Minute, true},
			{1, 20 * time.Minute, false},
		} {
			now := time.Now()
			if _, err := b.db.ExecContext(ctx, `DELETE FROM projection_rebuilds`); err != nil {
				t.Fatal(err)
			}
			if _, err := b.db.ExecContext(ctx, `INSERT INTO projection_rebuilds
				(name, done, total, part, parts, writing, started_at, updated_at) VALUES ('bulk', 5, 10, 0, 1, $1, $2, $3)`,
				row.writing, now.Add(-time.Hour).UnixMilli(), now.Add(-row.ago).UnixMilli()); err != nil {
				t.Fatal(err)
			}
			rebuilding, err := r.Rebuilding(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if reported := len(rebuilding) == 1; reported != row.reported {
				t.Errorf("writing %d, written %s ago: reported %q", row.writing, row.ago, rebuilding)
			}
		}
	})
}
