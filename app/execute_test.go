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

// ExecuteSteps decides each step on the state the steps before it left, in one append; a
// refused step leaves nothing and the next ones go on without it; a step already stored (a
// rerun of the same commands) is not decided again; a stream moved on by another writer is
// read again and the batch decided afresh, with nothing decided on a stale state. And the
// aggregate cache, which the batch went around, answers the next command from the stream.
func TestExecuteStepsDecidesInTurnAndOnce(t *testing.T) {
	ctx := context.Background()
	refuse := func(*tally) ([]domain.Event, error) { return nil, domain.Invalid("n", "no") }
	step := func(cmd string, decide func(*tally) ([]domain.Event, error)) app.Step[*tally] {
		return app.Step[*tally]{Meta: eventstore.Metadata{CommandID: cmd}, Decide: decide}
	}
	batch := []app.Step[*tally]{step("a", count), step("b", refuse), step("c", count), step("d", count)}

	store := newStore(t)
	a := node(store, 10)
	if _, err := app.Execute(ctx, a, "workout-1", eventstore.Metadata{}, newTally, count); err != nil {
		t.Fatal(err) // the cache now holds the stream at version 1
	}
	results, res, err := app.ExecuteSteps(ctx, a, "workout-1", newTally, batch)
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != 4 {
		t.Errorf("version %d, want 4", res.Version)
	}
	for i, want := range []struct{ stored, refused bool }{{false, false}, {false, true}, {false, false}, {false, false}} {
		if got := results[i]; got.Stored != want.stored || (got.Err != nil) != want.refused {
			t.Errorf("step %d: stored %v, err %v; want stored %v, refused %v", i, got.Stored, got.Err, want.stored, want.refused)
		}
	}
	wantSequence(t, counts(t, store, "workout-1"), 4)

	// Run again, with a new step after them: only the new one is decided.
	decided := 0
	again := append(batch[:len(batch):len(batch)], step("e", func(t *tally) ([]domain.Event, error) { decided++; return count(t) }))
	again[0].Decide = func(*tally) ([]domain.Event, error) { t.Error("a stored step was decided again"); return nil, nil }
	results, _, err = app.ExecuteSteps(ctx, a, "workout-1", newTally, again)
	if err != nil {
		t.Fatal(err)
	}
	if !results[0].Stored || !results[2].Stored || !results[3].Stored || results[4].Stored || decided != 1 {
		t.Errorf("rerun: %+v, the new step decided %d times", results, decided)
	}
	if _, err := app.Execute(ctx, a, "workout-1", eventstore.Metadata{}, newTally, count); err != nil {
		t.Fatal(err)
	}
	wantSequence(t, counts(t, store, "workout-1"), 6)

	// Another writer moves the stream on before each append: the batch is decided afresh
	// on what it wrote, up to the retry policy's bound, then answered with a conflict.
	racy := node(racing{store}, 0)
	_, _, err = app.ExecuteSteps(ctx, racy, "workout-2", newTally, []app.Step[*tally]{step("a", count)})
	if domain.KindOf(err) != domain.KindConflict {
		t.Errorf("racing: got %v, want a conflict", err)
	}
}
