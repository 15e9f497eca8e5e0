package projections

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Transactions begins the read-model transactions a Runner applies events in. The runner's
// own, the default, are database/sql transactions that run each statement as it comes; a
// database's adapter may save round trips instead (projections/postgres pipelines them), as
// long as every Transaction keeps the guarantees documented on it.
type Transactions interface {
	Begin(ctx context.Context) (Transaction, error)
}

// Transaction is a read-model transaction as the runner drives it: what projectors see of it
// (Exec, Query and Defer), and its claim, flush, commit and rollback.
type Transaction interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	// Defer runs a write later, in order with the other deferred writes and before any
	// other statement or the commit (see Tx.Defer). A failure reported after the Defer
	// call itself (by Flush, Commit or Err) wraps ErrDeferredWrite.
	Defer(ctx context.Context, query string, args ...any) error
	// Claim moves the checkpoint, first of all the transaction's statements; a moved
	// checkpoint fails the transaction, then or at the latest at its commit, with
	// ErrCheckpointMoved.
	Claim(ctx context.Context, c Claim) error
	// Flush runs the deferred writes still waiting, so that a failure is the event's just
	// applied on its own.
	Flush(ctx context.Context) error
	Commit(ctx context.Context) error
	// Rollback ends the transaction unless it committed.
	Rollback()
	// Err is the transaction's own failure once a statement it sent failed, nil before: a
	// moved checkpoint, a lost connection, or a deferred write (ErrDeferredWrite). A
	// transaction that runs statements as they come reports their failures where they
	// happen instead, and nil here.
	Err() error
}

// ErrDeferredWrite wraps the failure of a write a projector deferred (Tx.Defer): the
// events' failure, not the transaction's.
var ErrDeferredWrite = errors.New("projections: deferred write failed")

// Claim is a batch transaction's move of its projector's checkpoint from one position to
// the next.
type Claim struct {
	Name     string
	Version  int
	From, To int64
}

// Failing returns the claim as one statement that fails, instead of changing no row, when
// the checkpoint is no longer at From and Version: it sets the position to NULL, which the
// column refuses (a NOT NULL violation, SQLSTATE 23502). The failure aborts the transaction
// by itself, so a transaction that cannot look at a row count before its commit (a
// pipeline) can send the claim with its writes and the commit. (The row is never deleted:
// the runner creates it before any batch.)
func (c Claim) Failing() (query string, args []any) {
	return `UPDATE projection_checkpoints
	SET position = CASE WHEN position = $4 AND version = $5 THEN CAST($1 AS BIGINT) END,
		failed_position = NULL, last_error = NULL, updated_at = $2
	WHERE name = $3`, []any{c.To, now(), c.Name, c.From, c.Version}
}

// txn is the Tx handed to projectors: a Transaction with the table map of a rebuild and the
// notes.
type txn struct {
	Transaction
	tables map[string]string
	notes  []note
}

// Note keeps v under key once the transaction commits, unless it is a rebuild's.
func (t *txn) Note(key string, v any) {
	if t.tables == nil {
		t.notes = append(t.notes, note{key: key, value: v})
	}
}

// Live reports whether the transaction writes the live tables, not a rebuild's copies.
func (t *txn) Live() bool { return t.tables == nil }

// Table returns the physical name of the logical table name.
func (t *txn) Table(name string) string {
	if physical, ok := t.tables[name]; ok {
		return physical
	}
	return name
}

// begin starts a read-model transaction writing the tables as mapped (nil: the live ones).
// Plain transactions run their statements prepared once (see Runner.liveStmts).
func (r *Runner) begin(ctx context.Context, tables map[string]string) (*txn, error) {
	ts := r.cfg.transactions
	if p, ok := ts.(plainTransactions); ok {
		p.stmts = r.liveStmts
		if tables != nil {
			p.stmts = r.rebuildStmts
		}
		ts = p
	}
	tx, err := ts.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("projections: begin: %w", err)
	}
	return &txn{Transaction: tx, tables: tables}, nil
}

// plainTransactions begins database/sql transactions that run each statement as it comes:
// SQLite's, in this process, where a statement costs no round trip, or any other database's
// without an adapter of its own.
type plainTransactions struct {
	db *sql.DB
	// stmts, when set, keeps the statements prepared: parsing them again was a third of a
	// rebuild's time on SQLite, and a fifth of an import's.
	stmts *Prepared
	// anonymous: see plainTx.
	anonymous bool
}

func (p plainTransactions) Begin(ctx context.Context) (Transaction, error) {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return plainTx{Tx: tx, stmts: p.stmts, anonymous: p.anonymous}, nil
}

// plainTx is a database/sql transaction. Its Commit and Rollback take the place of
// sql.Tx's, which it embeds; its Exec and Query run kept statements when it has them.
type plainTx struct {
	*sql.Tx
	stmts *Prepared
	// anonymous: the database is SQLite, whose driver binds anonymous parameters far faster
	// (positional).
	anonymous bool
}

// stmt returns the transaction's use of query's kept statement, or nil to run query as is.
func (t plainTx) stmt(ctx context.Context, query string) *sql.Stmt {
	if t.stmts == nil {
		return nil
	}
	if s := t.stmts.stmt(ctx, query); s != nil {
		return t.Tx.StmtContext(ctx, s)
	}
	return nil
}

func (t plainTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query = t.text(query)
	if s := t.stmt(ctx, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, query, args...)
}

func (t plainTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	query = t.text(query)
	if s := t.stmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, query, args...)
}

func (t plainTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	query = t.text(query)
	if s := t.stmt(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, query, args...)
}

// text is query as the transaction's database takes it best.
func (t plainTx) text(query string) string {
	if t.anonymous {
		return positional(query)
	}
	return query
}

// positional returns query with its parameters made anonymous ("?") when they are $1 … $n,
// each once and in that order, so that the arguments bind as before; any other query as it
// is. SQLite's driver looks each numbered parameter up by name, a walk of every name, so a
// statement of thousands of them (a batch's rows, many to a statement) took time that grew
// with their square: 400 rows of 23 columns, 90 ms against 1.2 ms anonymous.
func positional(query string) string {
	if !strings.Contains(query, "$") {
		return query
	}
	var b strings.Builder
	next, last, quoted := 1, 0, false
	for i := 0; i < len(query); i++ {
		switch c := query[i]; {
		case c == '\'':
			quoted = !quoted
		case quoted || c != '$':
		default:
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			if j == i+1 {
				continue // a dollar sign, not a parameter
			}
			if n, err := strconv.Atoi(query[i+1 : j]); err != nil || n != next {
				return query // numbered out of order, or used twice
			}
			b.WriteString(query[last:i])
			b.WriteByte('?')
			next, last, i = next+1, j, j-1
		}
	}
	if next == 1 {
		return query
	}
	b.WriteString(query[last:])
	return b.String()
}

// Defer runs the statement at once: its failure is the caller's to report.
func (t plainTx) Defer(ctx context.Context, query string, args ...any) error {
	_, err := t.ExecContext(ctx, query, args...)
	return err
}

func (t plainTx) Claim(ctx context.Context, c Claim) error {
	return claimCheckpoint(ctx, t.Tx, c.Name, c.Version, c.From, c.To)
}

func (t plainTx) Flush(context.Context) error { return nil }

func (t plainTx) Commit(context.Context) error { return t.Tx.Commit() }

func (t plainTx) Rollback() { _ = t.Tx.Rollback() }

func (t plainTx) Err() error { return nil }
