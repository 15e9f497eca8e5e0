package projections

import (
	"context"
	"sync"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// Event is one event of the global feed as a projector receives it: where and when it was
// recorded, and its payload decoded through the domain's event registry (domain.DecodeEvent),
// so that an old shape reaches every read model upcast, as it reaches the aggregates. The
// runner decodes each event once, where it reads the feed, for all its projectors; only the
// types some projector of the runner wants are decoded.
type Event struct {
	ID         string
	Stream     string
	Type       string
	Version    int64 // in its stream, from 1
	Position   int64 // in the global feed
	RecordedAt time.Time
	Metadata   eventstore.Metadata
	// Data is the payload as stored, which a Forwarder passes on unchanged.
	Data []byte
	// Payload is the decoded event, never nil in an event handed to a Projector's Apply or
	// ApplyBatch. A Forwarder reads Data instead: its events are decoded only when another
	// projector wants them.
	Payload domain.Event

	// failed is why Payload could not be decoded: the event fails every projector that
	// wants it, as an Apply error would, and never reaches one.
	failed error
}

// decodeEvent turns a record of the store into an Event, decoding its payload when wanted.
// The payload goes through domain.RepairJSON first: an event stored before the store refused
// NUL, invalid UTF-8 and lone surrogates reaches every projector as text both backends store,
// so it can never stop a read model (live or rebuilt). The log itself is never rewritten.
func decodeEvent(rec eventstore.RecordedEvent, wanted bool) Event {
	ev := Event{ID: rec.ID, Stream: rec.Stream, Type: rec.Type, Version: rec.Version, Position: rec.Position,
		RecordedAt: rec.RecordedAt, Metadata: rec.Metadata, Data: rec.Data}
	if wanted {
		ev.Payload, ev.failed = domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
	}
	return ev
}

// readAll reads the global feed for projectors, as store.ReadAll does, and decodes the
// payload of every event whose type wants reports true; the others are handed on as
// envelopes alone, so a type the domain does not know stops no projector that does not want
// it.
func readAll(ctx context.Context, store eventstore.Store, after int64, max int, wants func(eventType string) bool) ([]Event, error) {
	records, err := store.ReadAll(ctx, after, max)
	if err != nil {
		return nil, err
	}
	return decodeAll(records, wants, 1), nil
}

// decodeAll decodes records as readAll does, in up to parts goroutines of a contiguous part
// each, and returns the events in the records' order.
func decodeAll(records []eventstore.RecordedEvent, wants func(eventType string) bool, parts int) []Event {
	events := make([]Event, len(records))
	if parts <= 1 {
		for i, rec := range records {
			events[i] = decodeEvent(rec, wants(rec.Type))
		}
		return events
	}
	size := max(len(records)/parts+1, 256)
	var wg sync.WaitGroup
	for start := 0; start < len(records); start += size {
		end := min(start+size, len(records))
		wg.Go(func() {
			for i := start; i < end; i++ {
				events[i] = decodeEvent(records[i], wants(records[i].Type))
			}
		})
	}
	wg.Wait()
	return events
}
