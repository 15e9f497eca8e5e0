package projections

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync"
	"time"
)

// errLeaseLost means the session that held a lease ended, and with it the lock.
var errLeaseLost = errors.New("projections: lease lost with its database session")

// Leases hands out leases: the right to be the one active consumer of the feed under a name
// (a projector, the relay) across processes. On PostgreSQL a lease is a session advisory
// lock; all of one Leases' locks live on one database session, held while any lease is, so
// a node costs one connection however many projectors it runs. When a node dies its session
// ends, its locks are freed and a waiting node takes over. An SQLite database is served by
// one process, so there every lease is granted. A lease is an efficiency, not the guarantee:
// checkpoints move only from where their holder read them, so even two holders could not
// apply an event twice.
type Leases struct {
	db      *sql.DB
	dialect Dialect

	mu      sync.Mutex // serialises the session's use
	conn    *sql.Conn  // nil while no lease is held
	session int        // counts sessions, so a lease knows whether its own still lives
	held    int
}

// NewLeases returns the leases of one process (or one component of it) on db.
func NewLeases(db *sql.DB, d Dialect) *Leases { return &Leases{db: db, dialect: d} }

// Lease is one held lease.
type Lease struct {
	leases  *Leases
	key     string
	session int
}

// TryAcquire takes the lease on name if nobody holds it. ok is false when another session
// does; the caller waits and tries again, to take over when that holder goes away.
func (ls *Leases) TryAcquire(ctx context.Context, name string) (lease *Lease, ok bool, err error) {
	if ls.dialect != Postgres {
		return &Lease{}, true, nil
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.conn == nil {
		conn, err := ls.db.Conn(ctx)
		if err != nil {
			return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
		}
		ls.conn, ls.held = conn, 0
		ls.session++
	}
	key := "gymlog.feed:" + name
	if err := ls.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtextextended($1, 0))`, key).Scan(&ok); err != nil {
		ls.endSession()
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	if !ok {
		if ls.held == 0 {
			ls.endSession()
		}
		return nil, false, nil
	}
	ls.held++
	return &Lease{leases: ls, key: key, session: ls.session}, true, nil
}

// Check returns an error when the lease was lost with its session: the holder must stop and
// take the lease again.
func (l *Lease) Check(ctx context.Context) error {
	ls := l.leases
	if ls == nil {
		return nil
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.conn == nil || ls.session != l.session {
		return errLeaseLost
	}
	if err := ls.conn.PingContext(ctx); err != nil {
		ls.endSession()
		return fmt.Errorf("%w: %w", errLeaseLost, err)
	}
	return nil
}

// Release gives the lease up. The holder's context may be over by then, so the unlock runs
// on its own.
func (l *Lease) Release() {
	ls := l.leases
	if ls == nil {
		return
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.conn == nil || ls.session != l.session {
		return
	}
	l.leases = nil
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := ls.conn.ExecContext(ctx, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, l.key); err != nil {
		ls.endSession()
		return
	}
	if ls.held--; ls.held == 0 {
		ls.endSession()
	}
}

// endSession gives the session's connection back with no lock left on it: the connection may
// return to a pool (a *sql.DB over a pgxpool keeps sessions open), so closing it does not end
// the session. When the unlock fails the connection is discarded instead, which does.
func (ls *Leases) endSession() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := ls.conn.ExecContext(ctx, `SELECT pg_advisory_unlock_all()`); err != nil {
		_ = ls.conn.Raw(func(any) error { return driver.ErrBadConn })
	}
	_ = ls.conn.Close()
	ls.conn, ls.held = nil, 0
}
