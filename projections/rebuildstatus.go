package projections

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// rebuildReportEvery is how often a rebuild writes how far it has got into
// projection_rebuilds, and rebuildStale how long a row may go unwritten before it is taken
// for a rebuild whose process died; rebuildStaleWriting that while the read models are
// written, swapped in and the old tables dropped: on SQLite a table's swap holds the
// database's one write lock while its indexes are built (over a minute for history's on a
// 4 M-event log), as does each drop, and the row waits.
// Variables, for the tests.
var (
	rebuildReportEvery  = 2 * time.Second
	rebuildStale        = time.Minute
	rebuildStaleWriting = 15 * time.Minute
)

// Step says where p is: "1200 of 5000 events", "partition 2 of 7: 300 of 900 events", "reading
// the log into 7 partitions of users: 400 of 1000 events", "… events applied, writing the
// read models", or "swapped in, dropping the old tables".
func (p RebuildProgress) Step() string {
	var step string
	switch {
	case p.Partitions > 1 && p.Partition == 0:
		step = fmt.Sprintf("reading the log into %d partitions of users: ", p.Partitions)
	case p.Partitions > 1:
		step = fmt.Sprintf("partition %d of %d: ", p.Partition, p.Partitions)
	}
	if p.Swapped {
		return "swapped in, dropping the old tables"
	}
	if p.Writing {
		return step + fmt.Sprintf("%d events applied, writing the read models", p.Done)
	}
	return step + fmt.Sprintf("%d of %d events", p.Done, p.Total)
}

// reportRebuild writes first, and returns a progress function that also writes, at each new
// step, how far the rebuild of names has got, for every node's status and /readyz; then calls
// progress. The row is written again every rebuildReportEvery until over is called, however
// long a step takes (writing a 4 M-event log's read models and swapping them in takes
// minutes without a progress call), so that it is never taken for a dead rebuild's; over
// forgets it.
func (r *Runner) reportRebuild(ctx context.Context, names []string, started time.Time, first RebuildProgress,
	progress func(RebuildProgress)) (report func(RebuildProgress), over func()) {
	var (
		mu      sync.Mutex
		written time.Time
		last    RebuildProgress
	)
	write := func(p RebuildProgress) {
		mu.Lock()
		at := time.Now()
		written, last = at, p
		mu.Unlock()
		defer r.writing()()
		for _, name := range names {
			// Best effort: a rebuild does not fail for want of telling how far it got.
			_, _ = r.db.ExecContext(ctx, `INSERT INTO projection_rebuilds
				(name, done, total, part, parts, writing, swapped, started_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
				ON CONFLICT (name) DO UPDATE SET done = excluded.done, total = excluded.total, part = excluded.part,
				parts = excluded.parts, writing = excluded.writing, swapped = excluded.swapped,
				started_at = excluded.started_at, updated_at = excluded.updated_at`,
				name, p.Done, p.Total, p.Partition, p.Partitions, boolInt(p.Writing), boolInt(p.Swapped), started.UnixMilli(), at.UnixMilli())
		}
	}
	due := func(p RebuildProgress) bool {
		mu.Lock()
		defer mu.Unlock()
		return p.Writing != last.Writing || p.Swapped != last.Swapped || p.Partition != last.Partition ||
			time.Since(written) >= rebuildReportEvery
	}
	write(first)
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(rebuildReportEvery)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			mu.Lock()
			p := last
			mu.Unlock()
			if due(p) {
				write(p)
			}
		}
	}()
	report = func(p RebuildProgress) {
		if due(p) {
			write(p)
		}
		if progress != nil {
			progress(p)
		}
	}
	return report, func() {
		close(stop)
		<-stopped
		r.rebuildOver(names)
	}
}

// rebuildOver forgets the rows reportRebuild wrote.
func (r *Runner) rebuildOver(names []string) {
	defer r.writing()()
	for _, name := range names {
		_, _ = r.db.ExecContext(context.Background(), `DELETE FROM projection_rebuilds WHERE name = $1`, name)
	}
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// rebuilds reads the rebuilds under way, by projector, leaving out those whose process died.
func (r *Runner) rebuilds(ctx context.Context) (map[string]RebuildProgress, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT name, done, total, part, parts, writing, swapped, started_at
		FROM projection_rebuilds WHERE updated_at >= $1 OR ((writing = 1 OR swapped = 1) AND updated_at >= $2)`,
		time.Now().Add(-rebuildStale).UnixMilli(), time.Now().Add(-rebuildStaleWriting).UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("projections: read rebuilds: %w", err)
	}
	defer rows.Close()
	out := map[string]RebuildProgress{}
	for rows.Next() {
		var (
			name             string
			p                RebuildProgress
			part, parts      int64
			writing, swapped int64
			startedAt        int64
		)
		if err := rows.Scan(&name, &p.Done, &p.Total, &part, &parts, &writing, &swapped, &startedAt); err != nil {
			return nil, fmt.Errorf("projections: read rebuilds: %w", err)
		}
		p.Partition, p.Partitions, p.Writing, p.Swapped = int(part), int(parts), writing != 0, swapped != 0
		p.Elapsed = time.Since(time.UnixMilli(startedAt))
		out[name] = p
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: read rebuilds: %w", err)
	}
	return out, nil
}

// Rebuilding lists the read models being rebuilt, here or on another node, each as "name:
// how far it has got" (RebuildProgress.Step). Their old tables answer until the swap.
func (r *Runner) Rebuilding(ctx context.Context) ([]string, error) {
	statuses, err := r.Status(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range statuses {
		if s.Rebuild != nil {
			out = append(out, s.Name+": "+s.Rebuild.Step())
		}
	}
	return out, nil
}
