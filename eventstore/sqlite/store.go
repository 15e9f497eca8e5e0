// Package sqlite is the embedded event store: one SQLite file, written by one process,
// shared with the read models. Appends are serialised in-process and in SQLite
// (BEGIN IMMEDIATE), so positions are handed out in commit order and a catch-up reader can
// trust the global order.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
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
	"github.com/gymlog/gymlog/eventstore/internal/fanout"
	"github.com/gymlog/gymlog/eventstore/internal/validate"
)

//go:embed migrations/*.sql
var migrations embed.FS

// versionTable keeps the store's migrations apart from the read models', which use goose's
// default table in the same file.
const versionTable = "goose_eventstore"

// Store is the SQLite event store. It is safe for concurrent use.
type Store struct {
	db *sql.DB
	// writer makes this process's appends queue here, in order, rather than in SQLite's busy
	// handler, which polls with sleeps of up to 100 ms and would waste most of the time.
	writer sync.Mutex
	hub    fanout.Hub
	// beforeCommit, set only by tests, runs inside an append's transaction once it has its
	// positions, to prove that readers cannot pass an append that has not committed.
	beforeCommit func(ctx context.Context, stream string)
}

var _ eventstore.Store = (*Store)(nil)

// New migrates the event store's tables in db (opened with OpenDB) and returns the store.
// The store does not own db: Close leaves it open for the read models.
func New(ctx context.Context, db *sql.DB) (*Store, error) {
	if err := migrate(ctx, db); err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
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

// Append implements eventstore.Store.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	ids, err := validate.Append(stream, expected, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	// Everything that needs no lock is done before taking it.
	metadata := make([]string, len(events))
	for i, e := range events {
		b, err := json.Marshal(e.Metadata)
		if err != nil {
			return eventstore.AppendResult{}, fmt.Errorf("sqlite: encode metadata: %w", err)
		}
		metadata[i] = string(b)
	}
	recordedAt := time.Now().UnixMicro()

	res, err := s.write(ctx, stream, expected, ids, events, metadata, recordedAt)
	if err == nil {
		s.hub.Notify()
		return res, nil
	}
	var wrong *eventstore.WrongVersionError
	if !errors.As(err, &wrong) && !isUniqueViolation(err) {
		return eventstore.AppendResult{}, err
	}
	// A conflict may be a retried command whose events are already stored: answer it with
	// the first append's result. Checking only after a conflict keeps it off the fast path.
	first, ok, ferr := s.firstResult(ctx, ids)
	switch {
	case ferr != nil:
		return eventstore.AppendResult{}, ferr
	case ok:
		return first, nil
	case wrong != nil:
		return eventstore.AppendResult{}, wrong
	}
	return eventstore.AppendResult{}, err
}

// write runs the append's transaction.
func (s *Store) write(ctx context.Context, stream string, expected eventstore.ExpectedVersion, ids []string, events []eventstore.EventData, metadata []string, recordedAt int64) (_ eventstore.AppendResult, err error) {
	s.writer.Lock()
	defer s.writer.Unlock()
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: see OpenDB
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("sqlite: begin append: %w", err)
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	var version int64
	err = tx.QueryRowContext(ctx,
		`SELECT coalesce(max(version), 0) FROM eventstore_events WHERE stream = $1`, stream).Scan(&version)
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("sqlite: read version of %s: %w", stream, err)
	}
	if expected != eventstore.Any && int64(expected) != version {
		return eventstore.AppendResult{}, &eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: version}
	}
	insert, err := tx.PrepareContext(ctx, `INSERT INTO eventstore_events
		(id, stream, version, type, data, metadata, recorded_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING position`)
	if err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("sqlite: prepare append: %w", err)
	}
	defer insert.Close()
	var position int64
	for i, e := range events {
		version++
		err := insert.QueryRowContext(ctx, ids[i], stream, version, e.Type, string(e.Data), metadata[i], recordedAt).Scan(&position)
		if err != nil {
			return eventstore.AppendResult{}, fmt.Errorf("sqlite: insert event %s: %w", ids[i], err)
		}
	}
	if s.beforeCommit != nil {
		s.beforeCommit(ctx, stream)
	}
	if err := tx.Commit(); err != nil {
		return eventstore.AppendResult{}, fmt.Errorf("sqlite: commit append to %s: %w", stream, err)
	}
	return eventstore.AppendResult{Version: version, Position: position}, nil
}

// firstResult looks up which of ids are already stored; see validate.FirstResult.
func (s *Store) firstResult(ctx context.Context, ids []string) (eventstore.AppendResult, bool, error) {
	args := make([]any, len(ids))
	marks := make([]string, len(ids))
	for i, id := range ids {
		args[i] = id
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT version, position FROM eventstore_events
		WHERE id IN (`+strings.Join(marks, ", ")+`) ORDER BY position`, args...)
	if err != nil {
		return eventstore.AppendResult{}, false, fmt.Errorf("sqlite: look up event ids: %w", err)
	}
	defer rows.Close()
	var found int
	var last eventstore.AppendResult
	for rows.Next() {
		if err := rows.Scan(&last.Version, &last.Position); err != nil {
			return eventstore.AppendResult{}, false, fmt.Errorf("sqlite: look up event ids: %w", err)
		}
		found++
	}
	if err := rows.Err(); err != nil {
		return eventstore.AppendResult{}, false, fmt.Errorf("sqlite: look up event ids: %w", err)
	}
	return validate.FirstResult(len(ids), found, last)
}

func isUniqueViolation(err error) bool {
	var e *sqlite3.Error
	return errors.As(err, &e) && e.Code() == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE
}

// ReadStream implements eventstore.Store.
func (s *Store) ReadStream(ctx context.Context, stream string, fromVersion int64) ([]eventstore.RecordedEvent, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM eventstore_events
		WHERE stream = $1 AND version >= $2 ORDER BY version`, stream, fromVersion)
	if err != nil {
		return nil, fmt.Errorf("sqlite: read stream %s: %w", stream, err)
	}
	evs, err := scanEvents(rows)
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
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM eventstore_events
		WHERE position > $1 ORDER BY position LIMIT $2`, after, max)
	if err != nil {
		return nil, fmt.Errorf("sqlite: read all after %d: %w", after, err)
	}
	evs, err := scanEvents(rows)
	if err != nil {
		return nil, fmt.Errorf("sqlite: read all after %d: %w", after, err)
	}
	return evs, nil
}

const columns = `id, stream, type, version, position, recorded_at, data, metadata`

func scanEvents(rows *sql.Rows) ([]eventstore.RecordedEvent, error) {
	defer rows.Close()
	var evs []eventstore.RecordedEvent
	for rows.Next() {
		var e eventstore.RecordedEvent
		var recordedAt int64
		var data, metadata string
		if err := rows.Scan(&e.ID, &e.Stream, &e.Type, &e.Version, &e.Position, &recordedAt, &data, &metadata); err != nil {
			return nil, err
		}
		e.RecordedAt = time.UnixMicro(recordedAt).UTC()
		e.Data = []byte(data)
		if err := json.Unmarshal([]byte(metadata), &e.Metadata); err != nil {
			return nil, fmt.Errorf("decode metadata of event %s: %w", e.ID, err)
		}
		evs = append(evs, e)
	}
	return evs, rows.Err()
}

// Head implements eventstore.Store.
func (s *Store) Head(ctx context.Context) (int64, error) {
	var head int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(position), 0) FROM eventstore_events`).Scan(&head); err != nil {
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

// Subscribe implements eventstore.Store. Notices are in-process: appends made by another
// process on the same file are seen only when readers poll.
func (s *Store) Subscribe() (<-chan struct{}, func()) { return s.hub.Subscribe() }

// Close ends every subscription. The database stays open: it belongs to the caller.
func (s *Store) Close() error {
	s.hub.Close()
	return nil
}
