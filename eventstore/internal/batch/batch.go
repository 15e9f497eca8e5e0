// Package batch lets concurrent appends share one database transaction, and so one flush
// to disk. An event store must serialise its appends to keep the global order honest; if
// each append were its own transaction, appends could go no faster than one disk flush
// each, whatever the concurrency. A writer goroutine instead takes every append waiting at
// that moment and writes them together; each append still succeeds or fails on its own.
package batch

import (
	"context"
	"errors"
	"sync/atomic"
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

	ctx    context.Context
	done   chan struct{}
	queued time.Time // when Do began to queue it
}

// Writer runs the write function on batches of jobs, one batch at a time.
type Writer[T any] struct {
	jobs    chan *Job[T]
	ctx     context.Context
	cancel  context.CancelFunc
	stopped chan struct{}
	max     int
	write   func(ctx context.Context, jobs []*Job[T])

	// queueing counts the calls of Do waiting to hand their job over, which tests wait for.
	queueing atomic.Int64
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
	j := &Job[T]{Req: req, ctx: ctx, done: make(chan struct{}), queued: time.Now()}
	w.queueing.Add(1)
	select {
	case w.jobs <- j:
		w.queueing.Add(-1)
	case <-w.ctx.Done():
		w.queueing.Add(-1)
		return eventstore.AppendResult{}, ErrClosed
	case <-ctx.Done():
		w.queueing.Add(-1)
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
	var last previous
	for {
		var first *Job[T]
		select {
		case first = <-w.jobs:
		case <-w.ctx.Done():
			return
		}
		batch := w.gather(first, last)
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
		last = previous{size: len(batch), took: time.Since(start), done: time.Now()}
		for _, j := range live {
			close(j.done)
		}
	}
}

// previous describes the batch written before: see gather.
type previous struct {
	size int
	took time.Duration
	done time.Time
}

// gather takes whatever else is waiting along with first. Under load, batches grow by
// themselves while the one before is written; but the callers of a batch just written
// need a moment to come back with their next appends, and a writer that left at once
// would split them over two batches, again and again. So it waits for as many jobs as
// are likely to come: the callers of the batch before, plus the jobs that were already
// waiting while it was written. It waits at most a quarter of the time the batch before
// took, a bounded delay that lets batches keep their size.
func (w *Writer[T]) gather(first *Job[T], last previous) []*Job[T] {
	var batch []*Job[T]
	want := last.size
	add := func(j *Job[T]) {
		batch = append(batch, j)
		if j.queued.Before(last.done) {
			want++ // waited through the batch before: not one of its callers
		}
	}
	full := func() bool { return len(batch) >= min(want, w.max) }
	add(first)
drain:
	for len(batch) < w.max {
		select {
		case j := <-w.jobs:
			add(j)
		default:
			break drain
		}
	}
	if full() {
		return batch
	}
	linger := time.NewTimer(min(last.took/4, maxLinger))
	defer linger.Stop()
	for !full() {
		select {
		case j := <-w.jobs:
			add(j)
		case <-linger.C:
			return batch
		case <-w.ctx.Done():
			return batch
		}
	}
	return batch
}
