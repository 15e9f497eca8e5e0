package projections

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"runtime"
	"runtime/debug"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/gymlog/gymlog/domain"
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
//
// A rebuild whose read models in memory would not fit its memory budget runs in Partitions
// (more than one) of users: Partition is 0 while the log is read (the events of those read
// models sorted into the partitions), then k from 1 while the k-th partition's events are
// applied, Done of Total of the events sorted into partitions.
type RebuildProgress struct {
	Done, Total int64
	Elapsed     time.Duration
	Writing     bool
	// Swapped says the new read models are in and serving; the rebuild is dropping the old
	// tables (SQLite's, dropRetired).
	Swapped bool

	Partition, Partitions int
}

// OwnerPartitioned is a MemoryRebuilt projector every row of whose read model belongs to the
// owner (domain.Owned) of the events that wrote it, and needs no other user's events: a
// rebuild may hand it the events of some users alone, write what it holds, and go on with a
// fresh Rebuilding for the next users, so that its memory holds one partition of the users
// at a time whatever the log's size.
type OwnerPartitioned interface {
	MemoryRebuilt
	PartitionsByOwner()
}

// DefaultRebuildMemory is the memory a rebuild plans for (WithRebuildMemory).
const DefaultRebuildMemory = 512 << 20

// rebuildBytesPerEvent is about how much memory the read models rebuilt in memory take per
// event of the log they are handed, measured on eventgen's logs (docs/BENCHMARKS.md), and
// rebuildSlack what the process takes beside the Go heap and SQLite's cache (its code,
// stacks, the driver's own allocations).
const (
	rebuildBytesPerEvent = 1600
	rebuildSlack         = 64 << 20
	// rebuildGCPercent is the collector's GOGC while a rebuild runs.
	rebuildGCPercent = 400
)

// rebuildHeap is the Go heap a rebuild keeps within (its soft memory limit): the budget less
// SQLite's page cache and the slack.
func (r *Runner) rebuildHeap() int64 {
	return max(r.cfg.rebuildMemory-r.bulkCache()-rebuildSlack, r.cfg.rebuildMemory/4)
}

// partitions is how many partitions of users a rebuild of events events runs in: a
// partition's read models take half the heap, the garbage collector's headroom the rest.
func (r *Runner) partitions(events int64) int {
	if r.cfg.rebuildPartitions > 0 {
		return r.cfg.rebuildPartitions
	}
	per := max(r.rebuildHeap()/2/rebuildBytesPerEvent, 1)
	return int(max((events+per-1)/per, 1))
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
	// partitioned is an OwnerPartitioned projector's: when the rebuild runs in partitions,
	// mem is a partition's read model, made anew for each.
	partitioned bool
	// runs holds what the partitions of a partitioned read model wrote, until the last
	// partition is written and they are merged into the copies.
	runs *runs
	// indexes creates the copies' indexes left out until a rebuild in memory has written
	// them, by table.
	indexes map[string][]string
}

func (r *Runner) rebuild(ctx context.Context, ws []*worker, progress func(RebuildProgress)) (err error) {
	r.oneRebuild.Lock()
	defer r.oneRebuild.Unlock()
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
			_, rb.partitioned = w.p.(OwnerPartitioned)
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
	head, err := r.store.Head(ctx)
	if err != nil {
		return fmt.Errorf("projections: head: %w", err)
	}
	// The read models rebuilt in memory hold at most the budget: those that can be are
	// rebuilt a partition of users at a time, their events sorted into the partitions as the
	// log is read, and the garbage collector keeps the heap within the budget meanwhile.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(min(debug.SetMemoryLimit(-1), r.rebuildHeap())))
	// Within that limit the collector runs each time the heap has grown fivefold, not
	// twofold: a partition's read models grow from nothing to half the heap, and collecting
	// on the way there cost a tenth of the rebuild's CPU (docs/BENCHMARKS.md).
	defer debug.SetGCPercent(debug.SetGCPercent(rebuildGCPercent))
	var parted []*rebuilding
	for _, rb := range all {
		if rb.partitioned {
			parted = append(parted, rb)
		}
	}
	var sp *spill
	if parts := r.partitions(head); len(parted) > 0 && parts > 1 {
		if sp, err = newSpill(parts); err != nil {
			return err
		}
		defer sp.close()
		for _, rb := range parted {
			rb.mem = nil
		}
	}
	r.cfg.logger.InfoContext(ctx, "rebuilding projections", "projections", names, "events", head,
		"partitions", max(len(sp.counts()), 1))
	progress, over := r.reportRebuild(ctx, names, started, RebuildProgress{Total: head, Partitions: max(len(sp.counts()), 1)}, progress)
	defer over()
	pos, err := r.replayAll(ctx, all, sp, head, progress, started)
	if err != nil {
		return err
	}
	if progress != nil && slices.ContainsFunc(all, func(rb *rebuilding) bool { return rb.mem != nil }) {
		progress(RebuildProgress{Done: pos, Total: pos, Elapsed: time.Since(started), Writing: true})
	}
	if err := r.flushAll(ctx, all, true); err != nil {
		return err
	}
	if sp != nil {
		if err := r.applyPartitions(ctx, parted, sp, progress, started); err != nil {
			return err
		}
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
	swapped := time.Since(started)
	if progress != nil {
		parts := len(sp.counts())
		progress(RebuildProgress{Done: pos, Total: pos, Elapsed: swapped, Swapped: true, Partition: parts, Partitions: parts})
	}
	for _, rb := range all {
		r.dropRetired(ctx, rb.w)
	}
	elapsed := time.Since(started)
	r.cfg.logger.InfoContext(ctx, "projections rebuilt", "projections", names, "position", pos, "partitions", max(len(sp.counts()), 1),
		"seconds", elapsed.Seconds(), "serving_after_seconds", swapped.Seconds(),
		"events_per_second", int64(float64(pos)/max(swapped.Seconds(), 1e-9)))
	return nil
}

// replayAll applies the log from the start to every projector's copies until it is drained,
// reading it once (the events of partitioned read models go to sp instead, when not nil). It
// returns the position reached.
func (r *Runner) replayAll(ctx context.Context, all []*rebuilding, sp *spill, head int64, progress func(RebuildProgress), started time.Time) (int64, error) {
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
	var pos int64
	next := func() ([]eventstore.RecordedEvent, error) {
		records, err := r.store.ReadAll(ctx, pos, rebuildBatch)
		if err != nil {
			return nil, fmt.Errorf("projections: read feed: %w", err)
		}
		if len(records) > 0 {
			pos = records[len(records)-1].Position
		}
		return records, nil
	}
	var done int64
	err := decodeAhead(ctx, next, wants, func(events []Event) error {
		if err := r.applyAll(ctx, all, sp, events); err != nil {
			return err
		}
		done = events[len(events)-1].Position
		if progress != nil {
			progress(RebuildProgress{Done: done, Total: max(head, done), Elapsed: time.Since(started),
				Partitions: max(len(sp.counts()), 1)})
		}
		return nil
	})
	return done, err
}

// decodeAhead hands apply the batches next reads, decoded, until next reads none: one
// goroutine reads a batch ahead, another decodes the batch read before on every core, while
// apply applies the one before that.
func decodeAhead(ctx context.Context, next func() ([]eventstore.RecordedEvent, error), wants func(eventType string) bool,
	apply func([]Event) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type batch struct {
		records []eventstore.RecordedEvent
		events  []Event
		err     error
	}
	read, batches := make(chan batch, 1), make(chan batch, 1)
	go func() {
		defer close(read)
		for {
			records, err := next()
			select {
			case read <- batch{records: records, err: err}:
			case <-ctx.Done():
				return
			}
			if err != nil || len(records) == 0 {
				return
			}
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
	for b := range batches {
		if b.err != nil {
			return b.err
		}
		if len(b.events) == 0 {
			return nil
		}
		if err := apply(b.events); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// applyPartitions rebuilds the partitioned read models one partition of users at a time:
// each partition's events, read back from sp, go to fresh read models in memory, which are
// written into runs (files) before the next partition's are made. Once the last partition
// is, each table's runs are merged in its key's order into its copy, and the copies' indexes
// built.
func (r *Runner) applyPartitions(ctx context.Context, parted []*rebuilding, sp *spill, progress func(RebuildProgress), started time.Time) error {
	wants := func(eventType string) bool {
		return slices.ContainsFunc(parted, func(rb *rebuilding) bool { return rb.w.wants(eventType) })
	}
	var total, done int64
	for _, n := range sp.counts() {
		total += n
	}
	report := func(p int, writing bool) {
		if progress != nil {
			progress(RebuildProgress{Done: done, Total: total, Elapsed: time.Since(started), Writing: writing,
				Partition: p + 1, Partitions: len(sp.counts())})
		}
	}
	for _, rb := range parted {
		rb.runs = newRuns(sp.dir)
		defer rb.runs.close()
	}
	for p := range sp.counts() {
		for _, rb := range parted {
			rb.mem = rb.w.p.(MemoryRebuilt).NewRebuilding()
		}
		next, err := sp.reader(p)
		if err != nil {
			return err
		}
		report(p, false)
		err = decodeAhead(ctx, func() ([]eventstore.RecordedEvent, error) { return next(rebuildBatch) }, wants,
			func(events []Event) error {
				g := new(errgroup.Group)
				for _, rb := range parted {
					if rb.w.wantsAny(events) {
						g.Go(func() error { return rb.applyInMemory(events) })
					}
				}
				if err := g.Wait(); err != nil {
					return err
				}
				done += int64(len(events))
				report(p, false)
				return nil
			})
		if err != nil {
			return err
		}
		report(p, true)
		g := new(errgroup.Group)
		for _, rb := range parted {
			g.Go(func() error {
				if err := rb.mem.Flush(ctx, rb.runs); err != nil {
					return fmt.Errorf("projections: write rebuilt %s: %w", rb.w.p.Name(), err)
				}
				rb.mem = nil // what it held is in its runs now
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
	return r.writeAll(ctx, parted, true, func(ctx context.Context, rb *rebuilding, w RowWriter) error {
		return rb.runs.writeTo(ctx, w, func(table string) ([]string, error) { return r.keyColumns(ctx, rb.copies[table]) })
	})
}

// spillBatch sorts the events of events that some partitioned read model wants into sp's
// partitions, by their owner. An event that could not be decoded fails the rebuild there, as
// it fails a read model in memory.
func spillBatch(sp *spill, parted []*rebuilding, events []Event) error {
	parts := uint64(len(sp.counts()))
	for i, ev := range events {
		k := slices.IndexFunc(parted, func(rb *rebuilding) bool { return rb.w.wants(ev.Type) })
		if k < 0 {
			continue
		}
		if ev.failed != nil {
			return &applyError{projector: parted[k].w.p.Name(), event: ev, index: i, err: ev.failed}
		}
		var owner string
		if o, ok := ev.Payload.(domain.Owned); ok {
			owner = o.OwnerID()
		}
		h := fnv.New64a()
		_, _ = h.Write([]byte(owner))
		rec := eventstore.RecordedEvent{ID: ev.ID, Stream: ev.Stream, Type: ev.Type, Version: ev.Version,
			Position: ev.Position, RecordedAt: ev.RecordedAt, Data: ev.Data, Metadata: ev.Metadata}
		if err := sp.write(int(h.Sum64()%parts), rec); err != nil {
			return err
		}
	}
	return nil
}

// applyAll applies one batch to every projector being rebuilt that wants any of it,
// concurrently: in memory for a MemoryRebuilt one, otherwise to its copies, each in its own
// transaction, retried as replay does (one after another on SQLite, whose one writer would
// queue them anyway).
func (r *Runner) applyAll(ctx context.Context, all []*rebuilding, sp *spill, events []Event) error {
	g, gctx := errgroup.WithContext(ctx)
	var inSQL, parted []*rebuilding
	for _, rb := range all {
		switch {
		case !rb.w.wantsAny(events):
		case rb.partitioned && sp != nil:
			parted = append(parted, rb)
		case rb.mem != nil:
			g.Go(func() error { return rb.applyInMemory(events) })
		case r.dialect == SQLite:
			inSQL = append(inSQL, rb)
		default:
			g.Go(func() error { return r.applyRetrying(gctx, rb.w, rb.copies, events) })
		}
	}
	if len(parted) > 0 {
		g.Go(func() error { return spillBatch(sp, parted, events) })
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
// PostgreSQL, one after another on SQLite. Unless last, more rows are to come (the next
// partition's), and the copies' indexes wait for them.
func (r *Runner) flushAll(ctx context.Context, all []*rebuilding, last bool) error {
	return r.writeAll(ctx, all, last, func(ctx context.Context, rb *rebuilding, w RowWriter) error { return rb.mem.Flush(ctx, w) })
}

// writeAll writes the rows write writes for each of all that holds a read model in memory
// (or its runs) into its copies, as flushAll says.
func (r *Runner) writeAll(ctx context.Context, all []*rebuilding, last bool,
	write func(ctx context.Context, rb *rebuilding, w RowWriter) error) error {
	g, gctx := errgroup.WithContext(ctx)
	if r.dialect == SQLite {
		g.SetLimit(1)
	}
	for _, rb := range all {
		if rb.mem == nil && rb.runs == nil {
			continue
		}
		g.Go(func() error {
			// A table's indexes are built as soon as its rows are written, while the
			// projector's next table is written (on PostgreSQL: SQLite's swap builds them).
			ig, ictx := errgroup.WithContext(gctx)
			build := func(table string) {
				if stmts := rb.indexes[table]; last && len(stmts) > 0 {
					delete(rb.indexes, table)
					ig.Go(func() error { return r.createIndexes(ictx, stmts) })
				}
			}
			err := write(gctx, rb, rowWriter{r: r, copies: rb.copies, written: build})
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
			rb.mem, rb.runs = nil, nil // what they held is in the copies now
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
