package app

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
)

// ExportedEvent is one event of a user's export ("download my data", NDJSON): the envelope
// and the payload decoded through the domain's registry, so it has the current shape of its
// type (old versions upcast), and encoded again.
type ExportedEvent struct {
	ID         string          `json:"id"`
	Stream     string          `json:"stream"`
	Type       string          `json:"type"`
	Version    int64           `json:"version"`
	Position   int64           `json:"position"`
	RecordedAt time.Time       `json:"recordedAt"`
	ActorID    string          `json:"actorId,omitempty"`
	Data       json.RawMessage `json:"data"`
}

// secretFields are payload members an export leaves out: a password's hash and one-time
// codes are the account's keys, not the user's history.
var secretFields = []string{"passwordHash", "code"}

// ExportEvents returns every event about userID (an event whose owner, or second user, they
// are), upcast to its type's current version, in the store's global order. The streams come
// from the ownership read model, which is first brought up to the store's head, and the
// user's own streams.
func (a *App) ExportEvents(ctx context.Context, userID string) ([]ExportedEvent, error) {
	streams, err := a.exportStreams(ctx, userID)
	if err != nil {
		return nil, err
	}
	var out []ExportedEvent
	for _, stream := range streams {
		records, err := a.store.ReadStream(ctx, stream, 1)
		if err != nil {
			return nil, fmt.Errorf("export %s: %w", stream, err)
		}
		for _, rec := range records {
			ev, err := domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
			if err != nil {
				return nil, fmt.Errorf("export %s: %w", stream, err)
			}
			if !about(ev, userID) {
				continue
			}
			data, err := exportPayload(ev)
			if err != nil {
				return nil, err
			}
			out = append(out, ExportedEvent{ID: rec.ID, Stream: rec.Stream, Type: ev.EventType(), Version: rec.Version,
				Position: rec.Position, RecordedAt: rec.RecordedAt.UTC(), ActorID: rec.Metadata.ActorID, Data: data})
		}
	}
	slices.SortFunc(out, func(x, y ExportedEvent) int { return cmp.Compare(x.Position, y.Position) })
	return out, nil
}

// exportStreams lists the streams that hold events about userID, each once.
func (a *App) exportStreams(ctx context.Context, userID string) ([]string, error) {
	head, err := a.store.Head(ctx)
	if err != nil {
		return nil, err
	}
	a.caughtUp(ctx, head, ownershipReadModel)
	streams, err := a.read.Ownership.Streams(ctx, userID)
	if err != nil {
		return nil, err
	}
	streams = append(streams, UserStream(userID), BodyStream(userID), ExercisesStream(userID), RegisterStream(userID))
	slices.Sort(streams)
	return slices.Compact(streams), nil
}

// about reports whether ev is about userID: theirs, or shared with them.
func about(ev domain.Event, userID string) bool {
	if s, ok := ev.(domain.Shared); ok && s.SharedWith() == userID {
		return true
	}
	o, ok := ev.(domain.Owned)
	return ok && o.OwnerID() == userID
}

// exportPayload encodes ev without its secret fields.
func exportPayload(ev domain.Event) (json.RawMessage, error) {
	b, err := json.Marshal(ev)
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", ev.EventType(), err)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(b, &members); err != nil {
		return b, nil //nolint:nilerr // not an object: nothing to leave out
	}
	found := false
	for _, f := range secretFields {
		if _, ok := members[f]; ok {
			delete(members, f)
			found = true
		}
	}
	if !found {
		return b, nil
	}
	return json.Marshal(members)
}

// ExportedWorkout is a finished workout as the user's events leave it, for the CSV export.
type ExportedWorkout struct {
	workout.View
	Sets []workout.Set
}

// FinishedWorkouts folds the workout events of an export into the finished workouts they
// leave (deleted ones and the one in progress left out), in the order they were started.
func FinishedWorkouts(events []ExportedEvent) ([]ExportedWorkout, error) {
	folded := map[string]*workout.Workout{}
	var order []string
	for _, e := range events {
		ev, err := domain.DecodeEvent(e.Type, e.Data)
		if err != nil {
			return nil, err
		}
		subject, ok := ev.(workout.Subject)
		if !ok {
			continue
		}
		id, _ := subject.Subject()
		w := folded[id]
		if w == nil {
			w = workout.New(id)
			folded[id] = w
			order = append(order, id)
		}
		w.Apply(ev)
	}
	var out []ExportedWorkout
	for _, id := range order {
		w := folded[id]
		if w.Exists() && w.Finished() {
			out = append(out, ExportedWorkout{View: w.View(), Sets: w.Sets()})
		}
	}
	return out, nil
}
