package relay

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/gymlog/gymlog/projections"
)

// The outbound feed for analysts (docs/FEED.md): beside the reactors' messages, on a broker
// other services reach (NATS JetStream), the relay publishes each event once more as a
// FeedEvent on the subject <prefix>.<category>.<event>, e.g. gymlog.feed.workout.set_logged.
// A feed message carries no personal data beyond pseudonymous ids, and of the payload only
// the fields listed in feedFields for its type.

// DefaultFeedPrefix begins the feed's subjects.
const DefaultFeedPrefix = "gymlog.feed"

// FeedEvent is the feed's payload schema, version 1 of the envelope (docs/FEED.md).
type FeedEvent struct {
	// ID is the event's id.
	ID string `json:"id"`
	// Type is the event's type without its version: "workout.set_logged".
	Type string `json:"type"`
	// Version is the version of the event type's payload: 1 for "workout.set_logged.v1".
	Version int `json:"version"`
	// Stream is the stream the event belongs to (its id part a random id), or only its
	// category where the id would be derived from personal data (e-mail streams).
	Stream string `json:"stream"`
	// Position is the event's place in the global log: increasing, with gaps, the same for
	// every delivery of the event. Consumers deduplicate on it.
	Position int64 `json:"position"`
	// Time is when the event was recorded.
	Time time.Time `json:"time"`
	// Actor is the id of the user who caused the event (pseudonymous), or empty.
	Actor string `json:"actor,omitempty"`
	// Data holds the payload fields the feed carries for the type; absent for the others.
	Data json.RawMessage `json:"data,omitempty"`
}

// feedFields lists, per event type, the payload fields the feed carries: what analysis of
// training needs, no free text a user typed about themselves (workout names, notes), no
// contact details, codes, hashes or body measurements (health data). Types not listed carry
// the envelope alone. Ids (setId, workoutId, userId) are random, so pseudonymous.
var feedFields = map[string][]string{
	"workout.started.v1":         {"workoutId", "userId", "date", "startTime"},
	"workout.details_edited.v1":  {"workoutId", "date", "startTime", "finishTime"},
	"workout.finished.v1":        {"workoutId", "finishTime"},
	"workout.deleted.v1":         {"workoutId"},
	"workout.set_logged.v1":      setFields,
	"workout.set_edited.v1":      setFields,
	"workout.set_marked_done.v1": {"setId", "workoutId", "rpe"},
	"workout.set_deleted.v1":     {"setId", "workoutId", "reason"},
	"account.closed.v1":          {"userId"},
}

var setFields = []string{"setId", "workoutId", "exercise", "category", "weight", "unit", "reps", "rpe",
	"distance", "distanceUnit", "minutes", "seconds", "kind", "done"}

// pseudonymousStreams are the stream categories whose ids are derived from personal data:
// the feed names only their category.
var pseudonymousStreams = map[string]bool{"email": true}

// FeedSubject is the subject an event type is published on under prefix:
// <prefix>.<category>.<event>, from "<category>.<event>.v<n>".
func FeedSubject(prefix, eventType string) string {
	name, _ := splitType(eventType)
	return prefix + "." + name
}

// splitType splits "workout.set_logged.v1" into "workout.set_logged" and 1. A type without
// a version suffix is version 0.
func splitType(eventType string) (string, int) {
	i := strings.LastIndex(eventType, ".v")
	if i < 0 {
		return eventType, 0
	}
	v, err := strconv.Atoi(eventType[i+2:])
	if err != nil {
		return eventType, 0
	}
	return eventType[:i], v
}

// NewFeedEvent is the feed's view of a stored event.
func NewFeedEvent(rec projections.Event) (FeedEvent, error) {
	name, version := splitType(rec.Type)
	stream := rec.Stream
	if category, _, _ := strings.Cut(stream, "-"); pseudonymousStreams[category] {
		stream = category
	}
	ev := FeedEvent{ID: rec.ID, Type: name, Version: version, Stream: stream, Position: rec.Position,
		Time: rec.RecordedAt.UTC(), Actor: rec.Metadata.ActorID}
	fields, ok := feedFields[rec.Type]
	if !ok {
		return ev, nil
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(rec.Data, &all); err != nil {
		return ev, fmt.Errorf("relay: feed: decode %s %s: %w", rec.Type, rec.ID, err)
	}
	kept := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		if v, ok := all[f]; ok {
			kept[f] = v
		}
	}
	data, err := json.Marshal(kept)
	if err != nil {
		return ev, fmt.Errorf("relay: feed: encode %s %s: %w", rec.Type, rec.ID, err)
	}
	ev.Data = data
	return ev, nil
}

// FeedMessageID is the feed message's id, its Nats-Msg-Id: derived from the position, so a
// message published again (the relay resumed from an older checkpoint) carries the same id,
// and JetStream drops it within its duplicate window; consumers dedupe on the position.
func FeedMessageID(position int64) string { return "gymlog-feed-" + strconv.FormatInt(position, 10) }

// newFeedMessage is the feed message of an event, and its subject under prefix.
func newFeedMessage(prefix string, rec projections.Event) (string, *message.Message, error) {
	ev, err := NewFeedEvent(rec)
	if err != nil {
		return "", nil, err
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return "", nil, fmt.Errorf("relay: feed: encode %s: %w", rec.ID, err)
	}
	msg := message.NewMessage(FeedMessageID(rec.Position), payload)
	msg.Metadata.Set(MetadataType, rec.Type)
	msg.Metadata.Set(MetadataPosition, strconv.FormatInt(rec.Position, 10))
	return FeedSubject(prefix, rec.Type), msg, nil
}

// DecodeFeedEvent reads a feed message's payload.
func DecodeFeedEvent(payload []byte) (FeedEvent, error) {
	var ev FeedEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return ev, fmt.Errorf("relay: decode feed event: %w", err)
	}
	return ev, nil
}
