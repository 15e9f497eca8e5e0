package batch

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
)

func TestWriterBatchesWhatWaits(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	var sizes []int
	writing := make(chan struct{})
	w := New(64, func(ctx context.Context, jobs []*Job[int]) {
		mu.Lock()
		sizes = append(sizes, len(jobs))
		mu.Unlock()
		if jobs[0].Req == 0 {
			close(writing)
			<-release // hold the first batch while the others queue up
		}
		for _, j := range jobs {
			j.Result = eventstore.AppendResult{Version: int64(j.Req)}
		}
	})
	defer w.Close()

	results := make([]eventstore.AppendResult, 6)
	var wg sync.WaitGroup
	wg.Go(func() { results[0], _ = w.Do(t.Context(), 0) })
	<-writing // the first batch is being written
	for i := 1; i < 6; i++ {
		wg.Go(func() { results[i], _ = w.Do(t.Context(), i) })
	}
	waitQueueing(t, w, 5) // the others are waiting
	close(release)
	wg.Wait()

	if want := []int{1, 5}; !slices.Equal(sizes, want) {
		t.Errorf("got batch sizes %v, want %v", sizes, want)
	}
	for i, r := range results {
		if r.Version != int64(i) {
			t.Errorf("job %d: got result %+v, want its own", i, r)
		}
	}
}

func TestWriterSkipsJobsWhoseCallerLeft(t *testing.T) {
	release := make(chan struct{})
	var written []int
	writing := make(chan struct{})
	w := New(64, func(ctx context.Context, jobs []*Job[int]) {
		for _, j := range jobs {
			written = append(written, j.Req)
		}
		if jobs[0].Req == 0 {
			close(writing)
			<-release
		}
	})
	defer w.Close()

	done := make(chan struct{})
	go func() {
		w.Do(t.Context(), 0)
		close(done)
	}()
	<-writing
	ctx, cancel := context.WithCancel(t.Context())
	left := make(chan error)
	go func() {
		_, err := w.Do(ctx, 1)
		left <- err
	}()
	waitQueueing(t, w, 1) // job 1 waits behind the first batch
	cancel()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Errorf("Do with a cancelled context: got %v, want context.Canceled", err)
	}
	close(release)
	<-done
	w.Do(t.Context(), 2) // the writer goes on
	if want := []int{0, 2}; !slices.Equal(written, want) {
		t.Errorf("got written %v, want %v: a job whose caller left must not be written", written, want)
	}
}

// waitQueueing waits until n calls of Do wait to hand their job to w.
func waitQueueing(t *testing.T, w *Writer[int], n int64) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); w.queueing.Load() != n; runtime.Gosched() {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls queueing, want %d", w.queueing.Load(), n)
		}
	}
}

func TestWriterClosed(t *testing.T) {
	w := New(64, func(ctx context.Context, jobs []*Job[int]) {})
	w.Close()
	if _, err := w.Do(t.Context(), 1); !errors.Is(err, ErrClosed) {
		t.Errorf("Do after Close: got %v, want ErrClosed", err)
	}
}
