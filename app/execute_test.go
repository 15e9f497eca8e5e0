package app_test

import (
	"context"
	"testing"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// racing is a store where another writer appends to the stream just before every append,
// so every command finds its stream moved on.
type racing struct {
	eventstore.Store
}

func (s racing) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	if _, err := s.Store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: eventstore.NewID(),
		Type: "test.counted.v1", Data: []byte(`{"n":0}`)}); err != nil {
		return eventstore.AppendResult{}, err
	}
	return s.Store.Append(ctx, stream, expected, events...)
}

// The one retry policy: a command whose stream keeps moving is decided 8 times, then answered
// with a conflict (409), with or without the aggregate cache.
func TestRetryPolicyBound(t *testing.T) {
	for _, cached := range []bool{false, true} {
		store := racing{newStore(t)}
		a := node(store, 0)
		if cached {
			a = node(store, 10)
		}
		decisions := 0
		_, err := app.Execute(context.Background(), a, "workout-1", eventstore.Metadata{}, newTally,
			func(t *tally) ([]domain.Event, error) { decisions++; return count(t) })
		if domain.KindOf(err) != domain.KindConflict {
			t.Errorf("cached %v: got %v, want a conflict", cached, err)
		}
		if decisions != 8 {
			t.Errorf("cached %v: decided %d times, want 8", cached, decisions)
		}
	}
}
