package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// maxAttempts bounds how often one command is decided: once, and again each time another
// writer moved its stream on between the read and the append (the stream is then read and
// the command decided afresh, so no update is lost). From the third attempt on it first
// waits 5 ms × the attempts so far, so that writers racing on one stream spread out: 135 ms
// of waiting at most. After the last attempt the command answers 409.
const maxAttempts = 8

// ErrKeyReused answers a command whose id (the client's Idempotency-Key, scoped to the
// operation) was already used in the same stream by a different request: it is not a retry,
// and answering it with the first request's result would tell the client a lie.
var ErrKeyReused = domain.Invalid("Idempotency-Key", "This Idempotency-Key was already used for a different request.")

// Execute runs one command against one stream: it folds the stream into a fresh aggregate
// (or takes it from the aggregate cache, a detail of entry), lets decide turn the command into events, and
// appends them at the version it read, under the one retry policy (maxAttempts). decide may
// return events together with an error (a refused code that must still be counted): the
// events are stored and the error returned.
//
// With meta.CommandID set, event ids derive from it, so a retried command whose first
// attempt was stored returns that attempt's result without deciding again.
func Execute[A domain.Aggregate](ctx context.Context, a *App, stream string, meta eventstore.Metadata,
	newAggregate func() A, decide func(A) ([]domain.Event, error)) (eventstore.AppendResult, error) {
	for attempt := 1; ; attempt++ {
		res, retry, err := executeOn(ctx, a.entry(stream), a.store, meta, newAggregate, decide)
		switch {
		case !retry:
			return res, err
		case attempt == maxAttempts:
			return eventstore.AppendResult{}, domain.Conflict("%s kept changing; please try again", stream)
		case attempt >= 2:
			select {
			case <-ctx.Done():
				return eventstore.AppendResult{}, ctx.Err()
			case <-time.After(time.Duration(attempt) * 5 * time.Millisecond):
			}
		}
	}
}

// entry is the state a command on stream decides on: the aggregate cache's entry for
// workouts, which one person writes every minute or two while training; for other streams,
// written rarely, an entry of this command's own, read afresh. Either way the command runs
// the one path, executeOn; the cache only decides whether the folded state outlives it.
func (a *App) entry(stream string) *cachedStream {
	if a.cache != nil && strings.HasPrefix(stream, "workout-") {
		return a.cache.entry(stream)
	}
	return &cachedStream{stream: stream}
}

// Load folds stream into agg and returns the records it read.
func Load(ctx context.Context, store eventstore.Store, stream string, agg domain.Aggregate) ([]eventstore.RecordedEvent, error) {
	return loadFrom(ctx, store, stream, 1, agg)
}

// loadFrom folds the events of stream from version from on into agg, which holds those
// before, and returns the records it read.
func loadFrom(ctx context.Context, store eventstore.Store, stream string, from int64, agg domain.Aggregate) ([]eventstore.RecordedEvent, error) {
	history, err := store.ReadStream(ctx, stream, from)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", stream, err)
	}
	for _, rec := range history {
		ev, err := domain.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			return nil, fmt.Errorf("fold %s: %w", stream, err)
		}
		agg.Apply(ev)
	}
	return history, nil
}

// sameRequest reports whether a command with metadata meta may be a retry of the stored one:
// their causations (for a request, a digest of it) agree, or one of them has none.
func sameRequest(stored, meta eventstore.Metadata) bool {
	return stored.CausationID == "" || meta.CausationID == "" || stored.CausationID == meta.CausationID
}

// firstEventID is the id of the first event a command with meta writes to stream.
func firstEventID(stream string, meta eventstore.Metadata) string {
	return eventstore.DeriveID(stream, meta.CommandID, "0")
}

func encode(stream string, meta eventstore.Metadata, events []domain.Event) ([]eventstore.EventData, error) {
	out := make([]eventstore.EventData, len(events))
	for i, e := range events {
		b, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", e.EventType(), err)
		}
		id := eventstore.NewID()
		if meta.CommandID != "" {
			id = eventstore.DeriveID(stream, meta.CommandID, strconv.Itoa(i))
		}
		out[i] = eventstore.EventData{ID: id, Type: e.EventType(), Data: b, Metadata: meta}
	}
	return out, nil
}

// Step is one command of a batch that ExecuteSteps runs on one stream: its metadata, and
// what it decides on the aggregate as the steps before it left it.
type Step[A domain.Aggregate] struct {
	Meta   eventstore.Metadata
	Decide func(A) ([]domain.Event, error)
}

// StepResult is what became of one step of a batch. Stored says the stream held the step's
// events already (an earlier run of the same command, which is not decided again); Events are
// those it decided now; Err is its refusal, whose events (if any) are stored all the same, as
// Execute stores them.
type StepResult struct {
	Stored bool
	Events []domain.Event
	Err    error
}

// ExecuteSteps runs steps against one stream as Execute runs each, in order, each deciding on
// the state the steps before it left, but reads the stream once and appends what they all
// decide in one append: a batch that one writer gives at once (an import's workout and its
// sets), stored in one write and projected in one batch instead of one request's work a step.
// A step refused leaves nothing of its own, and the next ones are decided without it. When
// another writer moved the stream on before the append, the whole batch is decided afresh
// under Execute's retry policy. The batch goes around the aggregate cache, whose entry for the
// stream it drops.
func ExecuteSteps[A domain.Aggregate](ctx context.Context, a *App, stream string, newAggregate func() A,
	steps []Step[A]) ([]StepResult, eventstore.AppendResult, error) {
	defer a.Forget(stream)
	for attempt := 1; ; attempt++ {
		results, res, retry, err := executeStepsOnce(ctx, a.store, stream, newAggregate, steps)
		switch {
		case !retry:
			return results, res, err
		case attempt == maxAttempts:
			return nil, eventstore.AppendResult{}, domain.Conflict("%s kept changing; please try again", stream)
		case attempt >= 2:
			select {
			case <-ctx.Done():
				return nil, eventstore.AppendResult{}, ctx.Err()
			case <-time.After(time.Duration(attempt) * 5 * time.Millisecond):
			}
		}
	}
}

// executeStepsOnce is one attempt of ExecuteSteps on the stream read afresh. retry reports
// that the stream moved on before the append.
func executeStepsOnce[A domain.Aggregate](ctx context.Context, store eventstore.Store, stream string, newAggregate func() A,
	steps []Step[A]) (results []StepResult, res eventstore.AppendResult, retry bool, err error) {
	agg := newAggregate()
	history, err := Load(ctx, store, stream, agg)
	if err != nil {
		return nil, res, false, err
	}
	stored := make(map[string]bool, len(history))
	for _, rec := range history {
		stored[rec.ID] = true
		res = eventstore.AppendResult{Version: rec.Version, Position: rec.Position}
	}
	version := res.Version
	results = make([]StepResult, len(steps))
	var data []eventstore.EventData
	for i, s := range steps {
		if s.Meta.CommandID != "" && stored[firstEventID(stream, s.Meta)] {
			results[i].Stored = true
			continue
		}
		events, decideErr := s.Decide(agg)
		results[i] = StepResult{Events: events, Err: decideErr}
		if decideErr != nil && domain.KindOf(decideErr) == domain.KindInternal {
			return nil, res, false, decideErr
		}
		encoded, err := encode(stream, s.Meta, events)
		if err != nil {
			return nil, res, false, err
		}
		// The next step decides on the state as the store will give it back.
		for _, d := range encoded {
			ev, err := domain.DecodeEvent(d.Type, d.Data)
			if err != nil {
				return nil, res, false, fmt.Errorf("fold %s: %w", stream, err)
			}
			agg.Apply(ev)
		}
		data = append(data, encoded...)
	}
	if len(data) == 0 {
		return results, res, false, nil
	}
	res, err = store.Append(ctx, stream, eventstore.Exact(version), data...)
	switch {
	case eventstore.IsWrongVersion(err):
		return nil, res, true, nil
	case err != nil:
		return nil, res, false, fmt.Errorf("append %s: %w", stream, err)
	}
	return results, res, false, nil
}
