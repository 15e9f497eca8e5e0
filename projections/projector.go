// Package projections builds the read models behind every screen from the event store's
// global feed. A Projector turns one event into read-model changes; the Runner feeds each
// projector from its checkpoint, applying a batch and the new checkpoint in one transaction.
package projections

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Dialect names the SQL flavour of the read-model database. Read-model SQL is written once,
// portable to both; the few places that differ (DDL copies during rebuild) switch on this.
type Dialect string

// The supported read-model databases.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Tx is the read-model transaction a projector writes through: Exec and Query run as in
// database/sql. Table maps a logical table name to the physical one: the live table
// normally, its fresh copy during a rebuild. Queries use "$1"-style placeholders, which
// both databases accept.
type Tx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	Table(name string) string
	// Note keeps v under key once the transaction commits (not in a rebuild), for the
	// request that waits for the event to take with Runner.Take instead of reading back
	// what the projector just wrote.
	Note(key string, v any)
	// Defer runs a write later in the transaction, in order with the other deferred writes
	// and before any other statement or the commit. The runner's own transactions run it at
	// once; an adapter may hold it back (PostgreSQL's sends the deferred writes together,
	// with the commit when nothing is read after them, in one round trip). A deferred write
	// that fails fails the batch, or the event applied on its own, it was deferred in. It
	// returns the transaction's failure, if it already failed. The arguments may be held
	// until sent: the caller must not change them afterwards.
	Defer(ctx context.Context, query string, args ...any) error
	// Live reports whether the transaction writes the live tables (false in a rebuild's):
	// what a Remembering projector writes in it is what its tables will hold once it commits.
	Live() bool
}

// Projector is one read model's builder. Apply must be deterministic: time comes from the
// event, never the clock, so an incremental read model and a rebuilt one are identical.
type Projector interface {
	// Name is the stable identifier used for checkpoints and `projections rebuild NAME`.
	Name() string
	// Version changes when Apply changes meaning; the runner then rebuilds the read model.
	Version() int
	// EventTypes lists the event types Apply wants; others are skipped (but still advance
	// the checkpoint). Empty means every event. A wanted event whose payload the domain's
	// registry cannot decode (an unknown type, a malformed payload) fails the projector at
	// that event, as an Apply error does; one nobody wants is never decoded.
	EventTypes() []string
	// Tables lists the read-model tables this projector owns (created by the goose
	// migrations); a rebuild fills fresh copies of them and swaps them in.
	Tables() []string
	// Apply turns one event, its payload decoded, into read-model changes inside tx.
	Apply(ctx context.Context, tx Tx, ev Event) error
}

// Paced is a Projector whose read model no request waits for right after a write (or
// only a rare one that may wait a little): after catching up the runner lets it rest for
// Pace before it looks at the feed again, so that its batches gather more events and it
// takes fewer transactions from the projectors people wait for.
type Paced interface {
	Projector
	Pace() time.Duration
}

// BatchProjector is a Projector that can apply a batch of events at once, with fewer
// statements than one event at a time: a read model that keeps up with many writers. The
// runner hands ApplyBatch the events of a batch that the projector wants, in order, inside
// the batch's transaction. ApplyBatch must leave the read model exactly as Apply, event by
// event, would. When it fails, the runner rolls the transaction back and applies the same
// events one at a time through Apply, so that a failing event is found, retried and
// recorded exactly as for any projector.
type BatchProjector interface {
	Projector
	ApplyBatch(ctx context.Context, tx Tx, events []Event) error
}

// Remembering is a projector that keeps in memory part of what its live transactions wrote,
// so that its batches need not read it back: while this process holds its lease and its
// checkpoint claims succeed, only it writes its tables. The runner calls Forget whenever the
// tables may hold something else, and before any batch is applied after that: when it
// starts or resumes following the feed, when the checkpoint moved elsewhere, after a rebuild
// here, and after a transaction that failed or may not have committed. A projector may
// remember what a rebuild's transactions (Tx.Live false) wrote too, apart: only the rebuild
// writes its copies; Forget empties that memory as well. The runner applies one live batch
// of a projector at a time, never concurrently with Forget; a rebuild's batches may meet a
// Forget of the live loop's, which must leave a memory that holds only what is true.
type Remembering interface {
	Projector
	Forget()
}

// Forwarder is a Projector without tables that hands events on outside the read-model
// database: the relay, publishing the feed to a broker. The runner gives it what it gives
// every projector (its lease, checkpoint, retries, status and metrics) with two differences.
// Apply gets a nil Tx and is called before the transaction that moves the checkpoint, never
// inside one, so a slow broker holds up no read-model writer (SQLite has one). And its
// events are not decoded for it: Event.Data holds each payload as stored and Payload is nil,
// so an event of a type this build does not know passes through too. A forwarder is never
// rebuilt: replaying would hand the whole feed on again.
type Forwarder interface {
	Projector
	// ForwardsStoredEvents marks the projector as a forwarder; it is never called.
	ForwardsStoredEvents()
}

// ErrUnavailable marks an Apply failure that is not the event's fault: something the
// projector hands events to is down (a broker). The runner stores the checkpoint of the
// events before it and tries again with backoff for as long as it takes, as it does when its
// own database is down, instead of stopping the projector at the event.
var ErrUnavailable = errors.New("projections: unavailable")
