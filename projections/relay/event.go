package relay

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// Event is the JSON envelope the relay publishes for each stored event: the message's
// payload, whose UUID is the event id. Analysts and other services read this shape.
type Event struct {
	ID         string              `json:"id"`
	Type       string              `json:"type"`
	Stream     string              `json:"stream"`
	Version    int64               `json:"version"`
	Position   int64               `json:"position"`
	RecordedAt time.Time           `json:"recordedAt"`
	Data       json.RawMessage     `json:"data"`
	Metadata   eventstore.Metadata `json:"metadata"`
}

// The message metadata keys the relay sets, so consumers can route on them without decoding.
const (
	MetadataType     = "type"
	MetadataStream   = "stream"
	MetadataPosition = "position"
)

// newMessage wraps an event of the feed in its envelope. Stored payloads are valid JSON (the
// store refuses others), so they are embedded as they are.
func newMessage(rec projections.Event) (*message.Message, error) {
	payload, err := json.Marshal(Event{
		ID: rec.ID, Type: rec.Type, Stream: rec.Stream, Version: rec.Version, Position: rec.Position,
		RecordedAt: rec.RecordedAt.UTC(), Data: rec.Data, Metadata: rec.Metadata,
	})
	if err != nil {
		return nil, fmt.Errorf("relay: encode event %s: %w", rec.ID, err)
	}
	msg := message.NewMessage(rec.ID, payload)
	msg.Metadata.Set(MetadataType, rec.Type)
	msg.Metadata.Set(MetadataStream, rec.Stream)
	msg.Metadata.Set(MetadataPosition, strconv.FormatInt(rec.Position, 10))
	return msg, nil
}

// DecodeEvent reads the envelope of a message the relay published.
func DecodeEvent(msg *message.Message) (Event, error) {
	var ev Event
	if err := json.Unmarshal(msg.Payload, &ev); err != nil {
		return ev, fmt.Errorf("relay: decode message %s: %w", msg.UUID, err)
	}
	return ev, nil
}
