package projections

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gymlog/gymlog/eventstore"
)

// Runner feeds projectors from the event store's global feed. Each projector has its own
// checkpoint, goroutine, lease and failure state, so one broken read model does not hold the
// others back.
type Runner struct {
	db      *sql.DB
	dialect Dialect
	store   eventstore.Store
	cfg     config
	workers []*worker
	byName  map[string]*worker
	leases  *Leases

	feed *feed
	// wanted holds the event types some projector wants, whose payloads the feed decodes;
	// nil when one of them wants every event.
	wanted  map[string]bool
	notes   *notes
	running atomic.Bool
	// moved is woken whenever a projector moves on here (see tellPeers).
	moved *signal
	// freed is woken when another node gave projector leases up (see tellFreed).
	freed *signal
	// everyNode counts the WaitForEveryNode calls waiting: while there are, the positions
	// notices are acknowledged (see tellPeers).
	everyNode atomic.Int64
	// liveStmts and rebuildStmts keep the statements of plain transactions prepared: those
	// writing the live tables, and those of rebuilds.
	liveStmts, rebuildStmts *Prepared
	// oneRebuild lets one rebuild run at a time in the process: each plans its memory for the
	// whole budget (a deploy that bumps several read models rebuilds them one after another).
	oneRebuild sync.Mutex
	// writeMu queues the runner's write transactions on SQLite (see writing): the event
	// store's own lock when it offers one, so appends and projections queue together.
	writeMu sync.Locker
}

type config struct {
	batchSize    int
	pollInterval time.Duration
	rest         time.Duration
	checkpoint   time.Duration
	takeover     time.Duration
	attempts     int
	backoff      time.Duration
	logger       *slog.Logger
	registerer   prometheus.Registerer
	transactions Transactions
	peers        Peers
	// rebuildMemory is what a rebuild plans its memory for; rebuildPartitions, when above 0,
	// sets its partitions of users instead.
	rebuildMemory     int64
	rebuildPartitions int
}

// Option configures a Runner.
type Option func(*config)

// WithBatchSize sets how many events one read-model transaction applies (default 500).
func WithBatchSize(n int) Option { return func(c *config) { c.batchSize = n } }

// WithRest sets how long a projector that nobody waits for rests, once new events woke it
// again within that long, before it applies them (default 25 ms; see Runner.rest).
func WithRest(d time.Duration) Option { return func(c *config) { c.rest = d } }

// WithPollInterval sets how often a caught-up projector looks at the feed when no append
// notification arrived (default 1s): notifications may be lost, polling never is.
func WithPollInterval(d time.Duration) Option { return func(c *config) { c.pollInterval = d } }

// WithCheckpointInterval sets how long a projector may leave its stored checkpoint behind
// events it skipped because it does not want them (default 1s). Skipping needs no
// transaction; the position is stored with the projector's next batch, or at the latest
// after this interval. It bounds how long WaitFor on another node waits for a write this
// projector does not care about, and how much a restart reads again.
func WithCheckpointInterval(d time.Duration) Option { return func(c *config) { c.checkpoint = d } }

// WithTakeoverInterval sets how often a standby node tries to take over a projector another
// node runs (default 2s).
func WithTakeoverInterval(d time.Duration) Option { return func(c *config) { c.takeover = d } }

// WithRetry sets how often a failing event is tried before its projector stops (default 5)
// and the first wait between tries, doubled each time (default 100ms).
func WithRetry(attempts int, backoff time.Duration) Option {
	return func(c *config) { c.attempts, c.backoff = attempts, backoff }
}

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// WithMetrics registers the projection metrics (lag, checkpoint, head, failed) on reg.
func WithMetrics(reg prometheus.Registerer) Option { return func(c *config) { c.registerer = reg } }

// WithTransactions sets where the read-model transactions come from: a database's adapter
// that saves round trips (projections/postgres pipelines them on PostgreSQL). They must be
// transactions on the runner's database. The default, kept when t is nil, runs database/sql
// transactions on it, each statement as it comes.
func WithTransactions(t Transactions) Option { return func(c *config) { c.transactions = t } }

// WithRebuildMemory sets the memory a rebuild keeps within (DefaultRebuildMemory): the read
// models it rebuilds in memory are rebuilt in as many partitions of users as fit, and the
// process's soft memory limit is held to it while it runs.
func WithRebuildMemory(bytes int64) Option { return func(c *config) { c.rebuildMemory = bytes } }

// WithRebuildPartitions has every rebuild run in n partitions of users, whatever the log's
// size (tests use it to rebuild small logs in partitions).
func WithRebuildPartitions(n int) Option { return func(c *config) { c.rebuildPartitions = n } }

// tableName keeps table names safe to splice into DDL and queries unquoted.
var tableName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// NewRunner returns a runner for projectors over the read-model database db (migrated with
// Migrate) and the event store. Projector names must be unique.
func NewRunner(db *sql.DB, d Dialect, store eventstore.Store, projectors []Projector, opts ...Option) (*Runner, error) {
	cfg := config{
		batchSize:    500,
		pollInterval: time.Second,
		rest:         25 * time.Millisecond,
		checkpoint:   time.Second,
		takeover:     2 * time.Second,
		attempts:     5,
		backoff:      100 * time.Millisecond,
		logger:       slog.Default(),

		rebuildMemory: DefaultRebuildMemory,
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.transactions == nil {
		cfg.transactions = plainTransactions{db: db, anonymous: d == SQLite}
	}
	if d != SQLite && d != Postgres {
		return nil, fmt.Errorf("projections: unknown dialect %q", d)
	}
	if cfg.batchSize < 1 || cfg.attempts < 1 {
		return nil, errors.New("projections: batch size and attempts must be positive")
	}
	r := &Runner{
		db: db, dialect: d, store: store, cfg: cfg,
		byName:  map[string]*worker{},
		leases:  NewLeases(db, d),
		notes:   newNotes(),
		writeMu: &sync.Mutex{},
		moved:   newSignal(),
		freed:   newSignal(),
		// A rebuild's statements name its copies, which only rebuilds use.
		liveStmts: NewPrepared(db), rebuildStmts: NewPrepared(db),
	}
	if wl, ok := store.(writeLocker); ok {
		r.writeMu = wl.WriteLock()
	}
	for _, p := range projectors {
		if _, dup := r.byName[p.Name()]; dup || p.Name() == "" {
			return nil, fmt.Errorf("projections: projector name %q is empty or used twice", p.Name())
		}
		for _, t := range p.Tables() {
			if !tableName.MatchString(t) {
				return nil, fmt.Errorf("projections: %s: table name %q must match %s", p.Name(), t, tableName)
			}
		}
		w := newWorker(p)
		w.moved, w.tells = r.moved, cfg.peers != nil
		r.workers = append(r.workers, w)
		r.byName[p.Name()] = w
	}
	r.wanted = map[string]bool{}
	for _, w := range r.workers {
		if w.forwards {
			continue // it reads payloads as stored
		}
		if w.wanted == nil {
			r.wanted = nil
			break
		}
		maps.Copy(r.wanted, w.wanted)
	}
	r.feed = newFeed(store, cfg.batchSize, r.wants)
	if cfg.registerer != nil {
		if err := cfg.registerer.Register(&collector{r: r}); err != nil {
			return nil, fmt.Errorf("projections: register metrics: %w", err)
		}
	}
	return r, nil
}

// wants reports whether some projector of the runner wants events of type eventType.
func (r *Runner) wants(eventType string) bool { return r.wanted == nil || r.wanted[eventType] }

// Run feeds every projector until ctx ends, then returns nil. A projector whose event keeps
// failing stops and records the failure; the others go on. On PostgreSQL each projector runs
// on one node at a time, and the projectors are spread across the nodes (each runs its share,
// see Leases.TryAcquireShare); the other nodes stand by and take over when it goes away.
func (r *Runner) Run(ctx context.Context) error {
	if !r.running.CompareAndSwap(false, true) {
		return errors.New("projections: runner is already running")
	}
	defer r.running.Store(false)
	defer r.tellFreed(ctx)
	defer r.leases.Leave() // once every projector stopped, and gave its lease up
	appended, stop := r.store.Subscribe()
	defer stop()

	var wg sync.WaitGroup
	if r.cfg.peers != nil {
		defer r.cfg.peers.Hear(positionsTopic, r.heard)()
		defer r.cfg.peers.Hear(leasesTopic, func(string) { r.freed.broadcast() })()
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.tellPeers(ctx)
		}()
	}
	for _, w := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.runWorker(ctx, w)
		}()
	}
	defer wg.Wait()
	poll := time.NewTicker(r.cfg.pollInterval)
	defer poll.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-appended:
			if !ok {
				appended = nil // the store closed; polling carries on
				continue
			}
			r.feed.announce()
		case <-poll.C:
			r.feed.announce()
		}
	}
}

// errFailed stops a projector's goroutine after its failure was recorded.
var errFailed = errors.New("projections: projector failed")

// errOutdated means the stored read model was built by a newer version of the projector than
// this process runs (a rolling deploy): this node leaves it to the newer ones.
var errOutdated = errors.New("projections: read model is newer than this projector")

// errVersionChanged means another process stored a different version of the read model while
// this one ran: the projector prepares again (rebuilds, or leaves it to a newer node).
var errVersionChanged = errors.New("projections: read model version changed")

// runWorker keeps one projector going: it takes the lease, follows the feed, and after an
// infrastructure error (database or store down) waits and starts over, indefinitely.
func (r *Runner) runWorker(ctx context.Context, w *worker) {
	log := r.cfg.logger.With("projection", w.p.Name())
	delay := r.cfg.backoff
	for ctx.Err() == nil {
		freed := r.freed.wait()
		lease, ok, err := r.leases.TryAcquireShare(ctx, "projection:"+w.p.Name(), len(r.workers))
		switch {
		case err != nil:
			log.WarnContext(ctx, "projection lease", "err", err)
		case !ok:
			w.setState(StateStandby)
		default:
			err = r.follow(ctx, w, lease)
			lease.Release()
			switch {
			case errors.Is(err, errFailed):
				return
			case errors.Is(err, errOutdated):
				w.setState(StateOutdated)
			case errors.Is(err, errLeaseYielded):
				w.setState(StateStandby)
				r.tellFreed(ctx)
			case err != nil && ctx.Err() == nil:
				log.WarnContext(ctx, "projection interrupted", "err", err)
			default:
				delay = r.cfg.backoff
			}
		}
		if ctx.Err() != nil {
			break
		}
		// A lost or yielded lease may be a standby's by now: this node waits like one rather
		// than race it for the lock.
		wait := r.cfg.takeover
		if err != nil && !errors.Is(err, errOutdated) && !errors.Is(err, errLeaseLost) && !errors.Is(err, errLeaseYielded) {
			wait, delay = delay, min(2*delay, 30*time.Second)
			freed = nil
		}
		standBy(ctx, wait, freed)
	}
	w.setState(StateStopped)
}

// follow applies the feed to one projector while this process holds its lease.
func (r *Runner) follow(ctx context.Context, w *worker, lease *Lease) error {
	if err := r.prepare(ctx, w); err != nil {
		return err
	}
	w.setState(StateRunning)
	defer r.flushOnStop(ctx, w)
	check := time.NewTicker(r.cfg.pollInterval)
	defer check.Stop()
	flush := time.NewTimer(r.cfg.checkpoint)
	flush.Stop()
	defer flush.Stop()
	var woke time.Time // the last wake by new events
	for {
		wake := r.feed.wait()
		err := r.catchUp(ctx, w)
		if err == nil {
			err = r.flush(ctx, w, false)
		}
		if errors.Is(err, ErrCheckpointMoved) {
			// A rebuild, or another node, moved it: go on from where it now is.
			if err = r.reload(ctx, w); err == nil {
				continue
			}
		}
		if errors.Is(err, errVersionChanged) {
			if err := r.prepare(ctx, w); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		var flushDue <-chan time.Time
		if pos, stored, at := w.positions(); pos != stored {
			flush.Reset(time.Until(at.Add(r.cfg.checkpoint)))
			flushDue = flush.C
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
			// Woken again within a rest of the last wake: events are streaming in.
			streaming := time.Since(woke) < r.cfg.rest
			woke = time.Now()
			if p, ok := w.p.(Paced); ok && !sleep(ctx, p.Pace()) {
				return ctx.Err()
			} else if !ok && streaming && !r.rest(ctx, w) {
				return ctx.Err()
			}
		case <-flushDue:
		case <-check.C:
			if err := lease.Check(ctx); err != nil {
				return err
			}
		}
	}
}

// rest waits, once new events woke w again within a rest of the wake before, for the rest
// configured (WithRest) or until a WaitFor in this process waits for w, and returns false when
// ctx is done. While events stream in (an import, many writers) w's batches gather them, in
// fewer transactions of SQLite's one writer, and a request that waits for its own write is not
// delayed; one that waits on another node, then, waits up to the rest longer. An event after
// a quiet moment (a lifter's set) is applied at once, as before, whoever waits for it.
func (r *Runner) rest(ctx context.Context, w *worker) bool {
	demand := w.demand.wait()
	if w.waiting.Load() > 0 {
		return true
	}
	t := time.NewTimer(r.cfg.rest)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-demand:
	case <-t.C:
	}
	return true
}

// flush stores the position the projector reached by skipping events, once the stored one
// is a checkpoint interval old (at once when force is set). It returns ErrCheckpointMoved
// when the table no longer holds what this worker stored.
func (r *Runner) flush(ctx context.Context, w *worker, force bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	pos, stored, at := w.positions()
	if pos == stored || !force && time.Since(at) < r.cfg.checkpoint {
		return nil
	}
	defer r.writing()()
	if err := claimCheckpoint(ctx, r.db, w.p.Name(), w.p.Version(), stored, pos); err != nil {
		return err
	}
	w.setFlushed(pos)
	return nil
}

// flushOnStop stores the skipped-to position when the runner stops, so a restart (here or
// on another node) does not read those events again. ctx is over by then; the flush gets a
// few seconds of its own. Failing is harmless: the events are read and skipped again.
func (r *Runner) flushOnStop(ctx context.Context, w *worker) {
	if ctx.Err() == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := r.flush(ctx, w, true); err != nil && !errors.Is(err, ErrCheckpointMoved) {
		r.cfg.logger.WarnContext(ctx, "projection checkpoint not stored on stop", "projection", w.p.Name(), "err", err)
	}
}

// reload takes the projector's position from the checkpoints table, after a transaction
// found it moved. It returns errVersionChanged when another version's read model is there.
func (r *Runner) reload(ctx context.Context, w *worker) error {
	w.forget()
	c, err := readCheckpoint(ctx, r.db, w.p.Name())
	if err != nil {
		return err
	}
	if c.version != w.p.Version() {
		return errVersionChanged
	}
	w.setStored(c.position)
	return nil
}

// prepare loads the projector's checkpoint and rebuilds its read model when the stored one
// was built by an older version.
func (r *Runner) prepare(ctx context.Context, w *worker) error {
	w.forget() // another node may have applied events since this one last did
	r.dropRetired(ctx, w)
	if err := ensureCheckpoint(ctx, r.db, w.p.Name(), w.p.Version()); err != nil {
		return err
	}
	c, err := readCheckpoint(ctx, r.db, w.p.Name())
	if err != nil {
		return err
	}
	switch {
	case c.version > w.p.Version():
		return fmt.Errorf("%w: stored version %d, this is %d", errOutdated, c.version, w.p.Version())
	case c.version < w.p.Version():
		r.cfg.logger.InfoContext(ctx, "projection version changed, rebuilding",
			"projection", w.p.Name(), "from", c.version, "to", w.p.Version())
		if err := r.rebuild(ctx, []*worker{w}, nil); err != nil {
			var ae *applyError
			if errors.As(err, &ae) {
				return r.fail(ctx, w, ae)
			}
			return err
		}
		return nil
	}
	if c.failedPosition.Valid {
		// A restart gives a failed projector a new round of attempts (the cause may have been
		// fixed); until they fail again, it is not failed.
		r.cfg.logger.InfoContext(ctx, "retrying failed projection", "projection", w.p.Name(),
			"position", c.failedPosition.Int64, "error", c.lastError.String)
		if _, err := r.db.ExecContext(ctx, `UPDATE projection_checkpoints
			SET failed_position = NULL, last_error = NULL, updated_at = $1 WHERE name = $2`,
			now(), w.p.Name()); err != nil {
			return fmt.Errorf("projections: clear failure of %s: %w", w.p.Name(), err)
		}
	}
	w.setStored(c.position)
	return nil
}

// catchUp applies the feed from the projector's position until it is drained. An event
// whose Apply fails is tried again with backoff; the events before it in its batch are
// committed first, so that it is retried on its own. After the last attempt the failure is
// recorded and the projector stops there: it never skips an event.
func (r *Runner) catchUp(ctx context.Context, w *worker) error {
	var (
		from      int64
		events    []Event
		drained   bool
		failingAt int64
		failures  int
	)
	for {
		if len(events) == 0 {
			var err error
			from = w.position()
			events, err = r.feed.read(ctx, from, r.cfg.batchSize)
			if err != nil {
				return fmt.Errorf("projections: read feed: %w", err)
			}
			if len(events) == 0 {
				return nil
			}
			drained = len(events) < r.cfg.batchSize
		}
		err := r.applyBatch(ctx, w, from, events)
		var ae *applyError
		switch {
		case err == nil:
			if drained {
				return nil
			}
			from, events = w.position(), nil
			continue
		case errors.Is(err, ErrCheckpointMoved):
			// A rebuild, or another node, moved it: go on from where it now is.
			if err := r.reload(ctx, w); err != nil {
				return err
			}
			events = nil
			continue
		case ctx.Err() != nil || !errors.As(err, &ae):
			return err
		}
		if errors.Is(ae.err, ErrUnavailable) && ae.index == 0 {
			return err // not the event's fault: the worker backs off and follows again
		}
		if ae.event.Position != failingAt {
			failingAt, failures = ae.event.Position, 0
		}
		failures++
		if failures >= r.cfg.attempts {
			return r.fail(ctx, w, ae)
		}
		r.cfg.logger.WarnContext(ctx, "projection event failed, retrying", "projection", w.p.Name(),
			"position", ae.event.Position, "attempt", failures, "err", ae.err)
		if ae.index > 0 {
			events = events[:ae.index]
			drained = false
			continue
		}
		events = nil
		if !sleep(ctx, r.cfg.backoff<<(failures-1)) {
			return ctx.Err()
		}
	}
}

// applyBatch applies events, read from the feed after position from, and moves the
// checkpoint past them in the same transaction. A batch of events the projector does not
// want needs no transaction: it only moves the worker's position, which the next
// transaction or flush stores. It returns ErrCheckpointMoved when a rebuild here moved the
// position while the batch was read, or the table no longer holds what this worker stored.
func (r *Runner) applyBatch(ctx context.Context, w *worker, from int64, events []Event) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	pos, stored, _ := w.positions()
	if pos != from {
		return ErrCheckpointMoved
	}
	to := events[len(events)-1].Position
	if !w.wantsAny(events) {
		w.advance(to)
		return nil
	}
	if w.forwards {
		return r.forward(ctx, w, stored, events)
	}
	defer r.writing()()
	// The claim starts from the stored position, not from: the events between the two are
	// unwanted ones skipped since, and the claim still fails if anyone else moved the row.
	c := &Claim{Name: w.p.Name(), Version: w.p.Version(), From: stored, To: to}
	if err := r.applyInTx(ctx, w, nil, events, c); err != nil {
		return err
	}
	w.setStored(to)
	return nil
}

// forward hands events to a Forwarder, in order and outside any transaction, then moves its
// checkpoint from stored past those it handed on. When one fails, the checkpoint still moves
// past the events before it, even when ctx has ended meanwhile (a shutdown), so that they are
// not handed on again; the failure is then returned as the failing event's at index 0, its
// batch now starting with it.
func (r *Runner) forward(ctx context.Context, w *worker, stored int64, events []Event) error {
	reached := w.position()
	var failed error
	for _, ev := range events {
		if err := w.p.Apply(ctx, nil, ev); err != nil {
			failed = &applyError{projector: w.p.Name(), event: ev, index: 0, err: err}
			break
		}
		reached = ev.Position
	}
	if reached != stored {
		claimCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		unlock := r.writing()
		err := claimCheckpoint(claimCtx, r.db, w.p.Name(), w.p.Version(), stored, reached)
		unlock()
		if err != nil {
			return err
		}
		w.setStored(reached)
	}
	return failed
}

// applyInTx applies events to w's read model (tables maps them to the copies of a rebuild)
// in one transaction, which moves the checkpoint as c says (none in a rebuild). When a
// BatchProjector's batch fails, the transaction is rolled back and the same events applied
// one at a time, so that the *applyError names the event that fails, as it would without
// batching.
func (r *Runner) applyInTx(ctx context.Context, w *worker, tables map[string]string, events []Event,
	c *Claim) error {
	err := r.tryInTx(ctx, w, tables, events, c, true)
	var be *batchError
	if errors.As(err, &be) {
		r.cfg.logger.WarnContext(ctx, "projection batch failed, applying its events one at a time",
			"projection", w.p.Name(), "err", be.err)
		err = r.tryInTx(ctx, w, tables, events, c, false)
	}
	return err
}

func (r *Runner) tryInTx(ctx context.Context, w *worker, tables map[string]string, events []Event,
	c *Claim, batch bool) (err error) {
	defer func() {
		if err != nil {
			w.forget() // what it remembers of this transaction may not have been stored
		}
	}()
	tx, err := r.begin(ctx, tables)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if c != nil {
		if err := tx.Claim(ctx, *c); err != nil {
			return err
		}
	}
	if err := w.apply(ctx, tx, events, batch); err != nil {
		// A failure of the transaction itself (the checkpoint moved, the connection lost)
		// is not the events'.
		if f := tx.Err(); f != nil && !errors.Is(f, ErrDeferredWrite) {
			return f
		}
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		if errors.Is(err, ErrDeferredWrite) {
			return &batchError{err: err} // events applied one at a time send their own
		}
		return fmt.Errorf("projections: commit %s: %w", w.p.Name(), err)
	}
	// Kept before the worker's progress wakes WaitFor, so a waiter finds its note.
	r.notes.keep(w.p.Name(), tx.notes)
	return nil
}

// writeLocker is an event store that serialises its writes with a lock others may share:
// the SQLite store, whose file the read models usually share.
type writeLocker interface{ WriteLock() sync.Locker }

// writing takes the runner's turn to write, and returns the function that gives it back.
// SQLite has one writer: the runner's projectors, and the store's appends when it shares
// its lock, queue for it here rather than in SQLite's busy handler, which polls with
// sleeps of up to 100 ms. PostgreSQL lets them write at once.
func (r *Runner) writing() func() {
	if r.dialect != SQLite {
		return func() {}
	}
	r.writeMu.Lock()
	return r.writeMu.Unlock
}

// fail records that the projector stopped at ae's event and why, and stops it.
func (r *Runner) fail(ctx context.Context, w *worker, ae *applyError) error {
	r.cfg.logger.ErrorContext(ctx, "projection stopped on a failing event", "projection", w.p.Name(),
		"position", ae.event.Position, "event", ae.event.ID, "type", ae.event.Type, "err", ae.err)
	if _, err := r.db.ExecContext(ctx, `UPDATE projection_checkpoints
		SET failed_position = $1, last_error = $2, updated_at = $3 WHERE name = $4`,
		ae.event.Position, ae.Error(), now(), w.p.Name()); err != nil {
		return fmt.Errorf("projections: record failure of %s: %w", w.p.Name(), err)
	}
	// Failed once the table says why: WaitFor, woken by the change, reads it there.
	w.setState(StateFailed)
	return fmt.Errorf("%w: %w", errFailed, ae)
}

// sleep waits d or until ctx ends, and reports whether it waited the whole time.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
