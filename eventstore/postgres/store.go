// Package postgres is the production event store on PostgreSQL through pgx. Many app nodes
// may append at once: appends to one stream queue on its row, and every append takes one
// global counter row as late as possible inside its transaction, so positions become
// visible in the order they were handed out and a catch-up reader can trust the order.
// The appends that arrive together at a node share one transaction, and so one turn at the
// counter and one disk flush.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/internal/batch"
	"github.com/gymlog/gymlog/eventstore/internal/fanout"
	"github.com/gymlog/gymlog/eventstore/internal/validate"
)

//go:embed migrations/*.sql
var migrations embed.FS

const (
	// versionTable keeps the store's migrations apart from the read models', which use
	// goose's default table in the same database.
	versionTable = "goose_eventstore"
	// migrationLock is the advisory lock that lets several nodes start at once: one
	// migrates, the others wait. It differs from goose's default so that the read models'
	// migrations, which may use the default, never wait for these.
	migrationLock = 0x67796d6c6f676573 // "gymloges"
	// channel is the LISTEN/NOTIFY channel of appends.
	channel = "gymlog_eventstore"
	// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
	uniqueViolation = "23505"
)

const (
	// maxBatch caps how many appends share one transaction.
	maxBatch = 64
	// notifyGap spaces the NOTIFYs of busy moments: readers on other nodes learn of appends
	// at most this much later, and the server is spared a NOTIFY per append.
	notifyGap = 2 * time.Millisecond
)

// Store is the PostgreSQL event store. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	// writes takes this node's appends and writes those that arrive together in one
	// transaction: one disk flush, and one turn at the counter, for many appends.
	writes *batch.Writer[appendReq]
	// hub wakes this node's subscribers; others is signalled for notifyOthers.
	hub    fanout.Hub
	others chan struct{}
	// node names this store in its NOTIFYs, so that it does not wake its subscribers a
	// second time for its own appends when the notice comes back.
	node string

	// background ends when the store is closed; running counts the goroutines it ends.
	background context.Context
	stop       context.CancelFunc
	running    sync.WaitGroup
	listening  sync.Once // starts the one LISTEN connection on the first Subscribe
	closeOnce  sync.Once
}

var _ eventstore.Store = (*Store)(nil)

// New migrates the event store's tables in the pool's database and returns the store. The
// store does not own pool: Close leaves it open for the read models.
func New(ctx context.Context, pool *pgxpool.Pool) (*Store, error) {
	if err := migrate(ctx, pool); err != nil {
		return nil, err
	}
	background, stop := context.WithCancel(context.Background())
	s := &Store{pool: pool, others: make(chan struct{}, 1), node: eventstore.NewID(), background: background, stop: stop}
	s.writes = batch.New(maxBatch, s.writeBatch)
	s.running.Go(s.notifyOthers)
	return s, nil
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("postgres: event store migrations: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(migrationLock))
	if err != nil {
		return fmt.Errorf("postgres: event store migration lock: %w", err)
	}
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, db, fsys,
		goose.WithTableName(versionTable),
		goose.WithSessionLocker(locker),
		// Other packages may register Go migrations globally for their own schema.
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return fmt.Errorf("postgres: event store migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate event store: %w", err)
	}
	return nil
}

// appendReq is one append on its way to the writer.
type appendReq struct {
	stream   string
	expected eventstore.ExpectedVersion
	ids      []string
	events   []eventstore.EventData
}

// Append implements eventstore.Store.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	ids, err := validate.Append(stream, expected, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	res, err := s.writes.Do(ctx, appendReq{stream: stream, expected: expected, ids: ids, events: events})
	if err == nil {
		return res, nil
	}
	var pgErr *pgconn.PgError
	if !eventstore.IsWrongVersion(err) && !(errors.As(err, &pgErr) && pgErr.Code == uniqueViolation) {
		return eventstore.AppendResult{}, err
	}
	// A conflict may be a retried command whose events are already stored: answer it with
	// the first append's result. Checking only after a conflict keeps it off the fast path.
	first, ok, ferr := s.firstResult(ctx, stream, ids)
	switch {
	case ferr != nil:
		return eventstore.AppendResult{}, ferr
	case ok:
		return first, nil
	}
	return eventstore.AppendResult{}, err
}

// writeBatch writes appends that arrived together. If the batch fails as a whole, which
// one append can cause (an event id already stored: a retried command), it writes them
// one at a time, so that each gets its own answer.
func (s *Store) writeBatch(ctx context.Context, jobs []*batch.Job[appendReq]) {
	defer s.wake(jobs)
	err := s.writeTogether(ctx, jobs)
	if err == nil {
		return
	}
	if len(jobs) == 1 {
		jobs[0].Err = fmt.Errorf("postgres: append to %s: %w", jobs[0].Req.stream, err)
		return
	}
	for i, j := range jobs {
		if err := s.writeTogether(ctx, jobs[i:i+1]); err != nil {
			j.Err = fmt.Errorf("postgres: append to %s: %w", j.Req.stream, err)
		}
	}
}

// wake tells subscribers, here at once and on other nodes through notifyOthers, if any of
// jobs was written.
func (s *Store) wake(jobs []*batch.Job[appendReq]) {
	for _, j := range jobs {
		if j.Err == nil {
			s.hub.Notify()
			select {
			case s.others <- struct{}{}:
			default: // a notice is already due; it covers this batch too
			}
			return
		}
	}
}

// notifyOthers sends a NOTIFY after batches have committed, from outside their
// transactions: a NOTIFY inside one would take PostgreSQL's notification queue lock, which
// is shared by the whole server, while holding the counter. It sends at most one every
// notifyGap; notices due meanwhile are sent as one.
func (s *Store) notifyOthers() {
	for {
		select {
		case <-s.others:
		case <-s.background.Done():
			return
		}
		_, err := s.pool.Exec(s.background, `SELECT pg_notify($1, $2)`, channel, s.node)
		if err != nil && s.background.Err() == nil {
			// Other nodes' readers still poll; they will be a little late.
			slog.Default().WarnContext(s.background, "event store notification not sent", "err", err)
		}
		select {
		case <-time.After(notifyGap):
		case <-s.background.Done():
			return
		}
	}
}

// writeTogether writes the batch and sets each job's outcome once it has committed, or
// returns the error that kept it from committing. Appends to streams that exist, at the
// expected version, go first through one plain statement; the rest (new streams, wrong
// versions, a stream twice in the batch) through eventstore_append, whose PL/pgSQL loop
// took about 2.5 times as long for the same batch.
func (s *Store) writeTogether(ctx context.Context, jobs []*batch.Job[appendReq]) error {
	if len(jobs) == 1 && len(jobs[0].Req.events) == 1 {
		if done, err := s.appendToExisting(ctx, jobs[0]); done || err != nil {
			return err
		}
		return s.appendBatch(ctx, jobs)
	}
	if distinctStreams(jobs) {
		rest, err := s.appendToExistingStreams(ctx, jobs)
		if err != nil || len(rest) == 0 {
			return err
		}
		jobs = rest
	}
	return s.appendBatch(ctx, jobs)
}

func distinctStreams(jobs []*batch.Job[appendReq]) bool {
	seen := make(map[string]bool, len(jobs))
	for _, j := range jobs {
		if seen[j.Req.stream] {
			return false
		}
		seen[j.Req.stream] = true
	}
	return true
}

// eventColumns lays out the jobs' events as the per-event arrays of eventstore_append.
func eventColumns(jobs []*batch.Job[appendReq]) []any {
	var ids, types, data, actors, commands, correlations, causes []string
	for _, j := range jobs {
		ids = append(ids, j.Req.ids...)
		for _, e := range j.Req.events {
			m := e.Metadata
			types, data = append(types, e.Type), append(data, string(e.Data))
			actors, commands = append(actors, m.ActorID), append(commands, m.CommandID)
			correlations, causes = append(correlations, m.CorrelationID), append(causes, m.CausationID)
		}
	}
	return []any{ids, types, data, actors, commands, correlations, causes}
}

// appendToExistingSQL appends one event to a stream that exists and is at the expected
// version, the usual case (a set logged), in one statement: cheaper than eventstore_append.
// It returns no row, and writes nothing, for a new stream or another version. Updating the
// counter waits for the stream's row (its WHERE reads the stream's update), so the locks
// are taken in eventstore_append's order: the stream, then the counter, last. It takes no
// arrays, so that PostgreSQL settles on one generic plan instead of planning every call.
const appendToExistingSQL = `WITH stream AS (
	UPDATE eventstore_streams AS t SET version = t.version + 1
	WHERE t.name = $1 AND ($2 < 0 OR t.version = $2)
	RETURNING t.version
), counter AS (
	UPDATE eventstore_counter AS c SET position = c.position + 1
	WHERE EXISTS (SELECT FROM stream)
	RETURNING c.position
), inserted AS (
	INSERT INTO eventstore_events (position, id, stream, version, type, data,
		actor_id, command_id, correlation_id, causation_id, recorded_at)
	SELECT counter.position, $3, $1, stream.version, $4, $5, $6, $7, $8, $9, $10
	FROM stream, counter
)
SELECT stream.version, counter.position FROM stream, counter`

// appendToExisting tries j, an append of one event, as appendToExistingSQL; done is false
// if that wrote nothing.
func (s *Store) appendToExisting(ctx context.Context, j *batch.Job[appendReq]) (done bool, err error) {
	e, m := j.Req.events[0], j.Req.events[0].Metadata
	args := []any{j.Req.stream, int64(j.Req.expected), j.Req.ids[0], e.Type, string(e.Data),
		m.ActorID, m.CommandID, m.CorrelationID, m.CausationID, time.Now()}
	var res eventstore.AppendResult
	err = s.pool.QueryRow(ctx, appendToExistingSQL, args...).Scan(&res.Version, &res.Position)
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	if err != nil || res.Version == 0 {
		return false, err
	}
	j.Result = res
	return true, nil
}

// appendToExistingStreamsSQL writes, in one statement, the appends of a batch (one per
// stream) whose streams exist and are at the expected version, and returns for each written
// append its index, new version and last position; the others it leaves alone. The streams'
// rows are locked in name order first, as eventstore_append locks them, so that batches of
// several nodes cannot deadlock; the counter is taken last. Append i (from 1) owns the next
// counts[i] events of the per-event arrays, whose apps and nths say, for each event, its
// append and its place in it.
const appendToExistingStreamsSQL = `WITH req AS (
	SELECT r.stream, r.expected, r.count, r.i
	FROM unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(stream, expected, count, i)
), locked AS (
	SELECT t.name FROM eventstore_streams AS t WHERE t.name = ANY($1::text[]) ORDER BY t.name FOR UPDATE
), stream AS (
	UPDATE eventstore_streams AS t SET version = t.version + req.count
	FROM locked, req
	WHERE t.name = locked.name AND req.stream = locked.name AND (req.expected < 0 OR t.version = req.expected)
	RETURNING req.i, req.stream, req.count, t.version
), placed AS (
	SELECT stream.i, stream.stream, stream.count, stream.version,
		sum(stream.count) OVER (ORDER BY stream.i)::bigint AS upto, sum(stream.count) OVER ()::bigint AS total
	FROM stream
), counter AS (
	UPDATE eventstore_counter AS c SET position = c.position + (SELECT max(placed.total) FROM placed)
	WHERE EXISTS (SELECT FROM placed)
	RETURNING c.position
), inserted AS (
	INSERT INTO eventstore_events (position, id, stream, version, type, data,
		actor_id, command_id, correlation_id, causation_id, recorded_at)
	SELECT counter.position - placed.total + placed.upto - placed.count + e.nth, e.id, placed.stream,
		placed.version - placed.count + e.nth, e.type, e.data, e.actor_id, e.command_id, e.correlation_id,
		e.causation_id, $13
	FROM counter, placed, unnest($4::uuid[], $5::text[], $6::json[], $7::text[], $8::text[], $9::text[], $10::text[],
			$11::bigint[], $12::bigint[])
		AS e(id, type, data, actor_id, command_id, correlation_id, causation_id, app, nth)
	WHERE e.app = placed.i
)
SELECT placed.i, placed.version, counter.position - placed.total + placed.upto FROM placed, counter`

// appendToExistingStreams writes jobs, each to its own stream, with
// appendToExistingStreamsSQL and returns those it did not write.
func (s *Store) appendToExistingStreams(ctx context.Context, jobs []*batch.Job[appendReq]) ([]*batch.Job[appendReq], error) {
	var (
		streams         []string
		expected, count []int64
		apps, nths      []int64
	)
	for i, j := range jobs {
		streams = append(streams, j.Req.stream)
		expected = append(expected, int64(j.Req.expected))
		count = append(count, int64(len(j.Req.events)))
		for k := range j.Req.events {
			apps, nths = append(apps, int64(i+1)), append(nths, int64(k+1))
		}
	}
	args := append([]any{streams, expected, count}, eventColumns(jobs)...)
	args = append(args, apps, nths, time.Now())
	results := make([]*eventstore.AppendResult, len(jobs))
	rows, err := s.pool.Query(ctx, appendToExistingStreamsSQL, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var i int64
		var res eventstore.AppendResult
		if err := rows.Scan(&i, &res.Version, &res.Position); err != nil {
			rows.Close()
			return nil, err
		}
		if i < 1 || int(i) > len(jobs) {
			rows.Close()
			return nil, fmt.Errorf("postgres: append to existing streams answered for append %d of %d", i, len(jobs))
		}
		results[i-1] = &res
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var rest []*batch.Job[appendReq]
	for i, j := range jobs {
		if results[i] == nil {
			rest = append(rest, j)
			continue
		}
		j.Result = *results[i]
	}
	return rest, nil
}

const appendSQL = `SELECT new_versions, last_positions, actuals
	FROM eventstore_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`

// appendBatch writes the batch with eventstore_append.
func (s *Store) appendBatch(ctx context.Context, jobs []*batch.Job[appendReq]) error {
	var (
		streams  []string
		expected []int64
		counts   []int32
	)
	for _, j := range jobs {
		streams = append(streams, j.Req.stream)
		expected = append(expected, int64(j.Req.expected))
		counts = append(counts, int32(len(j.Req.events)))
	}
	args := append([]any{streams, expected, counts}, eventColumns(jobs)...)
	args = append(args, time.Now())
	var newVersions, lastPositions, actualVersions []int64
	if err := s.pool.QueryRow(ctx, appendSQL, args...).Scan(&newVersions, &lastPositions, &actualVersions); err != nil {
		return err
	}
	if len(newVersions) != len(jobs) || len(lastPositions) != len(jobs) || len(actualVersions) != len(jobs) {
		return fmt.Errorf("postgres: eventstore_append answered for %d appends of %d", len(newVersions), len(jobs))
	}
	for i, j := range jobs {
		if newVersions[i] > 0 {
			j.Result = eventstore.AppendResult{Version: newVersions[i], Position: lastPositions[i]}
		} else {
			j.Err = &eventstore.WrongVersionError{Stream: j.Req.stream, Expected: j.Req.expected, Actual: actualVersions[i]}
		}
	}
	return nil
}

// firstResult looks up which of ids are already stored; see validate.FirstResult.
func (s *Store) firstResult(ctx context.Context, stream string, ids []string) (eventstore.AppendResult, bool, error) {
	var found, elsewhere int
	var last eventstore.AppendResult
	err := s.pool.QueryRow(ctx, `SELECT count(*) OVER (), count(*) FILTER (WHERE stream <> $2) OVER (), version, position
		FROM eventstore_events WHERE id = ANY($1) ORDER BY position DESC LIMIT 1`, ids, stream).
		Scan(&found, &elsewhere, &last.Version, &last.Position)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return eventstore.AppendResult{}, false, fmt.Errorf("postgres: look up event ids: %w", err)
	}
	return validate.FirstResult(len(ids), found, elsewhere, last)
}

// ReadStream implements eventstore.Store.
func (s *Store) ReadStream(ctx context.Context, stream string, fromVersion int64) ([]eventstore.RecordedEvent, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM eventstore_events
		WHERE stream = $1 AND version >= $2 ORDER BY version`, stream, fromVersion)
	if err != nil {
		return nil, fmt.Errorf("postgres: read stream %s: %w", stream, err)
	}
	evs, err := scanEvents(rows)
	if err != nil {
		return nil, fmt.Errorf("postgres: read stream %s: %w", stream, err)
	}
	return evs, nil
}

// ReadAll implements eventstore.Store.
func (s *Store) ReadAll(ctx context.Context, after int64, max int) ([]eventstore.RecordedEvent, error) {
	if max < 1 {
		return nil, fmt.Errorf("postgres: read all: max %d is not positive", max)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM eventstore_events
		WHERE position > $1 ORDER BY position LIMIT $2`, after, max)
	if err != nil {
		return nil, fmt.Errorf("postgres: read all after %d: %w", after, err)
	}
	evs, err := scanEvents(rows)
	if err != nil {
		return nil, fmt.Errorf("postgres: read all after %d: %w", after, err)
	}
	return evs, nil
}

const columns = `id, stream, type, version, position, recorded_at, data,
	actor_id, command_id, correlation_id, causation_id`

func scanEvents(rows pgx.Rows) ([]eventstore.RecordedEvent, error) {
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (eventstore.RecordedEvent, error) {
		var e eventstore.RecordedEvent
		m := &e.Metadata
		err := row.Scan(&e.ID, &e.Stream, &e.Type, &e.Version, &e.Position, &e.RecordedAt, &e.Data,
			&m.ActorID, &m.CommandID, &m.CorrelationID, &m.CausationID)
		e.RecordedAt = e.RecordedAt.UTC()
		return e, err
	})
}

// Head implements eventstore.Store.
func (s *Store) Head(ctx context.Context) (int64, error) {
	var head int64
	if err := s.pool.QueryRow(ctx, `SELECT coalesce(max(position), 0) FROM eventstore_events`).Scan(&head); err != nil {
		return 0, fmt.Errorf("postgres: read head: %w", err)
	}
	return head, nil
}

// DeleteStream implements eventstore.Store. Deleting the stream's row first waits for an
// append in flight on it; an append that comes after starts the stream afresh at version
// 1. Positions come from the counter, so the deleted ones are never reused.
func (s *Store) DeleteStream(ctx context.Context, stream string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM eventstore_streams WHERE name = $1`, stream); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM eventstore_events WHERE stream = $1`, stream)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: delete stream %s: %w", stream, err)
	}
	return nil
}

// Close stops the writer and the LISTEN connection and ends every subscription. The pool
// stays open: it belongs to the caller.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.listening.Do(func() {}) // so that no listener starts from now on
		s.writes.Close()
		s.stop()
		s.running.Wait()
		s.hub.Close()
	})
	return nil
}
