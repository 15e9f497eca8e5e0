package batch

import (
	"context"
	"errors"
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
	w := New(64, func(ctx context.Context, jobs []*Job[int]) {
		mu.Lock()
		sizes = append(sizes, len(jobs))
		mu.Unlock()
		if jobs[0].Req == 0 {
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
	time.Sleep(200 * time.Millisecond) // the first batch is being written
	for i := 1; i < 6; i++ {
		wg.Go(func() { results[i], _ = w.Do(t.Context(), i) })
	}
	time.Sleep(200 * time.Millisecond) // the others are waiting
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
	w := New(64, func(ctx context.Context, jobs []*Job[int]) {
		for _, j := range jobs {
			written = append(written, j.Req)
		}
		if jobs[0].Req == 0 {
			<-release
		}
	})
	defer w.Close()

	done := make(chan struct{})
	go func() {
		w.Do(t.Context(), 0)
		close(done)
	}()
	time.Sleep(200 * time.Millisecond)
	ctx, cancel := context.WithCancel(t.Context())
	left := make(chan error)
	go func() {
		_, err := w.Do(ctx, 1)
		left <- err
	}()
	time.Sleep(200 * time.Millisecond) // job 1 waits behind the first batch
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

func TestWriterClosed(t *testing.T) {
	w := New(64, func(ctx context.Context, jobs []*Job[int]) {})
	w.Close()
	if _, err := w.Do(t.Context(), 1); !errors.Is(err, ErrClosed) {
		t.Errorf("Do after Close: got %v, want ErrClosed", err)
	}
}
