package projections

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// maxPrepared bounds the statements a Prepared keeps: the read models' queries are fixed
// texts, a few dozen; a text past the bound runs unprepared.
const maxPrepared = 256

// Prepared runs the read models' queries through statements prepared once per text and
// kept. SQLite's driver otherwise parses every query again, which was a fifth of a busy
// server's CPU; on PostgreSQL the driver already keeps prepared statements, and this changes
// nothing. It is safe for concurrent use; a statement is prepared on each connection as it is
// first used there (database/sql does that).
type Prepared struct {
	db *sql.DB

	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

// NewPrepared returns queries over db through kept statements.
func NewPrepared(db *sql.DB) *Prepared { return &Prepared{db: db, stmts: map[string]*sql.Stmt{}} }

// stmt returns the kept statement of query, preparing it on first use; nil when it cannot
// (the query then runs unprepared, and reports its own error).
func (p *Prepared) stmt(ctx context.Context, query string) *sql.Stmt {
	p.mu.RLock()
	s, ok := p.stmts[query]
	p.mu.RUnlock()
	if ok {
		return s
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s, ok := p.stmts[query]; ok {
		return s
	}
	if len(p.stmts) >= maxPrepared {
		return nil
	}
	s, err := p.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	p.stmts[query] = s
	return s
}

// QueryContext runs a query that returns rows.
func (p *Prepared) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s := p.stmt(ctx, query); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return p.db.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a query that returns at most one row.
func (p *Prepared) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if s := p.stmt(ctx, query); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return p.db.QueryRowContext(ctx, query, args...)
}

// ExecContext runs a statement that returns no rows.
func (p *Prepared) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s := p.stmt(ctx, query); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return p.db.ExecContext(ctx, query, args...)
}

// Close releases the kept statements.
func (p *Prepared) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for q, s := range p.stmts {
		_ = s.Close()
		delete(p.stmts, q)
	}
	return nil
}

// Scanner is what a query's row offers: *sql.Row and *sql.Rows alike.
type Scanner interface{ Scan(dest ...any) error }

// QueryAll runs query through p and scans every row it answers with scan, in order; what
// names the query in an error. No row is an empty list, not nil.
func QueryAll[T any](ctx context.Context, p *Prepared, what string, scan func(Scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := p.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		x, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}
