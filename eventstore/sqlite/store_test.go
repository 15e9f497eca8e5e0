package sqlite

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/internal/batch"
	"github.com/gymlog/gymlog/eventstore/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return open(t, nil) },
		storetest.WithHeldAppends(func(t *testing.T) (eventstore.Store, storetest.Holder) {
			h := &holder{held: make(chan struct{}), release: make(chan struct{})}
			return open(t, h.hook), h
		}))
}

// holder holds appends in the store's one write path, at its hook (called in every append's
// transaction once it has its positions).
type holder struct {
	mu       sync.Mutex
	stream   string
	held     chan struct{}
	release  chan struct{}
	heldOnce sync.Once
	relOnce  sync.Once
}

func (h *holder) hook(ctx context.Context, stream string) {
	h.mu.Lock()
	holding := stream == h.stream
	h.mu.Unlock()
	if !holding {
		return
	}
	h.heldOnce.Do(func() { close(h.held) })
	select {
	case <-h.release:
	case <-ctx.Done():
	}
}

func (h *holder) Hold(_ context.Context, stream string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stream = stream
	return nil
}

func (h *holder) Held(ctx context.Context) error {
	select {
	case <-h.held:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *holder) Release(context.Context) error {
	h.mu.Lock()
	h.stream = ""
	h.mu.Unlock()
	h.relOnce.Do(func() { close(h.release) })
	return nil
}

// open returns a store on a fresh file whose appends call beforeCommit (if not nil).
func open(t testing.TB, beforeCommit func(ctx context.Context, stream string)) *Store {
	t.Helper()
	db, err := OpenDB(filepath.Join(t.TempDir(), "gymlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	st, err := New(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.beforeCommit = beforeCommit
	t.Cleanup(func() { st.Close() })
	return st
}

// TestBatchWithSharedEventIDs: two appends written in one batch that share an event id;
// each must get its own answer, and the failing one must not undo the others.
func TestBatchWithSharedEventIDs(t *testing.T) {
	st := open(t, nil)
	job := func(stream, id string) *batch.Job[appendReq] {
		args := []any{stream, int64(0), int64(eventstore.Any), id, "test.thing_happened.v1", "{}", "", "", "", ""}
		return &batch.Job[appendReq]{Req: appendReq{stream: stream, expected: eventstore.Any, n: 1, args: args}}
	}
	shared := "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	first, second, other := job("first", shared), job("second", shared), job("other", "a3bb189e-8bf9-3888-9912-ace4e6543002")
	st.writeBatch(t.Context(), []*batch.Job[appendReq]{first, second, other})
	if first.Err != nil || first.Result.Version != 1 {
		t.Errorf("first: got %+v, %v; want version 1", first.Result, first.Err)
	}
	if second.Err == nil {
		t.Errorf("second, sharing the first's event id: got %+v, want an error", second.Result)
	}
	if other.Err != nil || other.Result.Version != 1 {
		t.Errorf("other: got %+v, %v; want version 1", other.Result, other.Err)
	}
	for stream, want := range map[string]int{"first": 1, "second": 0, "other": 1} {
		evs, err := st.ReadStream(t.Context(), stream, 0)
		if err != nil || len(evs) != want {
			t.Errorf("ReadStream(%s): got %d events, %v; want %d", stream, len(evs), err, want)
		}
	}
}
