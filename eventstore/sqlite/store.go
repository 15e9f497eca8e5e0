// Package sqlite is the embedded event store: one SQLite file, written by one process,
// shared with the read models. Appends are serialised, in-process by one writer goroutine
// (which writes the appends that arrive together in one transaction) and in SQLite by its
// one write lock, so positions are handed out in commit order and a catch-up reader can
// trust the global order.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/pressly/goose/v3"
	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/internal/batch"
	"github.com/gymlog/gymlog/eventstore/internal/fanout"
	"github.com/gymlog/gymlog/eventstore/internal/validate"
)

//go:embed migrations/*.sql
var migrations embed.FS

// versionTable keeps the store's migrations apart from the read models', which use goose's
// default table in the same file.
const versionTable = "goose_eventstore"

// maxBatch caps how many appends share one transaction.
const maxBatch = 64

// Store is the SQLite event store. It is safe for concurrent use.
type Store struct {
	db *sql.DB
	// writes takes this process's appends and writes those that arrive together in one
	// transaction: one disk flush for many appends.
	writes *batch.Writer[appendReq]
	// writer makes this process's writes queue here rather than in SQLite's busy handler,
	// which polls with sleeps of up to 100 ms.
	writer sync.Mutex
	hub    fanout.Hub

	// Prepared once: parsing SQL is a large part of a small append or read.
	appendOne, readAll, readStream *sql.Stmt

	// beforeCommit, set only by tests, runs inside every append's transaction once it has its
	// positions (nil otherwise: the path is the same), to prove that readers cannot pass an
	// append that has not committed.
	beforeCommit func(ctx context.Context, stream string)
}

var _ eventstore.Store = (*Store)(nil)

// New migrates the event store's tables in db (opened with OpenDB) and returns the store.
// The store does not own db: Close leaves it open for the read models.
func New(ctx context.Context, db *sql.DB) (*Store, error) {
	if err := migrate(ctx, db); err != nil {
		return nil, err
	}
	s := &Store{db: db}
	s.writes = batch.New(maxBatch, s.writeBatch)
	for _, p := range []struct {
		stmt  **sql.Stmt
		query string
	}{
		{&s.appendOne, appendSQL(1)},
		{&s.readAll, `SELECT ` + columns + ` FROM eventstore_events
			WHERE position > $1 ORDER BY position LIMIT $2`},
		{&s.readStream, `SELECT ` + columns + ` FROM eventstore_events
			WHERE stream = $1 AND version >= $2 ORDER BY version`},
	} {
		stmt, err := db.PrepareContext(ctx, p.query)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("sqlite: prepare event store queries: %w", err)
		}
		*p.stmt = stmt
	}
	return s, nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("sqlite: event store migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys,
		goose.WithTableName(versionTable),
		// Other packages may register Go migrations globally for their own schema.
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return fmt.Errorf("sqlite: event store migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("sqlite: migrate event store: %w", err)
	}
	return nil
}

// streamVersion is the version of stream $1, 0 if absent: one seek in the (stream,
// version) index.
const streamVersion = `(SELECT coalesce(max(version), 0) FROM eventstore_events WHERE stream = $1)`

// appendSQL is the whole append of n events as one statement: it reads the stream's
// version, inserts only if the expected version ($3, -1 for any) matches, and returns the
// new rows. On its own, one statement is one write transaction in SQLite (the write lock
// is taken before the version is read), so a lone append needs no BEGIN and COMMIT.
// Parameters: $1 stream, $2 recorded at, $3 expected version, then seven per event.
func appendSQL(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO eventstore_events (id, stream, version, type, data,
		actor_id, command_id, correlation_id, causation_id, recorded_at)
	SELECT e.column1, $1, v.version + e.column2, e.column3, e.column4,
		e.column5, e.column6, e.column7, e.column8, $2
	FROM (SELECT ` + streamVersion + ` AS version) AS v,
		(VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		p := 4 + 7*i
		fmt.Fprintf(&b, "($%d, %d, $%d, $%d, $%d, $%d, $%d, $%d)", p, i+1, p+1, p+2, p+3, p+4, p+5, p+6)
	}
	b.WriteString(`) AS e
	WHERE $3 < 0 OR v.version = $3
	ORDER BY e.column2
	RETURNING version, position`)
	return b.String()
}

// appendReq is one append on its way to the writer.
type appendReq struct {
	stream   string
	expected eventstore.ExpectedVersion
	n        int   // events
	args     []any // appendSQL's parameters
}

// Append implements eventstore.Store. An append holds at most 4,000 events (SQLite's
// limit on a statement's parameters).
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	ids, err := validate.Append(stream, expected, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	args := make([]any, 0, 3+7*len(events))
	args = append(args, stream, time.Now().UnixMicro(), int64(expected))
	for i, e := range events {
		m := e.Metadata
		args = append(args, ids[i], e.Type, string(e.Data), m.ActorID, m.CommandID, m.CorrelationID, m.CausationID)
	}

	res, err := s.writes.Do(ctx, appendReq{stream: stream, expected: expected, n: len(events), args: args})
	if err == nil {
		return res, nil
	}
	var wrong *eventstore.WrongVersionError
	if !errors.As(err, &wrong) && !isUniqueViolation(err) {
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

// writeBatch writes appends that arrived together in one transaction (a lone one too: the
// same path whatever the load, and the one the contract suite holds open). Each append's
// statement succeeds or fails on its own; a failed statement leaves the others' rows in
// place.
func (s *Store) writeBatch(ctx context.Context, jobs []*batch.Job[appendReq]) {
	s.writer.Lock()
	defer s.writer.Unlock()
	s.writeInTx(ctx, jobs)
	for _, j := range jobs {
		if j.Err == nil {
			s.hub.Notify()
			return
		}
	}
}

func (s *Store) writeInTx(ctx context.Context, jobs []*batch.Job[appendReq]) {
	fail := func(err error) {
		for _, j := range jobs {
			j.Result, j.Err = eventstore.AppendResult{}, err
		}
	}
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: see OpenDB
	if err != nil {
		fail(fmt.Errorf("sqlite: begin append: %w", err))
		return
	}
	defer tx.Rollback()
	for _, j := range jobs {
		j.Result, j.Err = s.appendIn(ctx, tx, j.Req)
		var wrong *eventstore.WrongVersionError
		if j.Err != nil && !errors.As(j.Err, &wrong) && !isUniqueViolation(j.Err) {
			// Not the append's own fault: SQLite may have rolled the transaction back.
			fail(j.Err)
			return
		}
	}
	if s.beforeCommit != nil {
		for _, j := range jobs {
			if j.Err == nil {
				s.beforeCommit(ctx, j.Req.stream)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("sqlite: commit append: %w", err))
	}
}

// appendIn runs one append's statement, in tx or (tx nil) on its own.
func (s *Store) appendIn(ctx context.Context, tx *sql.Tx, req appendReq) (eventstore.AppendResult, error) {
	res, err := s.insert(ctx, tx, req.n, req.args)
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("sqlite: append to %s: %w", req.stream, err)
	}
	if res.Version > 0 {
		return res, nil
	}
	// Nothing inserted: the stream was not at the expected version. The writer lock is
	// still held, so no append of this process has moved it since.
	q := `SELECT ` + streamVersion
	var row *sql.Row
	if tx != nil {
		row = tx.QueryRowContext(ctx, q, req.stream)
	} else {
		row = s.db.QueryRowContext(ctx, q, req.stream)
	}
	var actual int64
	if err := row.Scan(&actual); err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("sqlite: read version of %s: %w", req.stream, err)
	}
	return eventstore.AppendResult{}, &eventstore.WrongVersionError{Stream: req.stream, Expected: req.expected, Actual: actual}
}

// insert runs the append statement, in tx or (tx nil) on its own, and returns the last
// inserted event's version and position, or a zero result if nothing was inserted. On its
// own the statement commits when its last row has been read, so every row is read and
// rows.Err checked.
func (s *Store) insert(ctx context.Context, tx *sql.Tx, n int, args []any) (eventstore.AppendResult, error) {
	var rows *sql.Rows
	var err error
	switch {
	case n == 1 && tx == nil:
		rows, err = s.appendOne.QueryContext(ctx, args...)
	case n == 1:
		rows, err = tx.StmtContext(ctx, s.appendOne).QueryContext(ctx, args...)
	case tx == nil:
		rows, err = s.db.QueryContext(ctx, appendSQL(n), args...)
	default:
		rows, err = tx.QueryContext(ctx, appendSQL(n), args...)
	}
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	defer rows.Close()
	var res eventstore.AppendResult
	for rows.Next() {
		var r eventstore.AppendResult
		if err := rows.Scan(&r.Version, &r.Position); err != nil {
			return eventstore.AppendResult{}, err
		}
		res.Version, res.Position = max(res.Version, r.Version), max(res.Position, r.Position)
	}
	return res, rows.Err()
}

// firstResult looks up which of ids are already stored; see validate.FirstResult.
func (s *Store) firstResult(ctx context.Context, stream string, ids []string) (eventstore.AppendResult, bool, error) {
	args := make([]any, len(ids))
	marks := make([]string, len(ids))
	for i, id := range ids {
		args[i] = id
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT stream, version, position FROM eventstore_events
		WHERE id IN (`+strings.Join(marks, ", ")+`) ORDER BY position`, args...)
	if err != nil {
		return eventstore.AppendResult{}, false, fmt.Errorf("sqlite: look up event ids: %w", err)
	}
	defer rows.Close()
	var found, elsewhere int
	var last eventstore.AppendResult
	for rows.Next() {
		var in string
		if err := rows.Scan(&in, &last.Version, &last.Position); err != nil {
			return eventstore.AppendResult{}, false, fmt.Errorf("sqlite: look up event ids: %w", err)
		}
		found++
		if in != stream {
			elsewhere++
		}
	}
	if err := rows.Err(); err != nil {
		return eventstore.AppendResult{}, false, fmt.Errorf("sqlite: look up event ids: %w", err)
	}
	return validate.FirstResult(len(ids), found, elsewhere, last)
}

func isUniqueViolation(err error) bool {
	var e *sqlite3.Error
	return errors.As(err, &e) && e.Code() == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE
}

// ReadStream implements eventstore.Store.
func (s *Store) ReadStream(ctx context.Context, stream string, fromVersion int64) ([]eventstore.RecordedEvent, error) {
	evs, err := scanEvents(s.readStream.QueryContext(ctx, stream, fromVersion))
	if err != nil {
		return nil, fmt.Errorf("sqlite: read stream %s: %w", stream, err)
	}
	return evs, nil
}

// ReadAll implements eventstore.Store.
func (s *Store) ReadAll(ctx context.Context, after int64, max int) ([]eventstore.RecordedEvent, error) {
	if max < 1 {
		return nil, fmt.Errorf("sqlite: read all: max %d is not positive", max)
	}
	evs, err := scanEvents(s.readAll.QueryContext(ctx, after, max))
	if err != nil {
		return nil, fmt.Errorf("sqlite: read all after %d: %w", after, err)
	}
	return evs, nil
}

const columns = `id, stream, type, version, position, recorded_at, data,
	actor_id, command_id, correlation_id, causation_id`

func scanEvents(rows *sql.Rows, err error) ([]eventstore.RecordedEvent, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var evs []eventstore.RecordedEvent
	for rows.Next() {
		var e eventstore.RecordedEvent
		var recordedAt int64
		m := &e.Metadata
		if err := rows.Scan(&e.ID, &e.Stream, &e.Type, &e.Version, &e.Position, &recordedAt, &e.Data,
			&m.ActorID, &m.CommandID, &m.CorrelationID, &m.CausationID); err != nil {
			return nil, err
		}
		e.RecordedAt = time.UnixMicro(recordedAt).UTC()
		evs = append(evs, e)
	}
	return evs, rows.Err()
}

// Head implements eventstore.Store.
func (s *Store) Head(ctx context.Context) (int64, error) {
	var head int64
	err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(position), 0) FROM eventstore_events`).Scan(&head)
	if err != nil {
		return 0, fmt.Errorf("sqlite: read head: %w", err)
	}
	return head, nil
}

// DeleteStream implements eventstore.Store. The stream's positions are not reused.
func (s *Store) DeleteStream(ctx context.Context, stream string) error {
	s.writer.Lock()
	defer s.writer.Unlock()
	if _, err := s.db.ExecContext(ctx, `DELETE FROM eventstore_events WHERE stream = $1`, stream); err != nil {
		return fmt.Errorf("sqlite: delete stream %s: %w", stream, err)
	}
	return nil
}

// WriteLock is the lock this process's writes to the file take before they begin: others
// writing to the same file (the read models' runner) take it too, so that they queue here
// in turn rather than in SQLite's busy handler, which polls with sleeps.
func (s *Store) WriteLock() sync.Locker { return &s.writer }

// Subscribe implements eventstore.Store. Notices are in-process: appends made by another
// process on the same file are seen only when readers poll.
func (s *Store) Subscribe() (<-chan struct{}, func()) { return s.hub.Subscribe() }

// Close stops the writer, ends every subscription and releases the prepared statements.
// The database stays open: it belongs to the caller.
func (s *Store) Close() error {
	s.writes.Close()
	s.hub.Close()
	var errs []error
	for _, stmt := range []*sql.Stmt{s.appendOne, s.readAll, s.readStream} {
		if stmt != nil {
			errs = append(errs, stmt.Close())
		}
	}
	return errors.Join(errs...)
}
