// Package validate checks an append's arguments the same way on every backend, before any
// I/O, so that a bad call fails alike everywhere and never reaches the database.
package validate

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/eventstore"
)

// Append checks an append and returns its event ids in canonical form (lower-case,
// hyphenated), the form every backend stores and returns: PostgreSQL's uuid type
// normalises ids, so the others must too for an id to read back the same everywhere.
func Append(stream string, expected eventstore.ExpectedVersion, events []eventstore.EventData) ([]string, error) {
	if stream == "" {
		return nil, errors.New("eventstore: empty stream name")
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
		if !json.Valid(e.Data) {
			return nil, fmt.Errorf("eventstore: event %d of %s (%s): data is not JSON", i, stream, e.Type)
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
// its n ids are, and last is the stored result of the latest of them. All found means a
// retried command, answered with the first append's result; some found means the retry
// does not match, which is ErrDuplicateEvent; none found means the append is new (ok false).
func FirstResult(n, found int, last eventstore.AppendResult) (result eventstore.AppendResult, ok bool, err error) {
	switch {
	case found == 0:
		return eventstore.AppendResult{}, false, nil
	case found < n:
		return eventstore.AppendResult{}, false, eventstore.ErrDuplicateEvent
	default:
		return last, true, nil
	}
}
