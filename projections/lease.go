package projections

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"time"
)

// Lease is the right to be the one active consumer of the feed under a name (a projector, the
// relay) across processes. On PostgreSQL it is a session advisory lock held on a connection
// of its own: when the holder dies, its session ends, the lock is freed and a waiting node
// takes over. An SQLite database is served by one process, so there the lease is always
// granted. The lease is an efficiency, not the guarantee: checkpoints move only from where
// their holder read them (AdvanceCheckpoint), so even two holders could not apply an event
// twice.
type Lease struct {
	conn *sql.Conn
}

// TryLease takes the lease on name if nobody holds it. ok is false when another session
// does; the caller waits and tries again to take over.
func TryLease(ctx context.Context, db *sql.DB, d Dialect, name string) (lease *Lease, ok bool, err error) {
	if d != Postgres {
		return &Lease{}, true, nil
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	if err := conn.QueryRowContext(ctx,
		`SELECT pg_try_advisory_lock(hashtextextended($1, 0))`, "gymlog.feed:"+name).Scan(&ok); err != nil {
		discard(conn)
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	if !ok {
		_ = conn.Close()
		return nil, false, nil
	}
	return &Lease{conn: conn}, true, nil
}

// Check returns an error when the lease's connection is gone, and with it the lock: the holder
// must stop and take the lease again.
func (l *Lease) Check(ctx context.Context) error {
	if l.conn == nil {
		return nil
	}
	if err := l.conn.PingContext(ctx); err != nil {
		return fmt.Errorf("projections: lease lost: %w", err)
	}
	return nil
}

// Release gives the lease up.
func (l *Lease) Release() {
	if l.conn == nil {
		return
	}
	// The lease's own context may be over: unlock on a fresh one. The connection may go back
	// to a pool (a *sql.DB over a pgxpool keeps sessions open), so the lock must be released
	// explicitly, not by closing.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.conn.ExecContext(ctx, `SELECT pg_advisory_unlock_all()`); err != nil {
		discard(l.conn)
	} else {
		_ = l.conn.Close()
	}
	l.conn = nil
}

// discard closes the connection instead of returning it to the pool: a session whose
// unlock failed must end, which frees its advisory locks.
func discard(conn *sql.Conn) {
	_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	_ = conn.Close()
}
