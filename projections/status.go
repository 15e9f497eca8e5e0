package projections

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrProjectionFailed means a projector stopped on an event that kept failing; WaitFor returns
// it (wrapped, with the projector's last error) instead of waiting for a position it will not
// reach.
var ErrProjectionFailed = errors.New("projections: projection failed")

// Status is one projector's progress, as the checkpoints table (shared by every node) and
// this process know it.
type Status struct {
	Name string
	// Version is the version this process's projector builds.
	Version int
	// Checkpoint is the position of the last event applied.
	Checkpoint int64
	// Head is the highest position in the store.
	Head int64
	// Lag is Head - Checkpoint: how far behind the read model is, in positions (positions may
	// have gaps, so it is an upper bound on events).
	Lag   int64
	State State
	// FailedPosition is the event it stopped at, 0 when healthy.
	FailedPosition int64
	LastError      string
	// UpdatedAt is when its checkpoint row last changed.
	UpdatedAt time.Time
}

// Status reports every projector's progress.
func (r *Runner) Status(ctx context.Context) ([]Status, error) {
	head, err := r.store.Head(ctx)
	if err != nil {
		return nil, fmt.Errorf("projections: head: %w", err)
	}
	stored, err := r.checkpoints(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(r.workers))
	for _, w := range r.workers {
		s := Status{Name: w.p.Name(), Version: w.p.Version(), Head: head, State: w.getState()}
		if c, ok := stored[s.Name]; ok {
			s.Checkpoint = c.position
			s.UpdatedAt, _ = time.Parse(time.RFC3339Nano, c.updatedAt)
			if c.failedPosition.Valid {
				s.State, s.FailedPosition, s.LastError = StateFailed, c.failedPosition.Int64, c.lastError.String
			}
		}
		s.Lag = max(0, head-s.Checkpoint)
		out = append(out, s)
	}
	return out, nil
}

func (r *Runner) checkpoints(ctx context.Context) (map[string]checkpoint, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT name, version, position, failed_position, last_error, updated_at
		FROM projection_checkpoints`)
	if err != nil {
		return nil, fmt.Errorf("projections: read checkpoints: %w", err)
	}
	defer rows.Close()
	out := map[string]checkpoint{}
	for rows.Next() {
		var name string
		var c checkpoint
		if err := rows.Scan(&name, &c.version, &c.position, &c.failedPosition, &c.lastError, &c.updatedAt); err != nil {
			return nil, fmt.Errorf("projections: read checkpoints: %w", err)
		}
		out[name] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: read checkpoints: %w", err)
	}
	return out, nil
}

// WaitFor returns once the named projectors (all when none is named) have applied the feed up
// to position, for read-your-writes: a command returns the position it wrote and the query
// waits for it. It reads the checkpoints table, since another node may run a projector, and
// wakes at once on progress in this process. ctx bounds the wait.
func (r *Runner) WaitFor(ctx context.Context, position int64, names ...string) error {
	workers := r.workers
	if len(names) > 0 {
		workers = make([]*worker, 0, len(names))
		for _, n := range names {
			w, ok := r.byName[n]
			if !ok {
				return fmt.Errorf("projections: no projector named %q", n)
			}
			workers = append(workers, w)
		}
	}
	delay := time.Millisecond
	for {
		progressed := r.progress.wait()
		if reachedLocally(workers, position) {
			return nil
		}
		stored, err := r.checkpoints(ctx)
		if err != nil {
			return err
		}
		reached := true
		for _, w := range workers {
			c := stored[w.p.Name()]
			if c.failedPosition.Valid && c.failedPosition.Int64 <= position {
				return fmt.Errorf("%w: %s stopped at position %d: %s",
					ErrProjectionFailed, w.p.Name(), c.failedPosition.Int64, c.lastError.String)
			}
			// An older version's read model is being rebuilt; a newer one (a rolling deploy)
			// is what this node's queries read.
			if c.version < w.p.Version() || c.position < position {
				reached = false
			}
		}
		if reached {
			return nil
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("projections: waiting for position %d: %w", position, ctx.Err())
		case <-progressed:
		case <-t.C:
		}
		t.Stop()
		delay = min(2*delay, 100*time.Millisecond)
	}
}

// reachedLocally reports whether this process has applied position to every worker: a
// position it committed is in the table, so the table need not be read.
func reachedLocally(workers []*worker, position int64) bool {
	for _, w := range workers {
		if w.position() < position {
			return false
		}
	}
	return true
}
