package projections

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrProjectionFailed means a projector stopped on an event that kept failing; WaitFor returns
// it (wrapped, with the projector's last error) instead of waiting for a position it will not
// reach.
var ErrProjectionFailed = errors.New("projections: projection failed")

// Status is one projector's progress, as the checkpoints table (shared by every node) and
// this process know it. A projector stores the position it skipped to only every so often
// (WithCheckpointInterval), so another node may see it a little behind.
type Status struct {
	Name string
	// Version is the version this process's projector builds.
	Version int
	// Checkpoint is the position up to which the read model reflects the feed: every event
	// up to it applied or not wanted.
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
	// Rebuild is how far a rebuild of its read model has got, here or on another node; nil
	// when none is under way. The old tables answer until the swap.
	Rebuild *RebuildProgress
}

// Ready returns nil while no projector has stopped, and otherwise an error wrapping
// ErrProjectionFailed that names each stopped projector and the position of its failing
// event (not its error, which is for the logs): /readyz answers with it.
func (r *Runner) Ready(ctx context.Context) error {
	statuses, err := r.Status(ctx)
	if err != nil {
		return err
	}
	var failed []string
	for _, s := range statuses {
		if s.State == StateFailed {
			failed = append(failed, fmt.Sprintf("%s stopped at position %d", s.Name, s.FailedPosition))
		}
	}
	if len(failed) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrProjectionFailed, strings.Join(failed, "; "))
}

// Status reports every projector's progress.
func (r *Runner) Status(ctx context.Context) ([]Status, error) {
	// States first: a projector is failed here only once its failure is in the table (see
	// fail), so a state read before the table never claims a failure the table lacks.
	states := make([]State, len(r.workers))
	for i, w := range r.workers {
		states[i] = w.getState()
	}
	head, err := r.store.Head(ctx)
	if err != nil {
		return nil, fmt.Errorf("projections: head: %w", err)
	}
	stored, err := r.checkpoints(ctx)
	if err != nil {
		return nil, err
	}
	rebuilds, err := r.rebuilds(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(r.workers))
	for i, w := range r.workers {
		s := Status{Name: w.p.Name(), Version: w.p.Version(), Head: head, State: states[i]}
		if c, ok := stored[s.Name]; ok {
			s.Checkpoint = c.position
			if c.version == w.p.Version() {
				s.Checkpoint = max(s.Checkpoint, w.position())
			}
			s.UpdatedAt, _ = time.Parse(time.RFC3339Nano, c.updatedAt)
			if c.failedPosition.Valid {
				s.State, s.FailedPosition, s.LastError = StateFailed, c.failedPosition.Int64, c.lastError.String
			}
		}
		if p, ok := rebuilds[s.Name]; ok {
			s.Rebuild = &p
			if s.State != StateFailed {
				s.State = StateRebuilding
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

// Changes returns a count that moves on whenever the named projector's read model may have
// changed in this process (a committed batch, a rebuild, a checkpoint moved by another node),
// and 0 for no such projector. A cache of what the read model answered stays good while it
// stands still, as far as this process can tell: a projector that runs on another node
// changes its tables without moving it.
func (r *Runner) Changes(name string) uint64 {
	if w, ok := r.byName[name]; ok {
		return w.changes.Load()
	}
	return 0
}

// Take returns, and forgets, what the named projector noted under key (Tx.Note) in a
// transaction committed in this process; false when there is no such note: another node
// applied the event, it was taken already, or it was pushed out by newer notes.
func (r *Runner) Take(projector, key string) (any, bool) { return r.notes.take(projector, key) }

// WaitFor returns once the named projectors (all when none is named) have applied the feed up
// to position, for read-your-writes: a command returns the position it wrote and the query
// waits for it. A projector running in this process is followed in memory, including the
// events it skipped without storing its position yet, and wakes the wait at once; so does
// one another node runs when that node tells its progress (WithPeers). Otherwise, and as the
// fallback, it reads the checkpoints table. ctx bounds the wait.
func (r *Runner) WaitFor(ctx context.Context, position int64, names ...string) error {
	return r.waitFor(ctx, position, false, names)
}

// WaitForEveryNode is WaitFor for a change other nodes keep in their caches (who a session
// signs in): a projector running in this process counts as there once every other node has
// taken in that it is (WithPeers), so that a change is seen on every node before the write
// that made it answers. With more than two nodes, a projector another node runs counts as
// there once that node told this one, which the third node hears at the same time.
func (r *Runner) WaitForEveryNode(ctx context.Context, position int64, names ...string) error {
	return r.waitFor(ctx, position, true, names)
}

func (r *Runner) waitFor(ctx context.Context, position int64, everyNode bool, names []string) error {
	if everyNode && r.cfg.peers != nil {
		// The positions notices are acknowledged while this waits: the next one, sent at
		// once, carries every position not yet known to be taken in everywhere.
		r.everyNode.Add(1)
		defer r.everyNode.Add(-1)
		r.moved.broadcast()
	}
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
	for _, w := range workers {
		if w.reached(everyNode) < position {
			w.waiting.Add(1)
			defer w.waiting.Add(-1)
			w.demand.broadcast()
		}
	}
	// The table is read on a timer, not on progress in this process, which it would only
	// repeat: soon and then less often while a projector runs elsewhere (or is stopped
	// here), and once a poll interval while all run here, in case one's lease went to
	// another node before this one noticed. With peers, the node running it tells its
	// progress, and the table is only the fallback for a notice lost, first read 50 ms on.
	first, most := time.Millisecond, 100*time.Millisecond
	if r.cfg.peers != nil {
		first, most = 50*time.Millisecond, r.cfg.pollInterval
	}
	var (
		delay     = first
		armed     bool // the timer runs
		tableDue  bool // the timer fired
		elsewhere bool // a pending projector does not run here
		woken     = make([]<-chan struct{}, len(workers))
	)
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		for i, w := range workers {
			woken[i] = w.progress.wait()
		}
		var pending []*worker
		first, nowElsewhere := -1, false
		for i, w := range workers {
			if w.reached(everyNode) < position {
				if first < 0 {
					first = i
				}
				pending = append(pending, w)
				nowElsewhere = nowElsewhere || w.getState() != StateRunning
			}
		}
		if len(pending) == 0 {
			return nil
		}
		switch {
		case tableDue || nowElsewhere && !elsewhere && r.cfg.peers == nil:
			reached, err := r.reachedInTable(ctx, pending, position)
			if err != nil || reached {
				return err
			}
			timer.Stop()
			tableDue, armed = false, false
		case nowElsewhere && !elsewhere:
			// The node that runs it tells when it gets there: the table waits for the
			// fallback's first delay rather than being read at once, as well, on every wait.
			timer.Stop()
			armed = false
		}
		elsewhere = nowElsewhere
		if !armed {
			d := r.cfg.pollInterval
			if elsewhere {
				d, delay = delay, min(2*delay, most)
			}
			timer.Reset(d)
			armed = true
		}
		// Every one must get there, so waiting for the first pending one, then the next, is
		// as quick as waiting for all, and is not woken by the others' progress.
		select {
		case <-ctx.Done():
			return fmt.Errorf("projections: waiting for position %d: %w", position, ctx.Err())
		case <-woken[first]:
		case <-timer.C:
			tableDue, armed = true, false
		}
	}
}

// reachedInTable reports whether the checkpoints table has every worker at position, and
// fails with ErrProjectionFailed when one stopped at or before it.
func (r *Runner) reachedInTable(ctx context.Context, workers []*worker, position int64) (bool, error) {
	stored, err := r.checkpoints(ctx)
	if err != nil {
		return false, err
	}
	reached := true
	for _, w := range workers {
		c := stored[w.p.Name()]
		if c.failedPosition.Valid && c.failedPosition.Int64 <= position {
			return false, fmt.Errorf("%w: %s stopped at position %d: %s",
				ErrProjectionFailed, w.p.Name(), c.failedPosition.Int64, c.lastError.String)
		}
		// An older version's read model is being rebuilt; a newer one (a rolling deploy)
		// is what this node's queries read.
		if c.version < w.p.Version() {
			reached = false
			continue
		}
		w.hear(c.position, c.position) // as told: it may have changed up to there
		if c.position < position {
			reached = false
		}
	}
	return reached, nil
}
