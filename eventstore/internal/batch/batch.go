// Package batch lets concurrent appends share one database transaction, and so one flush
// to disk. An event store must serialise its appends to keep the global order honest; if
// each append were its own transaction, appends could go no faster than one disk flush
// each, whatever the concurrency. A writer goroutine instead takes every append waiting at
// that moment and writes them together; each append still succeeds or fails on its own.
package batch

import (
	"context"
	"errors"
	"time"

	"github.com/gymlog/gymlog/eventstore"
)

// maxLinger bounds how long a batch waits for more appends; see gather.
const maxLinger = time.Millisecond

// ErrClosed is returned by Do once the writer has been closed.
var ErrClosed = errors.New("eventstore: store closed")

// Job is one append waiting to be written. Write sets Result or Err.
type Job[T any] struct {
	Req    T
	Result eventstore.AppendResult
	Err    error

	ctx  context.Context
	done chan struct{}
}

// Writer runs the write function on batches of jobs, one batch at a time.
type Writer[T any] struct {
	jobs    chan *Job[T]
	ctx     context.Context
	cancel  context.CancelFunc
	stopped chan struct{}
	max     int
	write   func(ctx context.Context, jobs []*Job[T])
}

// New starts a writer that passes write at most max jobs at a time. write gets a context
// that ends when the writer is closed.
func New[T any](max int, write func(ctx context.Context, jobs []*Job[T])) *Writer[T] {
	ctx, cancel := context.WithCancel(context.Background())
	w := &Writer[T]{
		jobs:    make(chan *Job[T]),
		ctx:     ctx,
		cancel:  cancel,
		stopped: make(chan struct{}),
		max:     max,
		write:   write,
	}
	go w.loop()
	return w
}

// Do queues req and waits for its batch to be written. If ctx ends first, Do returns
// ctx.Err(), but an append already in a batch may still be written: a caller that retries
// with the same event ids gets the first result.
func (w *Writer[T]) Do(ctx context.Context, req T) (eventstore.AppendResult, error) {
	j := &Job[T]{Req: req, ctx: ctx, done: make(chan struct{})}
	select {
	case w.jobs <- j:
	case <-w.ctx.Done():
		return eventstore.AppendResult{}, ErrClosed
	case <-ctx.Done():
		return eventstore.AppendResult{}, ctx.Err()
	}
	select {
	case <-j.done:
		return j.Result, j.Err
	case <-ctx.Done():
		return eventstore.AppendResult{}, ctx.Err()
	}
}

// Close stops the writer: the context of a batch being written ends, and Close waits for
// write to return. Later calls to Do return ErrClosed.
func (w *Writer[T]) Close() {
	w.cancel()
	<-w.stopped
}

func (w *Writer[T]) loop() {
	defer close(w.stopped)
	// lastSize and lastTook describe the batch before: see gather.
	lastSize, lastTook := 0, time.Duration(0)
	for {
		var first *Job[T]
		select {
		case first = <-w.jobs:
		case <-w.ctx.Done():
			return
		}
		batch := w.gather(first, lastSize, lastTook)
		live := batch[:0]
		for _, j := range batch {
			if err := j.ctx.Err(); err != nil {
				j.Err = err // its caller has gone: do not write what it no longer waits for
				close(j.done)
				continue
			}
			live = append(live, j)
		}
		start := time.Now()
		if len(live) > 0 {
			w.write(w.ctx, live)
		}
		lastSize, lastTook = len(batch), time.Since(start)
		for _, j := range live {
			close(j.done)
		}
	}
}

// gather takes whatever else is waiting along with first. Under load batches grow by
// themselves while the one before is written; but the callers of a batch just written
// need a moment to come back with their next appends, and a writer that left at once
// would alternate between a batch of one and a batch of the rest. So while the batch is
// smaller than the one before, it waits for more, for at most a quarter of the time the
// batch before took to write: a bounded delay that lets batches keep their size.
func (w *Writer[T]) gather(first *Job[T], lastSize int, lastTook time.Duration) []*Job[T] {
	batch := []*Job[T]{first}
	for len(batch) < w.max {
		select {
		case j := <-w.jobs:
			batch = append(batch, j)
			continue
		default:
		}
		break
	}
	if len(batch) >= lastSize || len(batch) >= w.max {
		return batch
	}
	linger := time.NewTimer(min(lastTook/4, maxLinger))
	defer linger.Stop()
	for len(batch) < lastSize && len(batch) < w.max {
		select {
		case j := <-w.jobs:
			batch = append(batch, j)
		case <-linger.C:
			return batch
		case <-w.ctx.Done():
			return batch
		}
	}
	return batch
}
