package projections

import (
	"context"
	"database/sql"
	"fmt"
	"iter"
	"strings"
)

// MemoryRebuilt is a projector that can rebuild its read model in memory: a rebuild hands
// every event it wants to a fresh Rebuilding instead of applying it to the copies of its
// tables through SQL, and the read model is written into the copies in bulk once the log is
// drained (COPY on PostgreSQL, multi-row INSERTs on SQLite), then swapped in as any rebuild.
// What Flush writes must be exactly what Apply, event by event from the first, leaves in the
// tables: TestRebuildAllEqualsLive and every test that checks rebuilt read models against
// live ones hold it to that, hostile logs included.
type MemoryRebuilt interface {
	Projector
	// NewRebuilding returns an empty read model for a rebuild from the first event.
	NewRebuilding() Rebuilding
}

// Rebuilding is a read model being rebuilt in memory.
type Rebuilding interface {
	// Apply applies one event the projector wants, its payload decoded, in order. An error
	// fails the rebuild, which leaves the live read model as it was.
	Apply(ev Event) error
	// Flush writes what the read model holds into the rebuild's copies of its tables, each
	// table once, through w.
	Flush(ctx context.Context, w RowWriter) error
}

// RowWriter writes the rows of a rebuilt read model into the copies of its tables.
type RowWriter interface {
	// Write writes every row of rows into table (the logical name), each row a value per
	// column in columns' order, typed as the projector's SQL would pass them as arguments.
	Write(ctx context.Context, table string, columns []string, rows iter.Seq[[]any]) error
}

// Copier is implemented by a Transactions adapter that can load rows into a table faster
// than INSERT statements do (projections/postgres with COPY).
type Copier interface {
	CopyRows(ctx context.Context, table string, columns []string, rows iter.Seq[[]any]) error
}

// rowWriter writes a rebuild's rows into its copies: through the runner's Copier when it
// has one, in multi-row INSERTs otherwise.
type rowWriter struct {
	r      *Runner
	copies map[string]string
	// written, when not nil, is told of each table whose rows are all written.
	written func(table string)
}

// insertRows is how many rows one multi-row INSERT takes at most, and rowsPerTx how many one
// transaction: on SQLite it holds the database's one write lock, which the app's appends wait
// for, so it is kept to a fraction of a second.
const (
	insertRows = 200
	rowsPerTx  = 20_000
	maxParams  = 30_000
	// bulkCacheKiB is SQLite's page cache while a table is written in bulk, at most: an
	// eighth of the rebuild's memory budget (bulkCache).
	bulkCacheKiB = 256 << 10
)

// bulkCache is SQLite's page cache for a rebuild's bulk writes and index builds, in bytes:
// memory outside the Go heap, within the rebuild's budget.
func (r *Runner) bulkCache() int64 { return min(bulkCacheKiB<<10, r.cfg.rebuildMemory/8) }

// bulkConn takes a connection to write or swap a rebuild's copies with. On SQLite it has a
// page cache of bulkCacheKiB until release gives it back: rows go into a copy's key index in
// any order, and with the default 2 MB each transaction writes most of the index again; and
// the swap's index builds sort in runs of the page cache's size, merged through temporary
// files when there are several.
func (r *Runner) bulkConn(ctx context.Context) (*sql.Conn, func(), error) {
	conn, err := r.db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	if r.dialect != SQLite {
		return conn, func() { _ = conn.Close() }, nil
	}
	var was int64
	if err := conn.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&was); err != nil {
		_ = conn.Close()
		return nil, nil, err
	}
	if _, err := conn.ExecContext(ctx, `PRAGMA cache_size = -`+fmt.Sprint(r.bulkCache()>>10)); err != nil {
		_ = conn.Close()
		return nil, nil, err
	}
	return conn, func() {
		_, _ = conn.ExecContext(context.Background(), `PRAGMA cache_size = `+fmt.Sprint(was))
		_ = conn.Close()
	}, nil
}

func (w rowWriter) Write(ctx context.Context, table string, columns []string, rows iter.Seq[[]any]) error {
	c, ok := w.copies[table]
	if !ok {
		return fmt.Errorf("projections: %s is not a table of the projector", table)
	}
	for _, col := range columns {
		if !tableName.MatchString(col) {
			return fmt.Errorf("projections: column name %q", col)
		}
	}
	var err error
	if cp, ok := w.r.cfg.transactions.(Copier); ok {
		err = cp.CopyRows(ctx, c, columns, rows)
	} else {
		err = w.insert(ctx, c, columns, rows)
	}
	if err == nil && w.written != nil {
		w.written(table)
	}
	return err
}

// insert writes rows into table c with multi-row INSERTs, in transactions of rowsPerTx rows.
func (w rowWriter) insert(ctx context.Context, c string, columns []string, rows iter.Seq[[]any]) error {
	per := min(insertRows, maxParams/len(columns))
	statement := func(n int) string {
		var b strings.Builder
		// On SQLite OR FAIL stops at a row that breaks a constraint as plain INSERT does
		// (and the rebuild fails), without the statement journal SQLite keeps to take back
		// a plain INSERT's earlier rows.
		b.WriteString("INSERT ")
		if w.r.dialect == SQLite {
			b.WriteString("OR FAIL ")
		}
		b.WriteString("INTO " + c + " (" + strings.Join(columns, ", ") + ") VALUES ")
		p := 1
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('(')
			for j := range columns {
				if j > 0 {
					b.WriteString(", ")
				}
				// SQLite's driver looks each numbered parameter up by name, a walk of
				// every name: with hundreds of them, anonymous ones bind far faster.
				if w.r.dialect == SQLite {
					b.WriteByte('?')
				} else {
					fmt.Fprintf(&b, "$%d", p)
				}
				p++
			}
			b.WriteByte(')')
		}
		return b.String()
	}
	full := statement(per)
	conn, release, err := w.r.bulkConn(ctx)
	if err != nil {
		return fmt.Errorf("projections: write %s: %w", c, err)
	}
	defer release()
	// One goroutine makes the rows and lays them out as the arguments of one statement each
	// while this one has the database insert those before: on SQLite the insert keeps one
	// core busy, making the rows (and their JSON) the other.
	ctx, cancel := context.WithCancel(ctx)
	chunks := make(chan []any, rowsPerTx/per)
	var rowErr error
	go func() {
		defer close(chunks)
		args := make([]any, 0, per*len(columns))
		send := func() bool {
			select {
			case chunks <- args:
				args = make([]any, 0, per*len(columns))
				return true
			case <-ctx.Done():
				return false
			}
		}
		for row := range rows {
			if len(row) != len(columns) {
				rowErr = fmt.Errorf("projections: a row of %s has %d values for %d columns", c, len(row), len(columns))
				return
			}
			if args = append(args, row...); len(args) == cap(args) && !send() {
				return
			}
		}
		if len(args) > 0 {
			send()
		}
	}()
	defer func() {
		// The rows' iterator is done with before Write returns, whatever happened.
		cancel()
		for range chunks {
		}
	}()
	var pending [][]any
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		defer w.r.writing()()
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("projections: write %s: %w", c, err)
		}
		defer func() { _ = tx.Rollback() }()
		stmt, err := tx.PrepareContext(ctx, full)
		if err != nil {
			return fmt.Errorf("projections: write %s: %w", c, err)
		}
		defer stmt.Close()
		for _, args := range pending {
			if len(args) == cap(args) {
				_, err = stmt.ExecContext(ctx, args...)
			} else {
				_, err = tx.ExecContext(ctx, statement(len(args)/len(columns)), args...)
			}
			if err != nil {
				return fmt.Errorf("projections: write %s: %w", c, err)
			}
		}
		pending = pending[:0]
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("projections: write %s: %w", c, err)
		}
		return nil
	}
	// Each transaction takes rowsPerTx rows, gathered before it begins: it holds SQLite's
	// one write lock no longer than the rows take to insert.
	for args := range chunks {
		if pending = append(pending, args); len(pending)*per >= rowsPerTx {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if rowErr != nil {
		return rowErr
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return flush()
}
