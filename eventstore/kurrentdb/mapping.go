package kurrentdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"github.com/gymlog/gymlog/eventstore"
)

// Positions. KurrentDB orders $all by a pair of byte offsets into its transaction log,
// (commit, prepare): commit is where the event's append (its implicit transaction) starts,
// prepare where the event's own record is, so commit <= prepare and the events of one append
// share a commit and differ in prepare. Our position is one int64 that sorts the same way and
// maps back to the exact pair, so a reader resumes from a checkpoint without a lookup:
//
//	position = commit<<offsetBits + (prepare-commit) + 1
//
// The +1 keeps position 0 free for "before everything". Limits: an event's record may lie at
// most maxOffset bytes after its append's start (4 MiB; KurrentDB's default largest append is
// 1 MiB), and the log may hold at most maxCommit bytes (2 TiB). An event outside them, or
// with prepare < commit, is refused with an error, never given a made-up position: a runner
// stops on it rather than skip or reorder events.
const (
	offsetBits = 22
	maxOffset  = 1<<offsetBits - 1
	maxCommit  = 1<<(63-offsetBits) - 2
)

// toPosition is an event's global position from its place in $all.
func toPosition(p kdb.Position) (int64, error) {
	switch {
	case p.Prepare < p.Commit:
		return 0, fmt.Errorf("kurrentdb: log position %d/%d has prepare before commit", p.Commit, p.Prepare)
	case p.Commit > maxCommit:
		return 0, fmt.Errorf("kurrentdb: log position %d/%d is past the %d bytes a position can name", p.Commit, p.Prepare, uint64(maxCommit))
	case p.Prepare-p.Commit > maxOffset:
		return 0, fmt.Errorf("kurrentdb: log position %d/%d lies more than %d bytes into its append", p.Commit, p.Prepare, maxOffset)
	}
	return int64(p.Commit<<offsetBits|(p.Prepare-p.Commit)) + 1, nil
}

// fromPosition is the place in $all that position names (position >= 1).
func fromPosition(position int64) kdb.Position {
	v := uint64(position - 1)
	commit := v >> offsetBits
	return kdb.Position{Commit: commit, Prepare: commit + v&maxOffset}
}

// Versions. Our versions count a stream's events from 1; KurrentDB's revisions count from 0
// and go on counting after a (soft) delete, which hides the revisions below the stream's
// truncate-before ($tb). So version = revision - tb + 1, and a deleted stream starts again at
// version 1 as the contract wants.

// toVersion is the version of the event at revision in a stream truncated before tb.
func toVersion(revision, tb uint64) int64 { return int64(revision-tb) + 1 }

// toRevision is the revision of version (>= 1) in a stream truncated before tb.
func toRevision(version int64, tb uint64) uint64 { return tb + uint64(version) - 1 }

// streamState is the state the server must find a stream in for an append checked against
// our expected version: the exact last revision we read (none when the stream never held an
// event), whatever the expected version was, so that an append that raced another fails on
// the server and is retried against what is there now (see Store.Append). A stream the server
// soft-deleted hides its last revision: Any, and the server undeletes it.
func streamState(info streamInfo) kdb.StreamState {
	switch {
	case info.serverDeleted:
		return kdb.Any{}
	case info.last < 0:
		return kdb.NoStream{}
	}
	return kdb.Revision(uint64(info.last))
}

// Metadata. Ours is stored as the event's JSON metadata; correlation and causation use the
// keys KurrentDB's system projections read ($correlationId, $causationId). recordedAt is the
// app's clock at the append, the same for all its events as on the other backends.
type storedMetadata struct {
	ActorID       string `json:"actorId,omitempty"`
	CommandID     string `json:"commandId,omitempty"`
	CorrelationID string `json:"$correlationId,omitempty"`
	CausationID   string `json:"$causationId,omitempty"`
	RecordedAt    string `json:"recordedAt,omitempty"`
}

// encodeMetadata is the metadata JSON of an event appended at recordedAt.
func encodeMetadata(m eventstore.Metadata, recordedAt time.Time) []byte {
	b, err := json.Marshal(storedMetadata{ActorID: m.ActorID, CommandID: m.CommandID, CorrelationID: m.CorrelationID,
		CausationID: m.CausationID, RecordedAt: recordedAt.UTC().Format(time.RFC3339Nano)})
	if err != nil {
		panic(err) // strings only: cannot fail
	}
	return b
}

// decodeMetadata reads an event's metadata JSON. Events written by other tools may carry
// other metadata, or none: they read as no metadata, recorded when the server says (created).
func decodeMetadata(b []byte, created time.Time) (eventstore.Metadata, time.Time) {
	var s storedMetadata
	recordedAt := created.UTC()
	if json.Unmarshal(b, &s) != nil {
		return eventstore.Metadata{}, recordedAt
	}
	if t, err := time.Parse(time.RFC3339Nano, s.RecordedAt); err == nil {
		recordedAt = t.UTC()
	}
	return eventstore.Metadata{ActorID: s.ActorID, CommandID: s.CommandID, CorrelationID: s.CorrelationID,
		CausationID: s.CausationID}, recordedAt
}

// Errors. The client's codes map onto what callers of an eventstore.Store can act on.
var (
	// errWrongExpected is the server's optimistic-concurrency refusal; Append turns it into a
	// retry or a *eventstore.WrongVersionError with the version it then finds.
	errWrongExpected = errors.New("kurrentdb: wrong expected revision")
	// errNotFound is a stream that does not exist or was deleted: reads of it find nothing.
	errNotFound = errors.New("kurrentdb: stream not found")
	// ErrTombstoned is a stream hard-deleted on the server (by an operator: this store never
	// tombstones): it can never be written again.
	ErrTombstoned = errors.New("kurrentdb: stream tombstoned")
	// ErrUnavailable is a server that cannot answer now (down, not the leader, overloaded):
	// the operation may be retried.
	ErrUnavailable = errors.New("kurrentdb: server unavailable")
)

// mapCode is our error for a client error with code; err is the client's, kept for logs.
func mapCode(code kdb.ErrorCode, err error) error {
	var to error
	switch code {
	case kdb.ErrorCodeWrongExpectedVersion, kdb.ErrorCodeStreamRevisionConflict:
		to = errWrongExpected
	case kdb.ErrorCodeResourceNotFound:
		to = errNotFound
	case kdb.ErrorCodeStreamDeleted, kdb.ErrorCodeStreamTombstoned:
		to = ErrTombstoned
	case kdb.ErrorCodeDeadlineExceeded:
		to = context.DeadlineExceeded
	case kdb.ErrorUnavailable, kdb.ErrorCodeNotLeader, kdb.ErrorAborted, kdb.ErrorCodeConnectionClosed:
		to = ErrUnavailable
	default:
		return fmt.Errorf("kurrentdb: %w", err)
	}
	return fmt.Errorf("%w: %w", to, err)
}

// storeError maps an error from the client (nil stays nil).
func storeError(err error) error {
	var kerr *kdb.Error
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.As(err, &kerr):
		return mapCode(kerr.Code(), err)
	default:
		return fmt.Errorf("kurrentdb: %w", err)
	}
}
