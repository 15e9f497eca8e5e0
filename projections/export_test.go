package projections

import (
	"context"
	"database/sql"
	"time"
)

// CatchUpOnce applies the feed to the projector name as the runner's loop does, but leaves
// out what the loop does around it (the lease, the periodic and the final checkpoint
// flush): what a process that dies right after has left behind.
func CatchUpOnce(ctx context.Context, r *Runner, name string) error {
	w := r.byName[name]
	if err := r.prepare(ctx, w); err != nil {
		return err
	}
	return r.catchUp(ctx, w)
}

// CatchUpAgain applies the feed from where this process last left the projector name,
// without reading its checkpoint first, once told of new events: a node carrying on after
// another moved it.
func CatchUpAgain(ctx context.Context, r *Runner, name string) error {
	r.feed.announce()
	return r.catchUp(ctx, r.byName[name])
}

// MigrateDownTo undoes the read-model migrations after version, newest first: goose's down
// steps, which only an operator runs (going back to an older build).
func MigrateDownTo(ctx context.Context, db *sql.DB, d Dialect, version int64) error {
	provider, err := migrator(db, d)
	if err != nil {
		return err
	}
	_, err = provider.DownTo(ctx, version)
	return err
}

// KeyColumns is the columns of table's primary key, as a partitioned rebuild merges its runs
// by.
func KeyColumns(ctx context.Context, r *Runner, table string) ([]string, error) {
	return r.keyColumns(ctx, table)
}

// SetRebuildReporting sets how often a rebuild writes how far it has got and how long a row
// may go unwritten before it is taken for a dead rebuild's, until the test ends.
func SetRebuildReporting(t interface{ Cleanup(func()) }, every, stale time.Duration) {
	was, wasStale := rebuildReportEvery, rebuildStale
	rebuildReportEvery, rebuildStale = every, stale
	t.Cleanup(func() { rebuildReportEvery, rebuildStale = was, wasStale })
}
