// Package validate checks an append's arguments the same way on every backend, before any
// I/O, so that a bad call fails alike everywhere and never reaches the database.
package validate

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// Append checks an append and returns its event ids in canonical form (lower-case,
// hyphenated), the form every backend stores and returns: PostgreSQL's uuid type
// normalises ids, so the others must too for an id to read back the same everywhere.
func Append(stream string, expected eventstore.ExpectedVersion, events []eventstore.EventData) ([]string, error) {
	if stream == "" {
		return nil, errors.New("eventstore: empty stream name")
	}
	if !domain.CleanText(stream) {
		return nil, fmt.Errorf("eventstore: stream name %q holds invalid UTF-8 or control characters", stream)
	}
	if expected < eventstore.Any {
		return nil, fmt.Errorf("eventstore: invalid expected version %d", expected)
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("eventstore: append to %s with no events", stream)
	}
	ids := make([]string, len(events))
	for i, e := range events {
		id, err := uuid.Parse(e.ID)
		if err != nil {
			return nil, fmt.Errorf("eventstore: event %d of %s: id %q is not a UUID: %w", i, stream, e.ID, err)
		}
		if e.Type == "" {
			return nil, fmt.Errorf("eventstore: event %d of %s: empty type", i, stream)
		}
		m := e.Metadata
		for _, s := range []string{e.Type, m.ActorID, m.CommandID, m.CorrelationID, m.CausationID} {
			if !domain.CleanText(s) {
				return nil, fmt.Errorf("eventstore: event %d of %s: type or metadata %q holds invalid UTF-8 or control characters", i, stream, s)
			}
		}
		if !json.Valid(e.Data) {
			return nil, fmt.Errorf("eventstore: event %d of %s (%s): data is not JSON", i, stream, e.Type)
		}
		if !domain.StorableJSON(e.Data) {
			return nil, fmt.Errorf("eventstore: event %d of %s (%s): data holds invalid UTF-8, a NUL or a lone surrogate", i, stream, e.Type)
		}
		ids[i] = id.String()
		for _, prev := range ids[:i] {
			if prev == ids[i] {
				return nil, fmt.Errorf("eventstore: event id %s appears twice in one append to %s", ids[i], stream)
			}
		}
	}
	return ids, nil
}

// FirstResult decides an append whose events may already be stored: found is how many of
// its n ids are, elsewhere how many of those are in another stream than the append's, and
// last is the stored result of the latest of them. All found in the append's stream means a
// retried command, answered with the first append's result; some found, or any in another
// stream, means the retry does not match, which is ErrDuplicateEvent; none found means the
// append is new (ok false).
func FirstResult(n, found, elsewhere int, last eventstore.AppendResult) (result eventstore.AppendResult, ok bool, err error) {
	switch {
	case found == 0:
		return eventstore.AppendResult{}, false, nil
	case found < n, elsewhere > 0:
		return eventstore.AppendResult{}, false, eventstore.ErrDuplicateEvent
	default:
		return last, true, nil
	}
}
