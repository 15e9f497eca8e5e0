package eventstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain"
)

// maxConflictRetries bounds how often a command is re-decided after another writer moved
// its stream on. Each retry re-reads the stream, so no update is ever lost.
const maxConflictRetries = 5

// idNamespace scopes event ids derived from command ids.
var idNamespace = uuid.MustParse("1b0e3a40-4bd3-4c3e-9a52-6a3f0c2a7d11")

// DeriveID returns a UUID that depends only on its parts. Command handlers derive event and
// entity ids from the client's Idempotency-Key, so a retried request names the same things.
func DeriveID(parts ...string) string {
	key := ""
	for _, p := range parts {
		key += strconv.Itoa(len(p)) + ":" + p
	}
	return uuid.NewSHA1(idNamespace, []byte(key)).String()
}

// NewID returns a random UUID for commands sent without an Idempotency-Key.
func NewID() string { return uuid.NewString() }

// Execute runs one command against one stream: it folds the stream into a fresh aggregate,
// lets decide turn the command into events, and appends them at the version it read. When
// another writer got there first, it reads again and decides again. decide may return events
// together with an error (a refused code that must still be counted): the events are stored
// and the error returned.
//
// With meta.CommandID set, event ids derive from it, so a retried command whose first
// attempt was stored returns that attempt's result without deciding again.
func Execute[A domain.Aggregate](ctx context.Context, store Store, stream string, meta Metadata,
	newAggregate func() A, decide func(A) ([]domain.Event, error)) (AppendResult, error) {
	for range maxConflictRetries {
		agg := newAggregate()
		history, err := store.ReadStream(ctx, stream, 1)
		if err != nil {
			return AppendResult{}, fmt.Errorf("read %s: %w", stream, err)
		}
		firstID := ""
		if meta.CommandID != "" {
			firstID = DeriveID(stream, meta.CommandID, "0")
		}
		var version int64
		for _, rec := range history {
			if rec.ID == firstID {
				if !sameRequest(rec.Metadata, meta) {
					return AppendResult{}, ErrKeyReused
				}
				return replayResult(history, rec), nil
			}
			ev, err := domain.DecodeEvent(rec.Type, rec.Data)
			if err != nil {
				return AppendResult{}, fmt.Errorf("fold %s: %w", stream, err)
			}
			agg.Apply(ev)
			version = rec.Version
		}
		events, decideErr := decide(agg)
		if len(events) == 0 {
			return AppendResult{Version: version}, decideErr
		}
		data, err := encode(stream, meta, events)
		if err != nil {
			return AppendResult{}, err
		}
		res, err := store.Append(ctx, stream, Exact(version), data...)
		if IsWrongVersion(err) {
			continue
		}
		if err != nil {
			return AppendResult{}, fmt.Errorf("append %s: %w", stream, err)
		}
		return res, decideErr
	}
	return AppendResult{}, domain.Conflict("%s kept changing; please try again", stream)
}

// ErrKeyReused answers a command whose id (the client's Idempotency-Key, scoped to the
// operation) was already used in the same stream by a different request: it is not a retry,
// and answering it with the first request's result would tell the client a lie.
var ErrKeyReused = domain.Invalid("Idempotency-Key", "This Idempotency-Key was already used for a different request.")

// sameRequest reports whether a command with metadata meta may be a retry of the stored one:
// their causations (for a request, a digest of it) agree, or one of them has none.
func sameRequest(stored, meta Metadata) bool {
	return stored.CausationID == "" || meta.CausationID == "" || stored.CausationID == meta.CausationID
}

// replayResult is the result of the stored attempt whose first event is first: the
// position and version of the last event that the same command wrote.
func replayResult(history []RecordedEvent, first RecordedEvent) AppendResult {
	res := AppendResult{Version: first.Version, Position: first.Position}
	for _, rec := range history {
		if rec.Version > first.Version && rec.Metadata.CommandID == first.Metadata.CommandID {
			res = AppendResult{Version: rec.Version, Position: rec.Position}
		}
	}
	return res
}

func encode(stream string, meta Metadata, events []domain.Event) ([]EventData, error) {
	out := make([]EventData, len(events))
	for i, e := range events {
		b, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", e.EventType(), err)
		}
		id := NewID()
		if meta.CommandID != "" {
			id = DeriveID(stream, meta.CommandID, strconv.Itoa(i))
		}
		out[i] = EventData{ID: id, Type: e.EventType(), Data: b, Metadata: meta}
	}
	return out, nil
}
