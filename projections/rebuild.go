package projections

import (
	"context"
	"errors"
	"fmt"
)

// ErrRebuildRunning means another rebuild of the same projector is under way.
var ErrRebuildRunning = errors.New("projections: a rebuild of this projector is already running")

// copySuffix names a table's fresh copy during a rebuild, and retiredSuffix, on SQLite, the
// table it replaced from the swap until dropRetired drops it.
const (
	copySuffix    = "_rebuild"
	retiredSuffix = "_retired"
)

// Rebuild replays the read model of the projector name from the first event into fresh copies
// of its tables, then swaps them in and sets its checkpoint in one transaction, so queries see
// the old read model until the new one is complete. The projector's live loop in this process
// pauses meanwhile. A runner on another node may keep applying to the live tables: the swap
// takes the checkpoint row's lock and first catches the copies up to it, so nothing is lost.
// RebuildAll rebuilds several at once.
func (r *Runner) Rebuild(ctx context.Context, name string) error {
	return r.RebuildAll(ctx, []string{name}, nil)
}

// replay applies the feed after position pos to the copies of one projector until it is
// drained, and returns the position reached: a rebuild's copies catching up with the live
// read model a runner elsewhere took further.
func (r *Runner) replay(ctx context.Context, w *worker, copies map[string]string, pos int64) (int64, error) {
	for {
		events, err := readAll(ctx, r.store, pos, r.cfg.batchSize, w.wants)
		if err != nil {
			return pos, fmt.Errorf("projections: read feed: %w", err)
		}
		if len(events) == 0 {
			return pos, nil
		}
		if err := r.applyRetrying(ctx, w, copies, events); err != nil {
			return pos, err
		}
		pos = events[len(events)-1].Position
	}
}

func (r *Runner) applyToCopies(ctx context.Context, w *worker, copies map[string]string, events []Event) error {
	defer r.writing()()
	return r.applyInTx(ctx, w, copies, events, nil)
}

// swap replaces the live tables by the copies, which hold the feed up to pos, and sets the
// checkpoint to pos. It reports false, changing nothing, when a runner elsewhere has taken the
// live read model past pos: the copies must catch up first.
func (r *Runner) swap(ctx context.Context, w *worker, pos int64) (bool, error) {
	defer r.writing()()
	conn, release, err := r.bulkConn(ctx)
	if err != nil {
		return false, fmt.Errorf("projections: begin swap: %w", err)
	}
	defer release()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("projections: begin swap: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	// Writing the row first takes its lock (on SQLite the database's write lock) before the
	// checkpoint is read, so no live batch can commit between the read and the swap.
	if _, err := tx.ExecContext(ctx, `UPDATE projection_checkpoints SET updated_at = $1 WHERE name = $2`,
		now(), w.p.Name()); err != nil {
		return false, fmt.Errorf("projections: lock checkpoint %s: %w", w.p.Name(), err)
	}
	live, err := readCheckpoint(ctx, tx, w.p.Name())
	if err != nil {
		return false, err
	}
	if live.version == w.p.Version() && live.position > pos {
		return false, nil
	}
	for _, t := range w.p.Tables() {
		if err := r.swapTable(ctx, tx, t); err != nil {
			return false, err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE projection_checkpoints
		SET version = $1, position = $2, failed_position = NULL, last_error = NULL, updated_at = $3
		WHERE name = $4`, w.p.Version(), pos, now(), w.p.Name()); err != nil {
		return false, fmt.Errorf("projections: set checkpoint %s: %w", w.p.Name(), err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("projections: commit swap of %s: %w", w.p.Name(), err)
	}
	return true, nil
}

// dropRetired drops the tables of w that a swap renamed out of the way (SQLite's), a table at
// a time, each in a transaction of its own, so the app's appends get the write lock between
// them. The read model they held is the one swapped out; a table left by a process that
// stopped before dropping it is dropped here when the runner next prepares w, or by its next
// rebuild. A failure is only logged: the new read model is in and serving.
func (r *Runner) dropRetired(ctx context.Context, w *worker) {
	if r.dialect != SQLite {
		return
	}
	for _, t := range w.p.Tables() {
		func() {
			defer r.writing()()
			if _, err := r.db.ExecContext(context.WithoutCancel(ctx), `DROP TABLE IF EXISTS `+t+retiredSuffix); err != nil {
				r.cfg.logger.WarnContext(ctx, "drop retired table", "projection", w.p.Name(), "table", t+retiredSuffix, "err", err)
			}
		}()
	}
}

// dropCopies removes the copies of a rebuild that gave up. It runs on its own context: the
// rebuild's may be what ended it.
func (r *Runner) dropCopies(w *worker, copies map[string]string) {
	ctx := context.Background()
	for _, c := range copies {
		if _, err := r.db.ExecContext(ctx, `DROP TABLE IF EXISTS `+c); err != nil {
			r.cfg.logger.WarnContext(ctx, "drop rebuild copy", "projection", w.p.Name(), "table", c, "err", err)
		}
	}
}
