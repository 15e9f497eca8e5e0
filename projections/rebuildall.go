package projections

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/gymlog/gymlog/eventstore"
)

// rebuildBatch is how many events of the log one read of a rebuild takes, and so how many one
// transaction of each projector being rebuilt applies at most: more than the live batches, so
// that runs a BatchProjector folds are long, yet a SQLite writer waiting behind it (an append)
// waits a fraction of a second at most.
const rebuildBatch = 2000

// RebuildProgress is how far a rebuild has gone: Done of the Total events of the log read
// (positions, so gaps left by erased streams count), after Elapsed. Writing is set once every
// event is applied while the read models rebuilt in memory are written.
type RebuildProgress struct {
	Done, Total int64
	Elapsed     time.Duration
	Writing     bool
}

// RebuildAll rebuilds the read models of the projectors named (every one a rebuild applies to
// when names is empty) together, as Rebuild does one: from the first event into fresh copies
// of their tables, then swapped in with their checkpoints, queries seeing the old read models
// until then. The log is read once for them all, each batch decoded once and handed to every
// projector being rebuilt, which applies it to its copies in a transaction of its own
// (concurrently on PostgreSQL; SQLite has one writer). progress, when not nil, is called after
// each batch.
func (r *Runner) RebuildAll(ctx context.Context, names []string, progress func(RebuildProgress)) error {
	var ws []*worker
	if len(names) == 0 {
		for _, w := range r.workers {
			if !w.forwards {
				ws = append(ws, w)
			}
		}
	}
	for _, name := range names {
		w, ok := r.byName[name]
		if !ok {
			return fmt.Errorf("projections: no projector named %q", name)
		}
		if !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	return r.rebuild(ctx, ws, progress)
}

// rebuilding is one projector of a rebuild: its worker, the copies of its tables and, for a
// MemoryRebuilt projector, its read model in memory.
type rebuilding struct {
	w      *worker
	copies map[string]string
	mem    Rebuilding
	// indexes creates the copies' indexes left out until a rebuild in memory has written
	// them, by table.
	indexes map[string][]string
}

func (r *Runner) rebuild(ctx context.Context, ws []*worker, progress func(RebuildProgress)) (err error) {
	// Workers are locked in the runner's order, whatever the caller's, so two rebuilds of
	// overlapping sets cannot wait for each other.
	slices.SortFunc(ws, func(a, b *worker) int { return slices.Index(r.workers, a) - slices.Index(r.workers, b) })
	var all []*rebuilding
	defer func() {
		if err != nil {
			for _, rb := range all {
				r.dropCopies(rb.w, rb.copies)
			}
		}
	}()
	for _, w := range ws {
		if w.forwards {
			return fmt.Errorf("projections: %s hands events on and is never rebuilt", w.p.Name())
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		lease, ok, err := r.leases.TryAcquire(ctx, "rebuild:"+w.p.Name())
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: %s", ErrRebuildRunning, w.p.Name())
		}
		defer lease.Release()
		// The live tables are swapped for the copies, or were changed by a runner elsewhere
		// meanwhile.
		defer w.forget()
		prev := w.getState()
		w.setState(StateRebuilding)
		defer w.setState(prev)
		if err := ensureCheckpoint(ctx, r.db, w.p.Name(), w.p.Version()); err != nil {
			return err
		}
		rb := &rebuilding{w: w, copies: map[string]string{}, indexes: map[string][]string{}}
		if mr, ok := w.p.(MemoryRebuilt); ok {
			rb.mem = mr.NewRebuilding()
		}
		all = append(all, rb)
		for _, t := range w.p.Tables() {
			rb.copies[t] = t + copySuffix
			indexes, err := r.copyTable(ctx, t, rb.mem != nil)
			if err != nil {
				return err
			}
			rb.indexes[t] = indexes
		}
	}
	started := time.Now()
	names := make([]string, len(all))
	for i, rb := range all {
		names[i] = rb.w.p.Name()
	}
	r.cfg.logger.InfoContext(ctx, "rebuilding projections", "projections", names)
	pos, err := r.replayAll(ctx, all, progress, started)
	if err != nil {
		return err
	}
	if progress != nil && slices.ContainsFunc(all, func(rb *rebuilding) bool { return rb.mem != nil }) {
		progress(RebuildProgress{Done: pos, Total: pos, Elapsed: time.Since(started), Writing: true})
	}
	if err := r.flushAll(ctx, all); err != nil {
		return err
	}
	for _, rb := range all {
		at := pos
		for {
			swapped, err := r.swap(ctx, rb.w, at)
			if err != nil {
				return err
			}
			if swapped {
				break
			}
			// A runner elsewhere took the live read model further: the copies catch up.
			if at, err = r.replay(ctx, rb.w, rb.copies, at); err != nil {
				return err
			}
		}
		rb.w.setStored(at)
	}
	elapsed := time.Since(started)
	r.cfg.logger.InfoContext(ctx, "projections rebuilt", "projections", names, "position", pos,
		"seconds", elapsed.Seconds(), "events_per_second", int64(float64(pos)/max(elapsed.Seconds(), 1e-9)))
	return nil
}

// replayAll applies the log from the start to every projector's copies until it is drained,
// reading it once: the next batch is read and decoded while the projectors apply this one.
// It returns the position reached.
func (r *Runner) replayAll(ctx context.Context, all []*rebuilding, progress func(RebuildProgress), started time.Time) (int64, error) {
	head, err := r.store.Head(ctx)
	if err != nil {
		return 0, fmt.Errorf("projections: head: %w", err)
	}
	// The types some projector being rebuilt wants, nil when one wants every event.
	wanted := map[string]bool{}
	for _, rb := range all {
		if rb.w.wanted == nil {
			wanted = nil
			break
		}
		maps.Copy(wanted, rb.w.wanted)
	}
	wants := func(eventType string) bool { return wanted == nil || wanted[eventType] }
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type batch struct {
		records []eventstore.RecordedEvent
		events  []Event
		err     error
	}
	// One goroutine reads the log a batch ahead, another decodes the batch read before on
	// every core, while the projectors apply the one before that.
	read, batches := make(chan batch, 1), make(chan batch, 1)
	go func() {
		defer close(read)
		var pos int64
		for {
			records, err := r.store.ReadAll(ctx, pos, rebuildBatch)
			if err != nil {
				err = fmt.Errorf("projections: read feed: %w", err)
			}
			select {
			case read <- batch{records: records, err: err}:
			case <-ctx.Done():
				return
			}
			if err != nil || len(records) == 0 {
				return
			}
			pos = records[len(records)-1].Position
		}
	}()
	go func() {
		defer close(batches)
		for b := range read {
			b.events = decodeAll(b.records, wants, runtime.GOMAXPROCS(0))
			select {
			case batches <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	var pos int64
	for b := range batches {
		if b.err != nil {
			return pos, b.err
		}
		if len(b.events) == 0 {
			return pos, nil
		}
		if err := r.applyAll(ctx, all, b.events); err != nil {
			return pos, err
		}
		pos = b.events[len(b.events)-1].Position
		if progress != nil {
			progress(RebuildProgress{Done: pos, Total: max(head, pos), Elapsed: time.Since(started)})
		}
	}
	return pos, ctx.Err()
}

// applyAll applies one batch to every projector being rebuilt that wants any of it,
// concurrently: in memory for a MemoryRebuilt one, otherwise to its copies, each in its own
// transaction, retried as replay does (one after another on SQLite, whose one writer would
// queue them anyway).
func (r *Runner) applyAll(ctx context.Context, all []*rebuilding, events []Event) error {
	g, gctx := errgroup.WithContext(ctx)
	var inSQL []*rebuilding
	for _, rb := range all {
		switch {
		case !rb.w.wantsAny(events):
		case rb.mem != nil:
			g.Go(func() error { return rb.applyInMemory(events) })
		case r.dialect == SQLite:
			inSQL = append(inSQL, rb)
		default:
			g.Go(func() error { return r.applyRetrying(gctx, rb.w, rb.copies, events) })
		}
	}
	g.Go(func() error {
		for _, rb := range inSQL {
			if err := r.applyRetrying(gctx, rb.w, rb.copies, events); err != nil {
				return err
			}
		}
		return nil
	})
	return g.Wait()
}

// applyInMemory hands the events the projector wants to its read model in memory. An event
// whose payload could not be decoded fails it, as it fails Apply.
func (rb *rebuilding) applyInMemory(events []Event) error {
	for i, ev := range events {
		if !rb.w.wants(ev.Type) {
			continue
		}
		err := ev.failed
		if err == nil {
			err = rb.mem.Apply(ev)
		}
		if err != nil {
			return &applyError{projector: rb.w.p.Name(), event: ev, index: i, err: err}
		}
	}
	return nil
}

// indexBuildMemory is PostgreSQL's maintenance_work_mem while a copy's indexes are built:
// with the default 64 MB an index over a million rows is sorted on disk in several passes.
const indexBuildMemory = "256MB"

// createIndexes creates the indexes of copies filled in bulk, on one connection.
func (r *Runner) createIndexes(ctx context.Context, indexes []string) error {
	if len(indexes) == 0 {
		return nil
	}
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("projections: create index: %w", err)
	}
	defer conn.Close()
	if r.dialect == Postgres {
		if _, err := conn.ExecContext(ctx, `SET maintenance_work_mem = '`+indexBuildMemory+`'`); err != nil {
			return fmt.Errorf("projections: create index: %w", err)
		}
		defer func() { _, _ = conn.ExecContext(context.Background(), `RESET maintenance_work_mem`) }()
	}
	for _, stmt := range indexes {
		if err := func() error {
			defer r.writing()()
			_, err := conn.ExecContext(ctx, stmt)
			return err
		}(); err != nil {
			return fmt.Errorf("projections: create index: %w", err)
		}
	}
	return nil
}

// flushAll writes the read models rebuilt in memory into their copies: concurrently on
// PostgreSQL, one after another on SQLite.
func (r *Runner) flushAll(ctx context.Context, all []*rebuilding) error {
	g, gctx := errgroup.WithContext(ctx)
	if r.dialect == SQLite {
		g.SetLimit(1)
	}
	for _, rb := range all {
		if rb.mem == nil {
			continue
		}
		g.Go(func() error {
			// A table's indexes are built as soon as its rows are written, while the
			// projector's next table is written (on PostgreSQL: SQLite's swap builds them).
			ig, ictx := errgroup.WithContext(gctx)
			build := func(table string) {
				if stmts := rb.indexes[table]; len(stmts) > 0 {
					delete(rb.indexes, table)
					ig.Go(func() error { return r.createIndexes(ictx, stmts) })
				}
			}
			err := rb.mem.Flush(gctx, rowWriter{r: r, copies: rb.copies, written: build})
			if err == nil {
				for _, t := range slices.Sorted(maps.Keys(rb.indexes)) {
					build(t)
				}
			}
			if ierr := ig.Wait(); err == nil {
				err = ierr
			}
			if err != nil {
				return fmt.Errorf("projections: write rebuilt %s: %w", rb.w.p.Name(), err)
			}
			rb.mem = nil // what it held is in the copies now
			return nil
		})
	}
	return g.Wait()
}

// applyRetrying applies events to a rebuild's copies. A batch that fails is tried again like
// in the live loop; after the last attempt the rebuild gives up with the *applyError.
func (r *Runner) applyRetrying(ctx context.Context, w *worker, copies map[string]string, events []Event) error {
	for failures := 1; ; failures++ {
		err := r.applyToCopies(ctx, w, copies, events)
		var ae *applyError
		switch {
		case err == nil:
			return nil
		case ctx.Err() != nil || !errors.As(err, &ae):
			return err
		case failures >= r.cfg.attempts:
			return ae
		}
		r.cfg.logger.WarnContext(ctx, "projection event failed during rebuild, retrying", "projection", w.p.Name(),
			"position", ae.event.Position, "attempt", failures, "err", ae.err)
		if !sleep(ctx, r.cfg.backoff<<(failures-1)) {
			return ctx.Err()
		}
	}
}
