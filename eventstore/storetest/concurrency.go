package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
)

// testRacingExactAppends: racers append to one stream at once, all expecting the same
// version. Exactly one may win each round; every loser gets the typed conflict naming the
// version the winner left.
func (s *suite) testRacingExactAppends(t *testing.T) {
	const racers, rounds = 20, 5
	ctx := testContext(t)
	st := s.open(t)
	for round := range int64(rounds) {
		errs := make([]error, racers)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for r := range racers {
			wg.Go(func() {
				<-start
				_, errs[r] = st.Append(ctx, "race", eventstore.Exact(round), newEvent(r))
			})
		}
		close(start)
		wg.Wait()
		winners := 0
		for _, err := range errs {
			if err == nil {
				winners++
				continue
			}
			checkWrongVersion(t, err, "race", eventstore.Exact(round), round+1)
		}
		if winners != 1 {
			t.Fatalf("round %d: got %d winners, want exactly 1", round, winners)
		}
	}
	if got, want := versions(mustReadStream(ctx, t, st, "race", 0)), []int64{1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("got versions %v, want %v", got, want)
	}
}

// testRacingAnyAppends: appends expecting Any never conflict, however many race.
func (s *suite) testRacingAnyAppends(t *testing.T) {
	const racers = 20
	ctx := testContext(t)
	st := s.open(t)
	results := make([]eventstore.AppendResult, racers)
	errs := make([]error, racers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for r := range racers {
		wg.Go(func() {
			<-start
			results[r], errs[r] = st.Append(ctx, "any", eventstore.Any, newEvent(r))
		})
	}
	close(start)
	wg.Wait()
	var got []int64
	for r, err := range errs {
		if err != nil {
			t.Fatalf("racer %d: Append(Any): %v", r, err)
		}
		got = append(got, results[r].Version)
	}
	slices.Sort(got)
	for i, v := range got {
		if v != int64(i+1) {
			t.Fatalf("got versions %v, want 1 to %d, each once", got, racers)
		}
	}
}

// testConcurrentRetries: a command retried while its first attempt is still being written
// (bad gym wifi) must log its events once, and every attempt must get the same answer.
func (s *suite) testConcurrentRetries(t *testing.T) {
	const attempts = 12
	ctx := testContext(t)
	st := s.open(t)
	evs := newEvents(2)
	results := make([]eventstore.AppendResult, attempts)
	errs := make([]error, attempts)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for a := range attempts {
		expected := eventstore.NoStream
		if a%2 == 1 {
			expected = eventstore.Any
		}
		wg.Go(func() {
			<-start
			results[a], errs[a] = st.Append(ctx, "retried", expected, evs...)
		})
	}
	close(start)
	wg.Wait()
	for a, err := range errs {
		if err != nil {
			t.Fatalf("attempt %d: %v", a, err)
		}
		if results[a] != results[0] {
			t.Errorf("attempt %d: got %+v, attempt 0 got %+v: want the same", a, results[a], results[0])
		}
	}
	if got, want := ids(mustReadStream(ctx, t, st, "retried", 0)), dataIDs(evs); !slices.Equal(got, want) {
		t.Errorf("got stream ids %v, want %v", got, want)
	}
	if got := mustHead(ctx, t, st); got != results[0].Position {
		t.Errorf("got head %d, want %d", got, results[0].Position)
	}
}

// testTailingReader: many writers append to their own streams while a reader tails the log
// in small batches, woken by Subscribe. The reader must see every event exactly once, in
// increasing positions, each stream's events in version order.
func (s *suite) testTailingReader(t *testing.T) {
	const writers, appendsEach = 50, 6
	ctx := testContext(t)
	st := s.open(t)
	wake, stop := st.Subscribe()
	defer stop()

	type seen struct {
		event eventstore.RecordedEvent
		batch int
	}
	var (
		readerErr error
		got       []seen
		done      = make(chan struct{}) // closed when every writer has returned
		readerEnd = make(chan struct{})
	)
	go func() {
		defer close(readerEnd)
		var after int64
		for batch, finished := 0, false; ; batch++ {
			evs, err := st.ReadAll(ctx, after, 7)
			if err != nil {
				readerErr = err
				return
			}
			for _, e := range evs {
				got = append(got, seen{e, batch})
			}
			if len(evs) > 0 {
				after = evs[len(evs)-1].Position
				continue
			}
			if finished {
				return // caught up after the last writer returned
			}
			select {
			case <-done:
				finished = true // read once more: the last appends may be unread
			case <-wake:
			case <-time.After(50 * time.Millisecond): // Subscribe may coalesce or miss
			case <-ctx.Done():
				readerErr = ctx.Err()
				return
			}
		}
	}()

	appended := make([][]string, writers) // per writer, ids in append order
	lastPos := make([]int64, writers)
	writerErrs := make([]error, writers)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			stream := fmt.Sprintf("tail-%d", w)
			var version int64
			for i := range appendsEach {
				evs := newEvents(i%3 + 1)
				res, err := st.Append(ctx, stream, eventstore.Exact(version), evs...)
				if err != nil {
					writerErrs[w] = err
					return
				}
				version = res.Version
				lastPos[w] = res.Position
				appended[w] = append(appended[w], dataIDs(evs)...)
			}
		})
	}
	wg.Wait()
	close(done)
	<-readerEnd
	if err := errors.Join(writerErrs...); err != nil {
		t.Fatalf("writers: %v", err)
	}
	if readerErr != nil {
		t.Fatalf("reader: %v", readerErr)
	}

	byStream := make(map[string][]string)
	positions := make(map[int64]bool)
	var prev int64
	for _, g := range got {
		e := g.event
		if e.Position <= prev {
			t.Fatalf("batch %d: got position %d after %d: the reader went back", g.batch, e.Position, prev)
		}
		prev = e.Position
		positions[e.Position] = true
		byStream[e.Stream] = append(byStream[e.Stream], e.ID)
	}
	total := 0
	for w := range writers {
		stream := fmt.Sprintf("tail-%d", w)
		total += len(appended[w])
		if !slices.Equal(byStream[stream], appended[w]) {
			t.Errorf("%s: reader saw ids %v, want %v", stream, byStream[stream], appended[w])
		}
		if !positions[lastPos[w]] {
			t.Errorf("%s: reader never saw position %d, returned by its last append", stream, lastPos[w])
		}
	}
	if len(got) != total {
		t.Errorf("reader saw %d events, want %d", len(got), total)
	}
}

// testLateCommit holds one append open after it has taken its position. Whatever the store
// does with later appends meanwhile, a reader must not pass the open one: when it commits,
// its events must come after everything the reader has already seen.
func (s *suite) testLateCommit(t *testing.T) {
	if s.openHeld == nil {
		t.Skip("the backend gives no way to hold an append open (storetest.WithHeldAppends)")
	}
	ctx := testContext(t)
	st, holder := s.openHeld(t)
	var releaseOnce sync.Once
	release := func() {
		releaseOnce.Do(func() {
			if err := holder.Release(context.WithoutCancel(ctx)); err != nil {
				t.Errorf("release the held append: %v", err)
			}
		})
	}
	t.Cleanup(release)

	// The held append goes to a stream that exists, the usual case.
	mustAppend(ctx, t, st, "late-held", eventstore.NoStream, newEvent(0))
	mustAppend(ctx, t, st, "late-before", eventstore.NoStream, newEvent(0))
	seen := readAll(ctx, t, st, 0, 10)
	last := seen[len(seen)-1].Position
	if err := holder.Hold(ctx, "late-held"); err != nil {
		t.Fatalf("hold appends to late-held: %v", err)
	}

	type result struct {
		res eventstore.AppendResult
		err error
	}
	heldEv, laterEv := newEvent(1), newEvent(2)
	heldDone, laterDone := make(chan result, 1), make(chan result, 1)
	go func() {
		res, err := st.Append(ctx, "late-held", eventstore.Exact(1), heldEv)
		heldDone <- result{res, err}
	}()
	heldErr := make(chan error, 1)
	go func() { heldErr <- holder.Held(ctx) }()
	select {
	case err := <-heldErr:
		if err != nil {
			t.Fatalf("the append to late-held was never held: %v", err)
		}
	case r := <-heldDone:
		t.Fatalf("the held append returned (%+v, %v) without being held", r.res, r.err)
	}
	go func() {
		res, err := st.Append(ctx, "late-after", eventstore.NoStream, laterEv)
		laterDone <- result{res, err}
	}()
	// Give the later append time to commit, if the store lets it past the open one.
	var later *result
	select {
	case r := <-laterDone:
		later = &r
	case <-time.After(300 * time.Millisecond):
	}

	while := readAll(ctx, t, st, last, 10)
	headWhile := mustHead(ctx, t, st)
	for _, e := range while {
		if e.ID == heldEv.ID {
			t.Fatalf("the reader saw event %s of an append that has not committed", e.ID)
		}
		last = e.Position
	}

	release()
	h := <-heldDone
	if h.err != nil {
		t.Fatalf("held append: %v", h.err)
	}
	if later == nil {
		r := <-laterDone
		later = &r
	}
	if later.err != nil {
		t.Fatalf("later append: %v", later.err)
	}

	if h.res.Position <= last {
		t.Errorf("the held append committed at position %d, but the reader had already passed %d: it will never see it", h.res.Position, last)
	}
	if h.res.Position <= headWhile {
		t.Errorf("the held append committed at position %d, but Head was %d while it was open", h.res.Position, headWhile)
	}
	rest := readAll(ctx, t, st, last, 10)
	all := append(append(seen, while...), rest...)
	count := make(map[string]int)
	for _, e := range all {
		count[e.ID]++
	}
	for _, id := range []string{seen[0].ID, seen[1].ID, heldEv.ID, laterEv.ID} {
		if count[id] != 1 {
			t.Errorf("the reader saw event %s %d times, want once", id, count[id])
		}
	}
	if len(all) != 4 {
		t.Errorf("the reader saw %d events, want 4", len(all))
	}
}
