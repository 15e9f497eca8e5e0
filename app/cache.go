package app

import (
	"container/list"
	"context"
	"fmt"
	"sync"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// Aggregates keeps the aggregates of recently written streams folded in memory, so that a
// command on a busy stream (a workout, a set logged every minute or two) reads nothing from
// the store: it decides on the cached state and appends at the cached version. The append
// is the check: when another process, or a write that bypassed the cache, moved the stream
// on, it fails on the version, the entry is dropped, and the command runs again from the
// stream. A command that appends nothing (a refusal) first checks that the stream has not
// moved on, so its answer never rests on a stale state either. Commands on one stream take
// turns on its entry in this process.
//
// The decide functions of commands run through it must not change the aggregate, as
// domain commands never do: they return events, and only Apply changes state.
type Aggregates struct {
	max int

	mu      sync.Mutex
	entries map[string]*list.Element // of *cachedStream, most recently used at the front
	order   *list.List
}

// cachedStream is one stream's aggregate at version, and what each command stored in the
// stream wrote (its last event), for idempotent replays.
type cachedStream struct {
	stream string
	mu     sync.Mutex // held by the command running on the stream

	loaded   bool
	agg      domain.Aggregate
	version  int64
	commands map[string]storedCommand
	// shared is set once another process was found to write the stream too (requests of
	// one user that alternate between nodes): each command then folds what the stream
	// gained first, one index read, instead of failing its append on the version.
	shared bool
}

// storedCommand is what a command stored in a cached stream: its result and metadata.
type storedCommand struct {
	res  eventstore.AppendResult
	meta eventstore.Metadata
}

// NewAggregates returns a cache of at most max streams, the least recently used dropped first.
func NewAggregates(max int) *Aggregates {
	return &Aggregates{max: max, entries: map[string]*list.Element{}, order: list.New()}
}

// Forget drops stream's entry: its stream was deleted, or changed outside the cache.
func (c *Aggregates) Forget(stream string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[stream]; ok {
		c.order.Remove(el)
		delete(c.entries, stream)
	}
}

// Len returns the number of cached streams.
func (c *Aggregates) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// entry returns stream's entry, creating an empty one, and marks it most recently used.
func (c *Aggregates) entry(stream string) *cachedStream {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[stream]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*cachedStream)
	}
	e := &cachedStream{stream: stream}
	c.entries[stream] = c.order.PushFront(e)
	for c.order.Len() > c.max {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.entries, oldest.Value.(*cachedStream).stream)
	}
	return e
}

// executeOn runs the command on entry e (App.entry: the cache's, or the command's own),
// loading it from the store first if need be; it is Execute's one path. retry reports that
// the stream had moved on: e was reset, and the command should run again.
func executeOn[A domain.Aggregate](ctx context.Context, e *cachedStream, store eventstore.Store, meta eventstore.Metadata,
	newAggregate func() A, decide func(A) ([]domain.Event, error)) (res eventstore.AppendResult, retry bool, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fresh := !e.loaded // read from the store by this very call
	if fresh {
		if err := e.load(ctx, store, newAggregate()); err != nil {
			return eventstore.AppendResult{}, false, err
		}
	} else if e.shared {
		if err := e.catchUp(ctx, store); err != nil {
			e.reset()
			return eventstore.AppendResult{}, false, err
		}
	}
	if first, ok := e.commands[meta.CommandID]; ok && meta.CommandID != "" {
		if !sameRequest(first.meta, meta) {
			return eventstore.AppendResult{}, false, ErrKeyReused
		}
		return first.res, false, nil
	}
	agg, ok := e.agg.(A)
	if !ok {
		e.reset() // another aggregate type on the same stream: fold it afresh
		return eventstore.AppendResult{}, true, nil
	}
	events, decideErr := decide(agg)
	if len(events) == 0 {
		// Nothing is appended, so no version check catches a stale state: a refusal (no
		// such set, the workout finished) must be the stream's answer, not the cache's of
		// before another node wrote it. Reading what follows the cached version is one
		// index lookup, on the rare paths that append nothing.
		if fresh {
			return eventstore.AppendResult{Version: e.version}, false, decideErr
		}
		version := e.version
		if err := e.catchUp(ctx, store); err != nil {
			e.reset()
			return eventstore.AppendResult{}, false, err
		}
		if e.version != version {
			return eventstore.AppendResult{}, true, nil
		}
		return eventstore.AppendResult{Version: e.version}, false, decideErr
	}
	data, err := encode(e.stream, meta, events)
	if err != nil {
		return eventstore.AppendResult{}, false, err
	}
	res, err = store.Append(ctx, e.stream, eventstore.Exact(e.version), data...)
	switch {
	case eventstore.IsWrongVersion(err):
		// Another node wrote the stream: fold what it wrote, not the whole stream again.
		e.shared = true
		if err := e.catchUp(ctx, store); err != nil {
			e.reset()
		}
		return eventstore.AppendResult{}, true, nil
	case err != nil:
		e.reset() // whether it was written is unknown: read it next time
		return eventstore.AppendResult{}, false, fmt.Errorf("append %s: %w", e.stream, err)
	case res.Version != e.version+int64(len(data)):
		// The store answered with an earlier attempt of this command, written through
		// another process: the cache missed it, and whatever followed. Read the stream
		// again and answer from it, as for any stored command.
		e.reset()
		return eventstore.AppendResult{}, true, nil
	}
	for _, d := range data {
		ev, err := domain.DecodeEvent(d.Type, d.Data)
		if err != nil {
			e.reset()
			return eventstore.AppendResult{}, false, fmt.Errorf("fold %s: %w", e.stream, err)
		}
		agg.Apply(ev)
	}
	e.version = res.Version
	if meta.CommandID != "" {
		e.commands[meta.CommandID] = storedCommand{res: res, meta: meta}
	}
	return res, false, decideErr
}

// load folds the stream into agg, as Execute does, and records each command's result.
func (e *cachedStream) load(ctx context.Context, store eventstore.Store, agg domain.Aggregate) error {
	e.agg, e.version, e.commands = agg, 0, map[string]storedCommand{}
	if err := e.catchUp(ctx, store); err != nil {
		e.reset()
		return err
	}
	e.loaded = true
	return nil
}

// catchUp folds into the entry what the stream holds after its version, and records each
// command's result.
func (e *cachedStream) catchUp(ctx context.Context, store eventstore.Store) error {
	newer, err := loadFrom(ctx, store, e.stream, e.version+1, e.agg)
	if err != nil {
		return err
	}
	for _, rec := range newer {
		e.version = rec.Version
		if id := rec.Metadata.CommandID; id != "" {
			e.commands[id] = storedCommand{res: eventstore.AppendResult{Version: rec.Version, Position: rec.Position}, meta: rec.Metadata}
		}
	}
	return nil
}

func (e *cachedStream) reset() {
	e.loaded, e.agg, e.version, e.commands, e.shared = false, nil, 0, nil, false
}
