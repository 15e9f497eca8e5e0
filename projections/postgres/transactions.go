// Package postgres is the read models' PostgreSQL adapter: read-model transactions pipelined
// through pgx, which the runner takes with projections.WithTransactions. It lives beside the
// projections it serves, not in the event store's adapter: what it keeps is the runner's
// contract (the checkpoint claim, deferred writes), and the event store must not depend on
// the read models.
package postgres

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"iter"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/gymlog/gymlog/projections"
)

// Transactions begins pipelined read-model transactions on a database/sql handle opened
// with pgx's driver.
type Transactions struct{ db *sql.DB }

// NewTransactions returns the pipelined transactions of db, which must have been opened
// with pgx's database/sql driver (stdlib).
func NewTransactions(db *sql.DB) *Transactions { return &Transactions{db: db} }

// Begin takes a connection for a pipelined transaction; nothing is sent yet.
func (t *Transactions) Begin(ctx context.Context) (projections.Transaction, error) {
	conn, err := t.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	isPgx := false
	_ = conn.Raw(func(dc any) error {
		_, isPgx = dc.(*stdlib.Conn)
		return nil
	})
	if !isPgx {
		_ = conn.Close()
		return nil, errors.New("postgres: the read-model database is not opened with pgx")
	}
	// Read models commit without waiting for the disk: a crash can lose the last
	// transactions, and with them their checkpoints, so their events are applied again from
	// the event store, whose appends do wait.
	begin := []statement{{query: "BEGIN"}, {query: "SET LOCAL synchronous_commit TO OFF"}}
	return &pipelinedTx{conn: conn, pending: begin}, nil
}

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

// pipelinedTx is a PostgreSQL read-model transaction that saves round trips, each of which
// waits for a turn on a core when the machine is busy: BEGIN, the checkpoint claim and the
// statements a projector defers (Defer) are held back and sent in one pipeline, with the
// COMMIT when nothing had to be read; a statement run otherwise (a read) first sends what is
// held back. A batch of logged sets whose rows the projector remembers is then one round
// trip.
type pipelinedTx struct {
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

// Claim holds back the claim in its failing form (projections.Claim.Failing): the
// pipeline cannot look at its row count before the commit.
func (t *pipelinedTx) Claim(_ context.Context, c projections.Claim) error {
	query, args := c.Failing()
	t.pending = append(t.pending, statement{query: query, args: args, kind: claiming})
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
		return fmt.Errorf("%w: %w", projections.ErrDeferredWrite, err)
	case s.kind == claiming && errors.As(err, &pgErr) && pgErr.Code == "23502": // not_null_violation
		return projections.ErrCheckpointMoved
	}
	return err
}

// Flush sends the held-back statements if a deferred write is among them.
func (t *pipelinedTx) Flush(ctx context.Context) error {
	for _, s := range t.pending {
		if s.kind == deferred {
			return t.send(ctx)
		}
	}
	return nil
}

// Commit sends what is held back with the COMMIT, and returns the connection.
func (t *pipelinedTx) Commit(ctx context.Context) error {
	if err := t.send(ctx, statement{query: "COMMIT"}); err != nil {
		return err
	}
	t.done = true
	_ = t.conn.Close()
	return nil
}

// Rollback ends the transaction unless it committed, and returns the connection; one that
// cannot be rolled back is closed rather than handed to the next user mid-transaction.
func (t *pipelinedTx) Rollback() {
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

// Err is the transaction's own failure, if sending failed.
func (t *pipelinedTx) Err() error { return t.err }

// CopyRows loads rows into table with COPY, in one statement: what a rebuild in memory
// writes into the copies of its tables (projections.Copier).
func (t *Transactions) CopyRows(ctx context.Context, table string, columns []string, rows iter.Seq[[]any]) error {
	conn, err := t.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	next, stop := iter.Pull(rows)
	defer stop()
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return errors.New("postgres: the read-model database is not opened with pgx")
		}
		_, err := c.Conn().CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromFunc(func() ([]any, error) {
			row, ok := next()
			if !ok {
				return nil, nil
			}
			return row, nil
		}))
		if err != nil {
			return fmt.Errorf("postgres: copy into %s: %w", table, err)
		}
		return nil
	})
}
