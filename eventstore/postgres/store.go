// Package postgres is the production event store on PostgreSQL through pgx. Many app nodes
// may append at once: appends to one stream queue on its row, and every append takes one
// global counter row as late as possible inside its transaction, so positions become
// visible in the order they were handed out and a catch-up reader can trust the order.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/gymlog/gymlog/eventstore"
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
	// channel is the LISTEN/NOTIFY channel eventstore_append notifies on commit.
	channel = "gymlog_eventstore"
	// wrongVersion is the SQLSTATE eventstore_append raises on an expected-version mismatch.
	wrongVersion = "GLV01"
	// uniqueViolation is PostgreSQL's SQLSTATE for a duplicate key.
	uniqueViolation = "23505"
)

// Store is the PostgreSQL event store. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	hub  fanout.Hub

	// listening starts the one LISTEN connection on the first Subscribe.
	listening    sync.Once
	stopListener context.CancelFunc
	listenerDone chan struct{}
	closeOnce    sync.Once

	// beforeCommit, set only by tests, runs inside an append's transaction once it holds
	// the counter, to prove that readers cannot pass an append that has not committed.
	beforeCommit func(ctx context.Context, stream string)
}

var _ eventstore.Store = (*Store)(nil)

// New migrates the event store's tables in the pool's database and returns the store. The
// store does not own pool: Close leaves it open for the read models.
func New(ctx context.Context, pool *pgxpool.Pool) (*Store, error) {
	if err := migrate(ctx, pool); err != nil {
		return nil, err
	}
	return &Store{pool: pool}, nil
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

// Append implements eventstore.Store.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	ids, err := validate.Append(stream, expected, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	types := make([]string, len(events))
	data := make([]string, len(events))
	metadata := make([]eventstore.Metadata, len(events))
	for i, e := range events {
		types[i], data[i], metadata[i] = e.Type, string(e.Data), e.Metadata
	}
	args := []any{stream, int64(expected), ids, types, data, metadata, time.Now()}

	res, err := s.write(ctx, stream, args)
	if err == nil {
		return res, nil
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || (pgErr.Code != wrongVersion && pgErr.Code != uniqueViolation) {
		return eventstore.AppendResult{}, fmt.Errorf("postgres: append to %s: %w", stream, err)
	}
	// A conflict may be a retried command whose events are already stored: answer it with
	// the first append's result. Checking only after a conflict keeps it off the fast path.
	first, ok, err := s.firstResult(ctx, ids)
	switch {
	case err != nil:
		return eventstore.AppendResult{}, err
	case ok:
		return first, nil
	case pgErr.Code == wrongVersion:
		actual, err := strconv.ParseInt(pgErr.Detail, 10, 64)
		if err != nil {
			return eventstore.AppendResult{}, fmt.Errorf("postgres: append to %s: actual version %q: %w", stream, pgErr.Detail, err)
		}
		return eventstore.AppendResult{}, &eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: actual}
	}
	return eventstore.AppendResult{}, fmt.Errorf("postgres: append to %s: %w", stream, pgErr)
}

const appendSQL = `SELECT new_version, last_position FROM eventstore_append($1, $2, $3, $4, $5, $6, $7)`

// write runs eventstore_append, on its own (one round trip, committed by the server) or,
// when a test holds appends open, inside an explicit transaction.
func (s *Store) write(ctx context.Context, stream string, args []any) (eventstore.AppendResult, error) {
	var res eventstore.AppendResult
	if s.beforeCommit == nil {
		err := s.pool.QueryRow(ctx, appendSQL, args...).Scan(&res.Version, &res.Position)
		return res, err
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, appendSQL, args...).Scan(&res.Version, &res.Position); err != nil {
			return err
		}
		s.beforeCommit(ctx, stream)
		return nil
	})
	return res, err
}

// firstResult looks up which of ids are already stored; see validate.FirstResult.
func (s *Store) firstResult(ctx context.Context, ids []string) (eventstore.AppendResult, bool, error) {
	var found int
	var last eventstore.AppendResult
	err := s.pool.QueryRow(ctx, `SELECT count(*) OVER (), version, position
		FROM eventstore_events WHERE id = ANY($1) ORDER BY position DESC LIMIT 1`, ids).
		Scan(&found, &last.Version, &last.Position)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return eventstore.AppendResult{}, false, fmt.Errorf("postgres: look up event ids: %w", err)
	}
	return validate.FirstResult(len(ids), found, last)
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

const columns = `id, stream, type, version, position, recorded_at, data, metadata`

func scanEvents(rows pgx.Rows) ([]eventstore.RecordedEvent, error) {
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (eventstore.RecordedEvent, error) {
		var e eventstore.RecordedEvent
		err := row.Scan(&e.ID, &e.Stream, &e.Type, &e.Version, &e.Position, &e.RecordedAt, &e.Data, &e.Metadata)
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

// Close stops the LISTEN connection and ends every subscription. The pool stays open: it
// belongs to the caller.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		// Claim the once so that no listener starts after Close.
		s.listening.Do(func() {})
		if s.stopListener != nil {
			s.stopListener()
			<-s.listenerDone
		}
		s.hub.Close()
	})
	return nil
}
