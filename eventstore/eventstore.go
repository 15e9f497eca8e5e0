// Package eventstore defines the append-only event store every change in Gymlog is written
// to, and the helpers that run domain commands against it. Backends live in sub-packages
// (sqlite, postgres); the contract suite in storetest is the definition of the interface:
// every backend must pass it.
package eventstore

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ExpectedVersion is the optimistic-concurrency condition of an append: Any, NoStream, or
// Exact(n), the version the stream must be at. Versions count from 1; an absent (or deleted)
// stream is at version 0, so Exact(0) means the same as NoStream.
type ExpectedVersion int64

// The special expected versions.
const (
	Any      ExpectedVersion = -1
	NoStream ExpectedVersion = 0
)

// Exact expects the stream to be at version n.
func Exact(n int64) ExpectedVersion { return ExpectedVersion(n) }

// Metadata travels with every event: who did it (a trainer may act on a client's data) and
// which command, correlation and causation produced it. For a command from a request,
// CausationID is a digest of the request (method, path and body), which tells a retry from a
// different request that reuses the same Idempotency-Key.
type Metadata struct {
	ActorID       string `json:"actorId,omitempty"`
	CommandID     string `json:"commandId,omitempty"`
	CorrelationID string `json:"correlationId,omitempty"`
	CausationID   string `json:"causationId,omitempty"`
}

// Follow is the metadata of a step that m's command takes on another stream, one that other
// commands also write (the user's in-progress register, their custom exercises): the step's
// command id derives from m's and from step, which names what the step is for (say, the
// workout it claims), so a retry takes the same step again and a command reusing m's key for
// another target takes another. The step is caused by m's command.
func (m Metadata) Follow(step string) Metadata {
	return Metadata{ActorID: m.ActorID, CommandID: DeriveID(m.CommandID, step), CorrelationID: m.CorrelationID,
		CausationID: m.CommandID}
}

// EventData is an event about to be appended. ID is a UUID; appending an event whose ID is
// already stored is an idempotent retry, not a new fact. Data is the JSON payload.
type EventData struct {
	ID       string
	Type     string
	Data     []byte
	Metadata Metadata
}

// RecordedEvent is an event as stored: its place in its stream (Version, from 1) and in the
// one global order (Position, from 1, increasing, possibly with gaps).
type RecordedEvent struct {
	ID         string
	Stream     string
	Type       string
	Version    int64
	Position   int64
	RecordedAt time.Time
	Data       []byte
	Metadata   Metadata
}

// AppendResult is where an append left its stream (Version) and the global position of its
// last event (Position); the query side waits for Position to give read-your-writes.
type AppendResult struct {
	Version  int64
	Position int64
}

// Store is the event store port.
type Store interface {
	// Append writes events to stream atomically if the stream is at the expected version.
	// A mismatch returns a *WrongVersionError and writes nothing. If every event's ID is
	// already stored in this stream (a retried command) it returns the first append's result
	// and writes nothing; if only some are, or any is stored in another stream, it returns
	// ErrDuplicateEvent. Invalid UTF-8, NUL and control characters are refused alike by
	// every backend (see domain.CleanText and domain.StorableJSON).
	Append(ctx context.Context, stream string, expected ExpectedVersion, events ...EventData) (AppendResult, error)
	// ReadStream returns the stream's events with Version >= fromVersion, in order; an
	// absent stream has none.
	ReadStream(ctx context.Context, stream string, fromVersion int64) ([]RecordedEvent, error)
	// ReadAll returns up to max events with Position > after, in global order. A reader
	// that has seen position p never later finds an event at a position <= p.
	ReadAll(ctx context.Context, after int64, max int) ([]RecordedEvent, error)
	// Head is the highest position a ReadAll can return now (0 when empty).
	Head(ctx context.Context) (int64, error)
	// DeleteStream erases a stream and its events for good (closing an account).
	DeleteStream(ctx context.Context, stream string) error
	// Subscribe returns a channel that receives a value soon after any append (it may
	// coalesce several), and a function to stop. Readers still poll as a fallback.
	Subscribe() (<-chan struct{}, func())
	// Close releases the store's resources.
	Close() error
}

// Scrubber is a Store that can wipe from its database's files what deletions left there (on
// SQLite old WAL frames, on PostgreSQL dead row versions), so that an erased account leaves
// no byte behind. The read models share the store's database, so one scrub covers them too.
type Scrubber interface {
	Scrub(ctx context.Context) error
}

// ErrDuplicateEvent means some, but not all, of an append's event IDs are already stored,
// or some are stored in another stream: the retried command does not match the first one.
var ErrDuplicateEvent = errors.New("eventstore: some event ids already stored")

// WrongVersionError is the typed optimistic-concurrency failure of Append.
type WrongVersionError struct {
	Stream   string
	Expected ExpectedVersion
	Actual   int64
}

func (e *WrongVersionError) Error() string {
	return fmt.Sprintf("eventstore: stream %s is at version %d, expected %d", e.Stream, e.Actual, e.Expected)
}

// IsWrongVersion reports whether err is (or wraps) a *WrongVersionError.
func IsWrongVersion(err error) bool {
	var w *WrongVersionError
	return errors.As(err, &w)
}
