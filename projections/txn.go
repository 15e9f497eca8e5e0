package projections

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// claim is a batch transaction's move of its projector's checkpoint (see claimCheckpoint).
type claim struct {
	name     string
	version  int
	from, to int64
}

// txn is a read-model transaction as the runner drives it: the Tx handed to projectors,
// with its claim, commit and rollback.
type txn interface {
	Tx
	// claim moves the checkpoint, first of all the transaction's statements; a moved
	// checkpoint fails it, then or at the latest at commit, with ErrCheckpointMoved.
	claim(ctx context.Context, c claim) error
	// settle runs what the projector deferred for one event applied on its own, so that a
	// failure is the event's.
	settle(ctx context.Context) error
	commit(ctx context.Context) error
	rollback()
	// failure is the transaction's own failure, if a statement it sent failed: a moved
	// checkpoint, a lost connection, or a deferred statement (a *deferredError).
	failure() error
	// kept is what the projectors noted, once the transaction committed.
	kept() []note
}

// txBase is what both kinds of transaction share: the table map of a rebuild and the notes.
type txBase struct {
	tables map[string]string
	notes  []note
}

// Note keeps v under key once the transaction commits, unless it is a rebuild's.
func (t *txBase) Note(key string, v any) {
	if t.tables == nil {
		t.notes = append(t.notes, note{key: key, value: v})
	}
}

// Live reports whether the transaction writes the live tables, not a rebuild's copies.
func (t *txBase) Live() bool { return t.tables == nil }

// Table returns the physical name of the logical table name.
func (t *txBase) Table(name string) string {
	if physical, ok := t.tables[name]; ok {
		return physical
	}
	return name
}

func (t *txBase) kept() []note { return t.notes }

// begin starts a read-model transaction: pipelined on PostgreSQL through pgx, a plain one
// otherwise.
func (r *Runner) begin(ctx context.Context, tables map[string]string) (txn, error) {
	if r.dialect == Postgres {
		conn, err := r.db.Conn(ctx)
		if err != nil {
			return nil, fmt.Errorf("projections: begin: %w", err)
		}
		isPgx := false
		_ = conn.Raw(func(dc any) error {
			_, isPgx = dc.(*stdlib.Conn)
			return nil
		})
		if isPgx {
			// Read models commit without waiting for the disk: a crash can lose the last
			// transactions, and with them their checkpoints, so their events are applied
			// again from the event store, whose appends do wait.
			begin := []statement{{query: "BEGIN"}, {query: "SET LOCAL synchronous_commit TO OFF"}}
			return &pipelinedTx{txBase: txBase{tables: tables}, conn: conn, pending: begin}, nil
		}
		_ = conn.Close()
	}
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("projections: begin: %w", err)
	}
	return &plainTx{txBase: txBase{tables: tables}, Tx: tx}, nil
}

// plainTx is a database/sql transaction, each statement run as it comes: SQLite's, in this
// process, where a statement costs no round trip.
type plainTx struct {
	txBase
	*sql.Tx
}

// Defer runs the statement at once.
func (t *plainTx) Defer(ctx context.Context, query string, args ...any) error {
	_, err := t.ExecContext(ctx, query, args...)
	return err
}

func (t *plainTx) claim(ctx context.Context, c claim) error {
	return claimCheckpoint(ctx, t.Tx, c.name, c.version, c.from, c.to)
}

func (t *plainTx) settle(context.Context) error { return nil }

func (t *plainTx) commit(context.Context) error { return t.Commit() }

func (t *plainTx) rollback() { _ = t.Rollback() }

func (t *plainTx) failure() error { return nil }

// statement is a statement a pipelined transaction holds back.
type statement struct {
	query string
	args  []any
	kind  statementKind
}

// statementKind says what a held statement is, and so what its failure means.
type statementKind int

const (
	control  statementKind = iota // BEGIN, SET LOCAL, COMMIT: their failure is the transaction's
	claiming                      // the checkpoint claim: a NOT NULL failure means it moved
	deferred                      // a projector's write (Defer): its failure is the events'
)

// claimPipelinedSQL moves a checkpoint as claimCheckpoint does, but fails, instead of
// changing no row, when the row is no longer at the expected position and version: it sets
// position to NULL, which the column refuses. The failure aborts the transaction by itself,
// so the claim can travel in one pipeline with the writes and the commit. (The row is
// never deleted: ensureCheckpoint creates it before any batch.)
const claimPipelinedSQL = `UPDATE projection_checkpoints
	SET position = CASE WHEN position = $4 AND version = $5 THEN CAST($1 AS BIGINT) END,
		failed_position = NULL, last_error = NULL, updated_at = $2
	WHERE name = $3`

// pipelinedTx is a PostgreSQL read-model transaction that saves round trips, each of which
// waits for a turn on a core when the machine is busy: BEGIN, the checkpoint claim and the
// statements a projector defers (Defer) are held back and sent in one pipeline, with the
// COMMIT when nothing had to be read; a statement run otherwise (a read) first sends what is
// held back. A batch of logged sets whose rows the projector remembers is then one round
// trip.
type pipelinedTx struct {
	txBase
	conn    *sql.Conn
	pending []statement
	began   bool  // BEGIN was sent
	err     error // the first failure: every later statement fails with it
	done    bool  // committed, or rolled back
}

// Defer holds the statement back until the transaction next sends anything.
func (t *pipelinedTx) Defer(_ context.Context, query string, args ...any) error {
	if t.err != nil {
		return t.err
	}
	t.pending = append(t.pending, statement{query: query, args: args, kind: deferred})
	return nil
}

func (t *pipelinedTx) claim(_ context.Context, c claim) error {
	t.pending = append(t.pending, statement{query: claimPipelinedSQL, args: []any{c.to, now(), c.name, c.from, c.version},
		kind: claiming})
	return nil
}

// send sends what is held back, then extra, in one pipeline.
func (t *pipelinedTx) send(ctx context.Context, extra ...statement) error {
	if t.err != nil {
		return t.err
	}
	stmts := append(t.pending, extra...)
	t.pending = nil
	if len(stmts) == 0 {
		return nil
	}
	if stmts[0].query == "BEGIN" {
		t.began = true
	}
	t.err = t.conn.Raw(func(dc any) error {
		conn := dc.(*stdlib.Conn).Conn()
		b := &pgx.Batch{}
		for _, s := range stmts {
			b.Queue(s.query, s.args...)
		}
		results := conn.SendBatch(ctx, b)
		for _, s := range stmts {
			if _, err := results.Exec(); err != nil {
				_ = results.Close()
				return statementError(s, err)
			}
		}
		return results.Close()
	})
	return t.err
}

// statementError says what the failure of s in a pipeline means.
func statementError(s statement, err error) error {
	var pgErr *pgconn.PgError
	switch {
	case s.kind == deferred:
		return &deferredError{err: err}
	case s.kind == claiming && errors.As(err, &pgErr) && pgErr.Code == "23502": // not_null_violation
		return ErrCheckpointMoved
	}
	return err
}

// deferredError is the failure of a statement a projector deferred.
type deferredError struct{ err error }

func (e *deferredError) Error() string { return e.err.Error() }

func (e *deferredError) Unwrap() error { return e.err }

func (t *pipelinedTx) settle(ctx context.Context) error {
	for _, s := range t.pending {
		if s.kind == deferred {
			return t.send(ctx) // a deferred write is waiting
		}
	}
	return nil
}

func (t *pipelinedTx) commit(ctx context.Context) error {
	if err := t.send(ctx, statement{query: "COMMIT"}); err != nil {
		return err
	}
	t.done = true
	_ = t.conn.Close()
	return nil
}

// rollback ends the transaction unless it committed, and returns the connection; one that
// cannot be rolled back is closed rather than handed to the next user mid-transaction.
func (t *pipelinedTx) rollback() {
	if t.done {
		return
	}
	t.done = true
	if t.began {
		if _, err := t.conn.ExecContext(context.Background(), "ROLLBACK"); err != nil {
			_ = t.conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}
	_ = t.conn.Close()
}

// ExecContext runs a statement after what is held back.
func (t *pipelinedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if err := t.send(ctx); err != nil {
		return nil, err
	}
	return t.conn.ExecContext(ctx, query, args...)
}

// QueryContext runs a query after what is held back.
func (t *pipelinedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if err := t.send(ctx); err != nil {
		return nil, err
	}
	return t.conn.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query after what is held back. If sending that failed, the query
// is not run (its context is cancelled) and the row's error is the cancellation; the
// runner reports the transaction's own failure instead.
func (t *pipelinedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if err := t.send(ctx); err != nil {
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		return t.conn.QueryRowContext(cancelled, query, args...)
	}
	return t.conn.QueryRowContext(ctx, query, args...)
}

// failure is the transaction's own failure, if sending failed.
func (t *pipelinedTx) failure() error { return t.err }
