package domain

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// Event is a fact that happened, in the past tense. EventType is a stable, versioned string
// constant ("body.weight_logged.v1") that never changes when Go types are renamed.
type Event interface {
	EventType() string
}

// Owned is an event about one user's data: OwnerID names the user (every payload's
// `userId`), whose streams closing the account erases. Every event of the domain is Owned, so
// the read model of who owns which stream (projections/ownership) needs to know no event
// type, those of features written later included.
type Owned interface {
	Event
	OwnerID() string
}

// Shared is an Owned event about a second user too (a trainer's relationship with a client):
// SharedWith names them, or is empty while they are not known, and closing their account
// erases the stream as well.
type Shared interface {
	Owned
	SharedWith() string
}

// Aggregate is state folded from its own stream's events. Apply is the one transition
// switch: it is used both when a behaviour records a new event and when history is replayed.
type Aggregate interface {
	Apply(Event)
}

// Upcaster turns the stored JSON of an old event shape into the current one when read;
// stored events are never rewritten in place.
type Upcaster func(data []byte) (Event, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]Upcaster{}
)

// Register makes an event type decodable. Each event package registers its types in init.
func Register[E Event](eventType string) {
	RegisterUpcaster(eventType, func(data []byte) (Event, error) {
		var e E
		if err := json.Unmarshal(data, &e); err != nil {
			return nil, err
		}
		return e, nil
	})
}

// RegisterUpcaster registers a custom decoder for an event type, typically an old version
// that must be turned into the current shape.
func RegisterUpcaster(eventType string, up Upcaster) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[eventType]; dup {
		panic("domain: event type registered twice: " + eventType)
	}
	registry[eventType] = up
}

// DecodeEvent turns a stored event back into its Go value.
func DecodeEvent(eventType string, data []byte) (Event, error) {
	registryMu.RLock()
	up, ok := registry[eventType]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("domain: unknown event type %q", eventType)
	}
	e, err := up(data)
	if err != nil {
		return nil, fmt.Errorf("domain: decode %s: %w", eventType, err)
	}
	return e, nil
}

// RegisteredTypes lists the event types registered so far, sorted: with every event package
// imported, every type the domain has (a generator of histories must reach them all).
func RegisteredTypes() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return slices.Sorted(maps.Keys(registry))
}
