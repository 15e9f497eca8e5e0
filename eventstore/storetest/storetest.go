// Package storetest is the event store contract: every backend runs Run from its tests and
// must pass it. The suite is the definition of eventstore.Store; where it and a comment
// disagree, the suite wins.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/eventstore"
)

// Holder holds appends open in a store under test, through the store's own write path: the
// test stops an append where production would commit it, without a hook that changes the
// path (a trigger, a lock the statement must take, ...).
type Holder interface {
	// Hold makes appends to stream stop once they have taken their global position, before
	// they commit, until Release.
	Hold(ctx context.Context, stream string) error
	// Held returns once an append to the held stream is stopped there.
	Held(ctx context.Context) error
	// Release lets the held appends commit, and holds no more.
	Release(ctx context.Context) error
}

// Option adds what some contract tests need beyond a plain store.
type Option func(*suite)

// WithHeldAppends enables the late-commit test: open returns a fresh, empty store and a
// Holder for it.
func WithHeldAppends(open func(t *testing.T) (eventstore.Store, Holder)) Option {
	return func(s *suite) { s.openHeld = open }
}

type suite struct {
	open     func(t *testing.T) eventstore.Store
	openHeld func(t *testing.T) (eventstore.Store, Holder)
}

// Run runs the contract suite. open returns a fresh, empty store and registers its own
// cleanup; each test opens its own.
func Run(t *testing.T, open func(t *testing.T) eventstore.Store, opts ...Option) {
	s := &suite{open: open}
	for _, o := range opts {
		o(s)
	}
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"ExpectedVersion", s.testExpectedVersion},
		{"RacingExactAppends", s.testRacingExactAppends},
		{"RacingAnyAppends", s.testRacingAnyAppends},
		{"ConcurrentRetries", s.testConcurrentRetries},
		{"TailingReader", s.testTailingReader},
		{"LateCommit", s.testLateCommit},
		{"IdempotentReappend", s.testIdempotentReappend},
		{"PartlyDuplicateAppend", s.testPartlyDuplicateAppend},
		{"IDsStoredInAnotherStream", s.testIDsStoredInAnotherStream},
		{"InvalidAppend", s.testInvalidAppend},
		{"DeleteStream", s.testDeleteStream},
		{"ReadStreamFromVersion", s.testReadStreamFromVersion},
		{"ReadAllBatches", s.testReadAllBatches},
		{"Head", s.testHead},
		{"RoundTrip", s.testRoundTrip},
		{"Subscribe", s.testSubscribe},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.run(t)
		})
	}
}

// testContext bounds every test, so a store that hangs fails instead of stalling the run.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// newEvent returns an event with a fresh id and a small JSON payload naming n.
func newEvent(n int) eventstore.EventData {
	return eventstore.EventData{
		ID:   uuid.NewString(),
		Type: "test.thing_happened.v1",
		Data: fmt.Appendf(nil, `{"n":%d}`, n),
	}
}

func newEvents(count int) []eventstore.EventData {
	evs := make([]eventstore.EventData, count)
	for i := range evs {
		evs[i] = newEvent(i)
	}
	return evs
}

func mustAppend(ctx context.Context, t *testing.T, s eventstore.Store, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) eventstore.AppendResult {
	t.Helper()
	res, err := s.Append(ctx, stream, expected, events...)
	if err != nil {
		t.Fatalf("Append(%s, %d, %d events): %v", stream, expected, len(events), err)
	}
	return res
}

func mustReadStream(ctx context.Context, t *testing.T, s eventstore.Store, stream string, from int64) []eventstore.RecordedEvent {
	t.Helper()
	evs, err := s.ReadStream(ctx, stream, from)
	if err != nil {
		t.Fatalf("ReadStream(%s, %d): %v", stream, from, err)
	}
	return evs
}

// readAll reads every event after position after, in batches of batch.
func readAll(ctx context.Context, t *testing.T, s eventstore.Store, after int64, batch int) []eventstore.RecordedEvent {
	t.Helper()
	var all []eventstore.RecordedEvent
	for {
		evs, err := s.ReadAll(ctx, after, batch)
		if err != nil {
			t.Fatalf("ReadAll(%d, %d): %v", after, batch, err)
		}
		if len(evs) == 0 {
			return all
		}
		all = append(all, evs...)
		after = evs[len(evs)-1].Position
	}
}

func mustHead(ctx context.Context, t *testing.T, s eventstore.Store) int64 {
	t.Helper()
	head, err := s.Head(ctx)
	if err != nil {
		t.Fatalf("Head: %v", err)
	}
	return head
}

func ids(evs []eventstore.RecordedEvent) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.ID
	}
	return out
}

func dataIDs(evs []eventstore.EventData) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.ID
	}
	return out
}

func versions(evs []eventstore.RecordedEvent) []int64 {
	out := make([]int64, len(evs))
	for i, e := range evs {
		out[i] = e.Version
	}
	return out
}

// checkWrongVersion fails unless err is a *WrongVersionError for stream, expected, actual.
func checkWrongVersion(t *testing.T, err error, stream string, expected eventstore.ExpectedVersion, actual int64) {
	t.Helper()
	var wrong *eventstore.WrongVersionError
	if !errors.As(err, &wrong) {
		t.Fatalf("Append(%s, %d): got error %v, want a *eventstore.WrongVersionError", stream, expected, err)
	}
	got := *wrong
	want := eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: actual}
	if got != want {
		t.Errorf("Append(%s, %d): got %+v, want %+v", stream, expected, got, want)
	}
	if !eventstore.IsWrongVersion(err) {
		t.Errorf("IsWrongVersion(%v) = false, want true", err)
	}
}

func (s *suite) testExpectedVersion(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	// Each case starts from a stream at version `at` (0: absent).
	tests := []struct {
		name     string
		at       int64
		expected eventstore.ExpectedVersion
		ok       bool
	}{
		{"any on absent", 0, eventstore.Any, true},
		{"no stream on absent", 0, eventstore.NoStream, true},
		{"exact 0 on absent", 0, eventstore.Exact(0), true},
		{"exact 1 on absent", 0, eventstore.Exact(1), false},
		{"any on existing", 2, eventstore.Any, true},
		{"no stream on existing", 2, eventstore.NoStream, false},
		{"exact current on existing", 2, eventstore.Exact(2), true},
		{"exact behind on existing", 2, eventstore.Exact(1), false},
		{"exact ahead on existing", 2, eventstore.Exact(3), false},
	}
	for i, tt := range tests {
		stream := fmt.Sprintf("expected-%d", i)
		if tt.at > 0 {
			mustAppend(ctx, t, st, stream, eventstore.NoStream, newEvents(int(tt.at))...)
		}
		headBefore := mustHead(ctx, t, st)
		evs := newEvents(2)
		res, err := st.Append(ctx, stream, tt.expected, evs...)
		if !tt.ok {
			checkWrongVersion(t, err, stream, tt.expected, tt.at)
			if got := mustReadStream(ctx, t, st, stream, 0); int64(len(got)) != tt.at {
				t.Errorf("%s: stream has %d events after a failed append, want %d", tt.name, len(got), tt.at)
			}
			if got := mustHead(ctx, t, st); got != headBefore {
				t.Errorf("%s: head moved from %d to %d on a failed append", tt.name, headBefore, got)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: Append: %v", tt.name, err)
		}
		if got, want := res.Version, tt.at+2; got != want {
			t.Errorf("%s: got version %d, want %d", tt.name, got, want)
		}
		if res.Position <= headBefore {
			t.Errorf("%s: got position %d, want after the head %d", tt.name, res.Position, headBefore)
		}
		got := mustReadStream(ctx, t, st, stream, 0)
		if want := []int64{1, 2, 3, 4}[:tt.at+2]; !slices.Equal(versions(got), want) {
			t.Errorf("%s: got versions %v, want %v", tt.name, versions(got), want)
		}
	}
}

func (s *suite) testIdempotentReappend(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	evs := newEvents(3)
	first := mustAppend(ctx, t, st, "idem", eventstore.NoStream, evs...)
	// Other appends move the stream and the log on before the retry arrives.
	mustAppend(ctx, t, st, "idem", eventstore.Exact(3), newEvent(9))
	mustAppend(ctx, t, st, "idem-other", eventstore.NoStream, newEvent(9))
	head := mustHead(ctx, t, st)
	before := readAll(ctx, t, st, 0, 100)

	// The retry carries the expected version the first call had (now stale), or Any.
	for _, expected := range []eventstore.ExpectedVersion{eventstore.NoStream, eventstore.Any, eventstore.Exact(4)} {
		got, err := st.Append(ctx, "idem", expected, evs...)
		if err != nil {
			t.Fatalf("re-append with expected %d: %v", expected, err)
		}
		if got != first {
			t.Errorf("re-append with expected %d: got %+v, want the first result %+v", expected, got, first)
		}
	}
	if got := mustHead(ctx, t, st); got != head {
		t.Errorf("head moved from %d to %d on re-appends", head, got)
	}
	after := readAll(ctx, t, st, 0, 100)
	if !slices.Equal(ids(after), ids(before)) {
		t.Errorf("re-appends wrote events: got ids %v, want %v", ids(after), ids(before))
	}
}

func (s *suite) testPartlyDuplicateAppend(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	a, b, c := newEvent(1), newEvent(2), newEvent(3)
	mustAppend(ctx, t, st, "dup", eventstore.NoStream, a, b)
	head := mustHead(ctx, t, st)
	for _, tt := range []struct {
		stream   string
		expected eventstore.ExpectedVersion
	}{
		{"dup", eventstore.Exact(2)},
		{"dup", eventstore.Any},
		{"dup", eventstore.NoStream},
		{"dup-elsewhere", eventstore.NoStream},
	} {
		_, err := st.Append(ctx, tt.stream, tt.expected, b, c)
		if !errors.Is(err, eventstore.ErrDuplicateEvent) {
			t.Errorf("Append(%s, %d, stored and new event): got %v, want ErrDuplicateEvent", tt.stream, tt.expected, err)
		}
	}
	if got := mustHead(ctx, t, st); got != head {
		t.Errorf("head moved from %d to %d", head, got)
	}
	if got, want := ids(mustReadStream(ctx, t, st, "dup", 0)), dataIDs([]eventstore.EventData{a, b}); !slices.Equal(got, want) {
		t.Errorf("got stream ids %v, want %v", got, want)
	}
	if got := mustReadStream(ctx, t, st, "dup-elsewhere", 0); len(got) != 0 {
		t.Errorf("got %d events in dup-elsewhere, want none", len(got))
	}
}

// testIDsStoredInAnotherStream: an append whose event ids are all stored, but in another
// stream, is not a retry of that append: it fails and writes nothing, whatever the expected
// version, instead of answering with the other stream's result.
func (s *suite) testIDsStoredInAnotherStream(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	evs := newEvents(2)
	mustAppend(ctx, t, st, "workout-1", eventstore.NoStream, evs...)
	mustAppend(ctx, t, st, "workout-2", eventstore.NoStream, newEvent(7))
	head := mustHead(ctx, t, st)
	for _, tt := range []struct {
		stream   string
		expected eventstore.ExpectedVersion
	}{
		{"workout-2", eventstore.Exact(1)},
		{"workout-2", eventstore.Any},
		{"workout-3", eventstore.NoStream},
		{"workout-3", eventstore.Any},
	} {
		res, err := st.Append(ctx, tt.stream, tt.expected, evs...)
		if !errors.Is(err, eventstore.ErrDuplicateEvent) {
			t.Errorf("Append(%s, %d, ids stored in workout-1): got %+v, %v, want ErrDuplicateEvent", tt.stream, tt.expected, res, err)
		}
	}
	if got := mustHead(ctx, t, st); got != head {
		t.Errorf("head moved from %d to %d", head, got)
	}
	if got := mustReadStream(ctx, t, st, "workout-2", 0); len(got) != 1 {
		t.Errorf("got %d events in workout-2, want 1", len(got))
	}
	if got := mustReadStream(ctx, t, st, "workout-3", 0); len(got) != 0 {
		t.Errorf("got %d events in workout-3, want none", len(got))
	}
}

func (s *suite) testInvalidAppend(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	good := newEvent(1)
	notUUID, noType, notJSON := newEvent(2), newEvent(3), newEvent(4)
	notUUID.ID = "set-1"
	noType.Type = ""
	notJSON.Data = []byte(`{"n":`)
	withData := func(data string) eventstore.EventData {
		e := newEvent(5)
		e.Data = []byte(data)
		return e
	}
	withMeta := func(m eventstore.Metadata) eventstore.EventData {
		e := newEvent(6)
		e.Metadata = m
		return e
	}
	badType := newEvent(7)
	badType.Type = "test.\x00.v1"
	for _, tt := range []struct {
		name     string
		stream   string
		expected eventstore.ExpectedVersion
		events   []eventstore.EventData
	}{
		{"no events", "invalid", eventstore.Any, nil},
		{"empty stream name", "", eventstore.Any, []eventstore.EventData{good}},
		{"expected version below Any", "invalid", eventstore.ExpectedVersion(-2), []eventstore.EventData{good}},
		{"id not a UUID", "invalid", eventstore.Any, []eventstore.EventData{good, notUUID}},
		{"empty type", "invalid", eventstore.Any, []eventstore.EventData{good, noType}},
		{"data not JSON", "invalid", eventstore.Any, []eventstore.EventData{good, notJSON}},
		{"same id twice", "invalid", eventstore.Any, []eventstore.EventData{good, good}},
		// Text every backend would not store alike (PostgreSQL refuses NUL and invalid
		// UTF-8; SQLite would keep them) is refused by every backend.
		{"NUL escape in data", "invalid", eventstore.Any, []eventstore.EventData{good, withData(`{"name":"Eve\u0000"}`)}},
		{"invalid UTF-8 in data", "invalid", eventstore.Any, []eventstore.EventData{good, withData("{\"name\":\"N\xff\"}")}},
		{"lone surrogate in data", "invalid", eventstore.Any, []eventstore.EventData{good, withData(`{"name":"\ud800"}`)}},
		{"NUL in stream name", "invalid\x00", eventstore.Any, []eventstore.EventData{good}},
		{"invalid UTF-8 in stream name", "invalid\xff", eventstore.Any, []eventstore.EventData{good}},
		{"NUL in type", "invalid", eventstore.Any, []eventstore.EventData{good, badType}},
		{"NUL in metadata", "invalid", eventstore.Any, []eventstore.EventData{withMeta(eventstore.Metadata{ActorID: "a\x00"})}},
		{"invalid UTF-8 in metadata", "invalid", eventstore.Any, []eventstore.EventData{withMeta(eventstore.Metadata{CommandID: "k\xfe"})}},
	} {
		if _, err := st.Append(ctx, tt.stream, tt.expected, tt.events...); err == nil {
			t.Errorf("%s: Append succeeded, want an error", tt.name)
		}
	}
	if got := mustHead(ctx, t, st); got != 0 {
		t.Errorf("got head %d after invalid appends, want 0", got)
	}
}

func (s *suite) testDeleteStream(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	mustAppend(ctx, t, st, "erase", eventstore.NoStream, newEvents(2)...)
	kept := mustAppend(ctx, t, st, "keep", eventstore.NoStream, newEvent(1))
	last := mustAppend(ctx, t, st, "erase", eventstore.Exact(2), newEvent(3))

	if err := st.DeleteStream(ctx, "erase"); err != nil {
		t.Fatalf("DeleteStream: %v", err)
	}
	if got := mustReadStream(ctx, t, st, "erase", 0); len(got) != 0 {
		t.Errorf("got %d events in a deleted stream, want none", len(got))
	}
	all := readAll(ctx, t, st, 0, 10)
	if len(all) != 1 || all[0].Stream != "keep" {
		t.Errorf("ReadAll after deletion: got streams %v, want [keep]", streams(all))
	}
	if got, want := mustHead(ctx, t, st), kept.Position; got != want {
		t.Errorf("got head %d after deleting the stream at the end of the log, want %d", got, want)
	}
	if err := st.DeleteStream(ctx, "never-was"); err != nil {
		t.Errorf("DeleteStream of an absent stream: %v", err)
	}

	// The stream starts again at version 0, and its old positions are never handed out
	// again: a reader that passed them must not find new events there.
	_, err := st.Append(ctx, "erase", eventstore.Exact(3), newEvent(4))
	checkWrongVersion(t, err, "erase", eventstore.Exact(3), 0)
	again := mustAppend(ctx, t, st, "erase", eventstore.NoStream, newEvent(5))
	if again.Version != 1 {
		t.Errorf("got version %d appending to a deleted stream, want 1", again.Version)
	}
	if again.Position <= last.Position {
		t.Errorf("got position %d after deletion, want after %d: positions must not be reused", again.Position, last.Position)
	}
}

func streams(evs []eventstore.RecordedEvent) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Stream
	}
	return out
}

func (s *suite) testReadStreamFromVersion(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	evs := newEvents(5)
	mustAppend(ctx, t, st, "from", eventstore.NoStream, evs[:2]...)
	mustAppend(ctx, t, st, "other", eventstore.NoStream, newEvent(0))
	mustAppend(ctx, t, st, "from", eventstore.Exact(2), evs[2:]...)
	for _, tt := range []struct {
		from int64
		want []int64
	}{
		{0, []int64{1, 2, 3, 4, 5}},
		{1, []int64{1, 2, 3, 4, 5}},
		{3, []int64{3, 4, 5}},
		{5, []int64{5}},
		{6, []int64{}},
	} {
		got := mustReadStream(ctx, t, st, "from", tt.from)
		if !slices.Equal(versions(got), tt.want) {
			t.Errorf("ReadStream(from %d): got versions %v, want %v", tt.from, versions(got), tt.want)
		}
		if want := dataIDs(evs[len(evs)-len(tt.want):]); !slices.Equal(ids(got), want) {
			t.Errorf("ReadStream(from %d): got ids %v, want %v", tt.from, ids(got), want)
		}
	}
	got, err := st.ReadStream(ctx, "absent", 0)
	if err != nil || len(got) != 0 {
		t.Errorf("ReadStream(absent): got %d events, %v; want none, no error", len(got), err)
	}
}

func (s *suite) testReadAllBatches(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	var want []string
	for i := range 7 {
		evs := newEvents(i%3 + 1)
		mustAppend(ctx, t, st, fmt.Sprintf("batch-%d", i%2), eventstore.Any, evs...)
		want = append(want, dataIDs(evs)...)
	}
	first, err := st.ReadAll(ctx, 0, 4)
	if err != nil {
		t.Fatalf("ReadAll(0, 4): %v", err)
	}
	if len(first) != 4 {
		t.Fatalf("ReadAll(0, 4): got %d events, want 4", len(first))
	}
	got := readAll(ctx, t, st, first[len(first)-1].Position, 3)
	if all := append(ids(first), ids(got)...); !slices.Equal(all, want) {
		t.Errorf("ReadAll in batches: got ids %v, want %v", all, want)
	}
	if _, err := st.ReadAll(ctx, 0, 0); err == nil {
		t.Error("ReadAll with max 0 succeeded, want an error")
	}
}

func (s *suite) testHead(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	if got := mustHead(ctx, t, st); got != 0 {
		t.Errorf("empty store: got head %d, want 0", got)
	}
	var prev int64
	for i := range 3 {
		res := mustAppend(ctx, t, st, "head", eventstore.Any, newEvents(i+1)...)
		if res.Position <= prev {
			t.Errorf("append %d: got position %d, want after %d", i, res.Position, prev)
		}
		prev = res.Position
		if got := mustHead(ctx, t, st); got != res.Position {
			t.Errorf("append %d: got head %d, want the append's position %d", i, got, res.Position)
		}
	}
	if got := readAll(ctx, t, st, prev, 10); len(got) != 0 {
		t.Errorf("ReadAll after the head: got %d events, want none", len(got))
	}
}

func (s *suite) testRoundTrip(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	in := eventstore.EventData{
		// Upper case: stores return ids in canonical, lower-case form.
		ID:   "0F8FAD5B-D9CB-469F-A165-70867728950E",
		Type: "workout.set_logged.v1",
		Data: []byte(`{"reps": 8,  "weight": {"kg": 82.5}, "note": "last set \u00e9"}`),
		Metadata: eventstore.Metadata{
			ActorID:       "user-1",
			CommandID:     "cmd-2",
			CorrelationID: "corr-3",
			CausationID:   "cause-4",
		},
	}
	plain := newEvent(1) // no metadata at all
	before := time.Now().Truncate(time.Microsecond)
	res := mustAppend(ctx, t, st, "workout-1", eventstore.NoStream, in, plain)
	after := time.Now()

	fromStream := mustReadStream(ctx, t, st, "workout-1", 0)
	fromAll := readAll(ctx, t, st, 0, 10)
	if len(fromStream) != 2 || len(fromAll) != 2 {
		t.Fatalf("got %d events from ReadStream and %d from ReadAll, want 2 each", len(fromStream), len(fromAll))
	}
	for i, got := range fromStream {
		if all := fromAll[i]; !equalEvents(got, all) {
			t.Errorf("event %d: ReadStream gave %+v, ReadAll gave %+v", i, got, all)
		}
	}
	got := fromStream[0]
	want := eventstore.RecordedEvent{
		ID: "0f8fad5b-d9cb-469f-a165-70867728950e", Stream: "workout-1", Type: in.Type,
		Version: 1, Position: got.Position, RecordedAt: got.RecordedAt,
		Data: in.Data, Metadata: in.Metadata,
	}
	if !equalEvents(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if string(got.Data) != string(in.Data) {
		t.Errorf("got data %s, want it byte for byte: %s", got.Data, in.Data)
	}
	if got.RecordedAt.Before(before) || got.RecordedAt.After(after) {
		t.Errorf("got RecordedAt %v, want between %v and %v", got.RecordedAt, before, after)
	}
	if got.RecordedAt.Location() != time.UTC {
		t.Errorf("got RecordedAt in %v, want UTC", got.RecordedAt.Location())
	}
	second := fromStream[1]
	if second.Version != 2 || second.Position != res.Position || second.Position <= got.Position {
		t.Errorf("second event: got version %d position %d, want version 2 at the append's position %d, after %d",
			second.Version, second.Position, res.Position, got.Position)
	}
	if second.Metadata != (eventstore.Metadata{}) {
		t.Errorf("got metadata %+v for an event without any, want none", second.Metadata)
	}
	if !second.RecordedAt.Equal(got.RecordedAt) {
		t.Errorf("events of one append recorded at %v and %v, want the same time", got.RecordedAt, second.RecordedAt)
	}
	var payload struct{ Reps int }
	if err := json.Unmarshal(got.Data, &payload); err != nil || payload.Reps != 8 {
		t.Errorf("decode payload: got %+v, %v", payload, err)
	}
}

func equalEvents(a, b eventstore.RecordedEvent) bool {
	return a.ID == b.ID && a.Stream == b.Stream && a.Type == b.Type && a.Version == b.Version &&
		a.Position == b.Position && a.RecordedAt.Equal(b.RecordedAt) &&
		string(a.Data) == string(b.Data) && a.Metadata == b.Metadata
}

func (s *suite) testSubscribe(t *testing.T) {
	ctx := testContext(t)
	st := s.open(t)
	sub, stop := st.Subscribe()
	idle, stopIdle := st.Subscribe()
	defer stopIdle()
	mustAppend(ctx, t, st, "sub", eventstore.NoStream, newEvent(1))
	for name, ch := range map[string]<-chan struct{}{"first": sub, "second": idle} {
		select {
		case _, ok := <-ch:
			if !ok {
				t.Errorf("%s subscription closed, want a wake-up", name)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s subscription: no wake-up within 10 s of an append", name)
		}
	}
	stop()
	// After stop the channel is closed (once any pending wake-up is drained).
	for range sub {
	}
	stop() // stopping twice is harmless
}
