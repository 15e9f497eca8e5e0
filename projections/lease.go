package projections

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"
)

// errLeaseLost means the session that held a lease ended, and with it the lock.
var errLeaseLost = errors.New("projections: lease lost with its database session")

// errLeaseYielded means a node gave up a spread lease because it held more than its share:
// another node joined, and takes the lease over.
var errLeaseYielded = errors.New("projections: lease handed to another node")

// nodesClass is the first key of the advisory lock each node that spreads leases holds on
// its lease session, with a second key of its own: the nodes alive are those locks, which
// end with their sessions as the leases do. Leases use the one-key form, so the two never
// meet.
const nodesClass = 0x67796d6c // "gyml"

// Leases hands out leases: the right to be the one active consumer of the feed under a name
// (a projector, the relay) across processes. On PostgreSQL a lease is a session advisory
// lock; all of one Leases' locks live on one database session, held while any lease is, so
// a node costs one connection however many projectors it runs. When a node dies its session
// ends, its locks are freed and a waiting node takes over. An SQLite database is served by
// one process, so there every lease is granted. A lease is an efficiency, not the guarantee:
// checkpoints move only from where their holder read them, so even two holders could not
// apply an event twice.
//
// Leases taken with TryAcquireShare are spread across the nodes: each takes at most its fair
// share of them, and gives up what it holds beyond that share when another node joins (see
// Lease.Check). A node counts while it spreads leases: from its first TryAcquireShare to
// Leave, it keeps its session, and a lock of its own on it, even when it holds no lease.
type Leases struct {
	db      *sql.DB
	dialect Dialect

	mu      sync.Mutex // serialises the session's use
	conn    *sql.Conn  // nil while no lease is held and the node does not count
	session int        // counts sessions, so a lease knows whether its own still lives
	held    int
	// member is set while the node counts among those that spread leases; counted, once its
	// session holds the node's lock.
	member, counted bool
	// spread is how many leases taken with TryAcquireShare within the node's share are
	// held, of total.
	spread, total int
	// freeSeen counts, per name, the tries in a row that found its lease free while the node
	// held its share (see TryAcquireShare).
	freeSeen map[string]int
}

// freeTries is how many tries in a row must find a lease free, while the node holds its share,
// before the node takes it beyond its share.
const freeTries = 3

// NewLeases returns the leases of one process (or one component of it) on db.
func NewLeases(db *sql.DB, d Dialect) *Leases { return &Leases{db: db, dialect: d} }

// Lease is one held lease.
type Lease struct {
	leases  *Leases
	key     string
	session int
	spread  bool
}

// TryAcquire takes the lease on name if nobody holds it. ok is false when another session
// does; the caller waits and tries again, to take over when that holder goes away.
func (ls *Leases) TryAcquire(ctx context.Context, name string) (lease *Lease, ok bool, err error) {
	if ls.dialect != Postgres {
		return &Lease{}, true, nil
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.tryLock(ctx, name, false)
}

// TryAcquireShare takes the lease on name, one of total spread across the nodes, if nobody
// holds it and this node holds fewer than its share: total divided by the nodes alive,
// rounded up. ok is false otherwise; the caller waits and tries again, to take over when a
// node goes away. Until Leave, the node counts among those alive.
//
// A lease that nobody takes although it is free (the nodes below their share cannot run its
// projector: an older build in a rolling deploy) is taken beyond the share once freeTries
// tries in a row found it free. Such a lease is not part of the share: it is never given up
// for another node, which would then not take it either.
func (ls *Leases) TryAcquireShare(ctx context.Context, name string, total int) (lease *Lease, ok bool, err error) {
	if ls.dialect != Postgres {
		return &Lease{}, true, nil
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.member, ls.total = true, total
	if err := ls.open(ctx); err != nil {
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	share, err := ls.share(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	if ls.spread < share {
		delete(ls.freeSeen, name)
		return ls.tryLock(ctx, name, true)
	}
	lease, ok, err = ls.tryLock(ctx, name, false)
	if err != nil || !ok {
		delete(ls.freeSeen, name)
		return nil, false, err
	}
	if ls.freeSeen == nil {
		ls.freeSeen = map[string]int{}
	}
	if ls.freeSeen[name]++; ls.freeSeen[name] < freeTries {
		lease.release() // free for now: a node below its share may be about to take it
		return nil, false, nil
	}
	delete(ls.freeSeen, name)
	return lease, true, nil
}

// Leave stops counting the node among those that spread leases: the runner stopped, and
// gave its leases up.
func (ls *Leases) Leave() {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.member = false
	if ls.conn != nil && ls.held == 0 {
		ls.endSession()
	}
}

// tryLock takes the lock of name on the session, which it opens if need be.
func (ls *Leases) tryLock(ctx context.Context, name string, spread bool) (lease *Lease, ok bool, err error) {
	if err := ls.open(ctx); err != nil {
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	key := "gymlog.feed:" + name
	if err := ls.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtextextended($1, 0))`, key).Scan(&ok); err != nil {
		ls.endSession()
		return nil, false, fmt.Errorf("projections: lease %s: %w", name, err)
	}
	if !ok {
		ls.idle()
		return nil, false, nil
	}
	ls.held++
	if spread {
		ls.spread++
	}
	return &Lease{leases: ls, key: key, session: ls.session, spread: spread}, true, nil
}

// open opens the session if none is, and takes the node's own lock on it while the node
// counts among those that spread leases.
func (ls *Leases) open(ctx context.Context) error {
	if ls.conn == nil {
		conn, err := ls.db.Conn(ctx)
		if err != nil {
			return err
		}
		ls.conn, ls.held, ls.spread, ls.counted = conn, 0, 0, false
		ls.session++
	}
	for !ls.counted && ls.member {
		var key [4]byte
		_, _ = rand.Read(key[:])
		// Another node holding the same key (one chance in four billion) makes this try
		// another.
		if err := ls.conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1, $2)`,
			nodesClass, int32(binary.BigEndian.Uint32(key[:]))).Scan(&ls.counted); err != nil {
			ls.endSession()
			return err
		}
	}
	return nil
}

// idle ends the session when it holds nothing and the node does not count.
func (ls *Leases) idle() {
	if ls.held == 0 && !ls.member {
		ls.endSession()
	}
}

// share returns how many spread leases this node may hold: total over the nodes alive,
// rounded up. Counting them checks the session too.
func (ls *Leases) share(ctx context.Context) (int, error) {
	var nodes int
	if err := ls.conn.QueryRowContext(ctx, `SELECT count(*) FROM pg_locks
		WHERE locktype = 'advisory' AND objsubid = 2 AND classid = $1 AND granted
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
		nodesClass).Scan(&nodes); err != nil {
		ls.endSession()
		return 0, err
	}
	nodes = max(nodes, 1)
	return (ls.total + nodes - 1) / nodes, nil
}

// Check returns an error when the lease was lost with its session: the holder must stop and
// take the lease again. For a spread lease it returns errLeaseYielded, having released the
// lease, when the node holds more than its share (another node joined): the holder stops,
// and stands by.
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
	if !l.spread {
		if err := ls.conn.PingContext(ctx); err != nil {
			ls.endSession()
			return fmt.Errorf("%w: %w", errLeaseLost, err)
		}
		return nil
	}
	share, err := ls.share(ctx)
	if err != nil {
		return fmt.Errorf("%w: %w", errLeaseLost, err)
	}
	if ls.spread > share {
		l.release()
		return errLeaseYielded
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
	l.release()
}

// release is Release with the session's lock held.
func (l *Lease) release() {
	ls := l.leases
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
	ls.held--
	if l.spread {
		ls.spread--
	}
	ls.idle()
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
	ls.conn, ls.held, ls.spread, ls.counted = nil, 0, 0, false
}
