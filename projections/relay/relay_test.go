package relay_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/relay"
)

type backend struct {
	dialect projections.Dialect
	db      *sql.DB
	store   eventstore.Store
}

func forEachBackend(t *testing.T, test func(t *testing.T, b backend)) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) { test(t, migrated(t, fromBackend(b))) })
}

func newSQLite(t *testing.T) backend {
	t.Helper()
	return migrated(t, fromBackend(backendtest.SQLite(t)))
}

// newPostgres opens a node on the database at url: its own pool, store and read-model handle.
func newPostgres(t *testing.T, url string) backend {
	t.Helper()
	return migrated(t, fromBackend(backendtest.PostgresAt(t, url)))
}

func fromBackend(b backendtest.Backend) backend {
	return backend{dialect: projections.Dialect(b.Name), db: b.DB, store: b.Store}
}

func migrated(t *testing.T, b backend) backend {
	t.Helper()
	if err := projections.Migrate(context.Background(), b.db, b.dialect); err != nil {
		t.Fatal(err)
	}
	return b
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// appendEvents appends n events of type typ, each with its index in the payload, and returns
// them as stored.
func appendEvents(t *testing.T, store eventstore.Store, typ string, n int) []eventstore.RecordedEvent {
	t.Helper()
	ctx := context.Background()
	var out []eventstore.RecordedEvent
	for i := range n {
		stream := fmt.Sprintf("test-%d", i%3)
		id := uuid.NewString()
		_, err := store.Append(ctx, stream, eventstore.Any, eventstore.EventData{
			ID: id, Type: typ, Data: []byte(fmt.Sprintf(`{"n":%d}`, i)),
			Metadata: eventstore.Metadata{ActorID: "actor-1", CorrelationID: "corr-" + id},
		})
		if err != nil {
			t.Fatal(err)
		}
		recs, err := store.ReadStream(ctx, stream, 1)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, recs[len(recs)-1])
	}
	return out
}

// recorder is a reactor that keeps the events it got. fail, when set, decides whether an
// event fails.
type recorder struct {
	name  string
	types []string
	fail  func(ctx context.Context, ev relay.Event) error

	mu     sync.Mutex
	events []relay.Event
	tries  map[string]int
}

func (r *recorder) Name() string         { return r.name }
func (r *recorder) EventTypes() []string { return r.types }

func (r *recorder) React(ctx context.Context, ev relay.Event) error {
	r.mu.Lock()
	if r.tries == nil {
		r.tries = map[string]int{}
	}
	r.tries[ev.ID]++
	r.mu.Unlock()
	if r.fail != nil {
		if err := r.fail(ctx, ev); err != nil {
			return err
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
	return nil
}

func (r *recorder) got() []relay.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.events)
}

func (r *recorder) triesOf(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tries[id]
}

// ids lists the distinct ids of events, in first-seen order.
func ids(events []relay.Event) []string {
	var out []string
	for _, ev := range events {
		if !slices.Contains(out, ev.ID) {
			out = append(out, ev.ID)
		}
	}
	return out
}

func recordedIDs(events []eventstore.RecordedEvent) []string {
	var out []string
	for _, ev := range events {
		out = append(out, ev.ID)
	}
	return out
}

// start runs a relay with reactors until the test ends or stop is called; stop waits for
// it to return.
func start(t *testing.T, b backend, broker relay.Broker, reactors ...relay.Reactor) func() {
	t.Helper()
	opts := []relay.Option{relay.WithLogger(quiet), relay.WithReactorRetry(2, time.Millisecond)}
	if broker != nil {
		opts = append(opts, relay.WithBroker(broker))
	}
	return run(t, b, opts, reactors...)
}

// run runs a relay built with opts and reactors, and the projection runner that feeds it,
// as a node does, until the test ends or the returned stop is called.
func run(t *testing.T, b backend, opts []relay.Option, reactors ...relay.Reactor) func() {
	t.Helper()
	r, err := relay.New(b.db, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range reactors {
		if err := r.AddReactor(re); err != nil {
			t.Fatal(err)
		}
	}
	runner, err := projections.NewRunner(b.db, b.dialect, b.store, []projections.Projector{r},
		projections.WithLogger(quiet), projections.WithPollInterval(50*time.Millisecond),
		projections.WithTakeoverInterval(100*time.Millisecond), projections.WithRetry(3, time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 2)
	go func() { done <- r.Run(ctx) }()
	go func() { done <- runner.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			for range 2 {
				if err := <-done; err != nil {
					t.Errorf("Run: %v", err)
				}
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// eventually polls cond until it holds or a deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func checkpoint(t *testing.T, db *sql.DB, name string) int64 {
	t.Helper()
	var pos int64
	err := db.QueryRow(`SELECT position FROM projection_checkpoints WHERE name = $1`, name).Scan(&pos)
	if errors.Is(err, sql.ErrNoRows) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// observe subscribes a plain observer to the reactors' topic of broker; the function it
// returns gives the messages seen so far.
func observe(t *testing.T, broker *relay.GoChannel) func() []*message.Message {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	sub, err := broker.Subscriber(ctx, "observer")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sub.Subscribe(ctx, relay.DefaultTopic)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var messages []*message.Message
	go func() {
		for m := range raw {
			mu.Lock()
			messages = append(messages, m)
			mu.Unlock()
			m.Ack()
		}
	}()
	return func() []*message.Message {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(messages)
	}
}

func TestRelayPublishesEveryEventAsAnEnvelope(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		broker := relay.NewGoChannel(quiet)
		defer broker.Close()

		// A plain subscriber sees the raw messages.
		observed := observe(t, broker)

		all := &recorder{name: "all"}
		some := &recorder{name: "some", types: []string{"test.wanted.v1"}}
		stop := start(t, b, broker, all, some)
		wanted := appendEvents(t, b.store, "test.wanted.v1", 5)
		other := appendEvents(t, b.store, "test.other.v1", 5)
		head := other[len(other)-1].Position
		eventually(t, "the checkpoint reaches the head", func() bool { return checkpoint(t, b.db, "relay") == head })
		stop()

		if got, want := ids(all.got()), append(recordedIDs(wanted), recordedIDs(other)...); !slices.Equal(got, want) {
			t.Errorf("events seen by the reactor of all events:\n got %v\nwant %v", got, want)
		}
		if got, want := ids(some.got()), recordedIDs(wanted); !slices.Equal(got, want) {
			t.Errorf("events seen by the reactor of one type:\n got %v\nwant %v", got, want)
		}
		first := wanted[0]
		ev := all.got()[0]
		if ev.Type != first.Type || ev.Stream != first.Stream || ev.Version != first.Version ||
			ev.Position != first.Position || !ev.RecordedAt.Equal(first.RecordedAt) ||
			string(ev.Data) != string(first.Data) || ev.Metadata != first.Metadata {
			t.Errorf("envelope: got %+v, want the fields of %+v", ev, first)
		}

		messages := observed()
		if len(messages) != 10 {
			t.Fatalf("raw messages: got %d, want 10", len(messages))
		}
		m := messages[0]
		if m.UUID != first.ID || m.Metadata.Get(relay.MetadataType) != first.Type {
			t.Errorf("message: got uuid %s type %s, want %s %s", m.UUID, m.Metadata.Get(relay.MetadataType), first.ID, first.Type)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(m.Payload, &fields); err != nil {
			t.Fatal(err)
		}
		var keys []string
		for k := range fields {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if want := []string{"data", "id", "metadata", "position", "recordedAt", "stream", "type", "version"}; !slices.Equal(keys, want) {
			t.Errorf("envelope fields: got %v, want %v", keys, want)
		}
	})
}

// TestOnlyWantedEventsGoToTheReactors: the reactors' topic carries events as stored,
// personal data included, so only the types some reactor wants are published there.
func TestOnlyWantedEventsGoToTheReactors(t *testing.T) {
	b := newSQLite(t)
	broker := relay.NewGoChannel(quiet)
	defer broker.Close()
	observed := observe(t, broker)
	some := &recorder{name: "some", types: []string{"test.wanted.v1"}}
	stop := start(t, b, broker, some)
	appendEvents(t, b.store, "test.other.v1", 3)
	wanted := appendEvents(t, b.store, "test.wanted.v1", 2)
	head := wanted[len(wanted)-1].Position
	eventually(t, "the checkpoint reaches the head", func() bool { return checkpoint(t, b.db, "relay") == head })
	stop()
	var types []string
	for _, m := range observed() {
		types = append(types, m.Metadata.Get(relay.MetadataType))
	}
	if want := []string{"test.wanted.v1", "test.wanted.v1"}; !slices.Equal(types, want) {
		t.Errorf("types published to the reactors: got %v, want %v", types, want)
	}
}

func TestFailingReactorIsRetriedThenPoisoned(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		events := appendEvents(t, b.store, "test.wanted.v1", 6)
		bad := events[2]
		flaky := events[4]
		re := &recorder{name: "picky"}
		re.fail = func(_ context.Context, ev relay.Event) error {
			switch {
			case ev.ID == bad.ID:
				return errors.New("cannot handle this one")
			case ev.ID == flaky.ID && re.triesOf(ev.ID) == 1:
				return errors.New("not yet")
			}
			return nil
		}
		stop := start(t, b, nil, re)
		head := events[len(events)-1].Position
		eventually(t, "the checkpoint reaches the head", func() bool { return checkpoint(t, b.db, "relay") == head })
		stop()

		if got, want := re.triesOf(bad.ID), 3; got != want {
			t.Errorf("tries of the failing event: got %d, want %d (1 + 2 retries)", got, want)
		}
		if got, want := re.triesOf(flaky.ID), 2; got != want {
			t.Errorf("tries of the flaky event: got %d, want %d", got, want)
		}
		want := recordedIDs(events)
		want = slices.DeleteFunc(want, func(id string) bool { return id == bad.ID })
		if got := ids(re.got()); !slices.Equal(got, want) {
			t.Errorf("events handled:\n got %v\nwant %v", got, want)
		}
		var handler, reason, payload string
		err := b.db.QueryRow(`SELECT handler, reason, payload FROM relay_dead_letters WHERE message_id = $1`, bad.ID).
			Scan(&handler, &reason, &payload)
		if err != nil {
			t.Fatalf("dead letter of %s: %v", bad.ID, err)
		}
		if handler != "picky" || !strings.Contains(reason, "cannot handle this one") || !strings.Contains(payload, bad.ID) {
			t.Errorf("dead letter: got handler %q reason %q payload %s", handler, reason, payload)
		}
		var n int
		if err := b.db.QueryRow(`SELECT COUNT(*) FROM relay_dead_letters`).Scan(&n); err != nil || n != 1 {
			t.Errorf("dead letters: got %d (%v), want 1", n, err)
		}
	})
}

func TestRelayStoppedMidEventPublishesItAgain(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		events := appendEvents(t, b.store, "test.wanted.v1", 8)
		stuck := events[3]
		blocked := make(chan struct{})
		first := &recorder{name: "mailer", fail: func(ctx context.Context, ev relay.Event) error {
			if ev.ID == stuck.ID {
				select {
				case <-blocked:
				default:
					close(blocked)
				}
				<-ctx.Done() // shut down while handling it
				return ctx.Err()
			}
			return nil
		}}
		stop := start(t, b, nil, first)
		<-blocked
		stop()
		if got, want := checkpoint(t, b.db, "relay"), events[2].Position; got != want {
			t.Fatalf("checkpoint after the shutdown: got %d, want %d (before the unhandled event)", got, want)
		}
		var n int
		if err := b.db.QueryRow(`SELECT COUNT(*) FROM relay_dead_letters`).Scan(&n); err != nil || n != 0 {
			t.Errorf("dead letters after a shutdown: got %d (%v), want 0", n, err)
		}

		second := &recorder{name: "mailer"}
		start(t, b, nil, second)
		want := recordedIDs(events[3:])
		eventually(t, "the rest is delivered", func() bool { return len(second.got()) >= len(want) })
		if got := ids(second.got()); !slices.Equal(got, want) {
			t.Errorf("events after the restart:\n got %v\nwant %v", got, want)
		}
		if got, want := ids(first.got()), recordedIDs(events[:3]); !slices.Equal(got, want) {
			t.Errorf("events before the shutdown:\n got %v\nwant %v", got, want)
		}
	})
}

func TestOneActiveRelayAcrossNodes(t *testing.T) {
	url := pgtest.NewDatabase(t)
	nodeA, nodeB := newPostgres(t, url), newPostgres(t, url)
	a, b := &recorder{name: "mailer"}, &recorder{name: "mailer"}
	stopA := start(t, nodeA, nil, a)
	events := appendEvents(t, nodeA.store, "test.wanted.v1", 5)
	eventually(t, "node A publishes", func() bool { return len(a.got()) == len(events) })
	start(t, nodeB, nil, b)
	more := appendEvents(t, nodeA.store, "test.wanted.v1", 5)
	eventually(t, "node A publishes more", func() bool { return len(a.got()) == len(events)+len(more) })
	if n := len(b.got()); n != 0 {
		t.Fatalf("node B handled %d events while node A held the relay", n)
	}
	// A reactor may see an event a second time (delivery is at least once): node A moves its
	// checkpoint just after each publish, and stopping it in between would hand that event
	// to node B again. This test is about the hand-over from a stored checkpoint.
	eventually(t, "node A stores its checkpoint", func() bool {
		return checkpoint(t, nodeA.db, "relay") == more[len(more)-1].Position
	})

	stopA()
	last := appendEvents(t, nodeB.store, "test.wanted.v1", 5)
	eventually(t, "node B takes over", func() bool { return len(b.got()) >= len(last) })
	if got, want := ids(b.got()), recordedIDs(last); !slices.Equal(got, want) {
		t.Errorf("events node B published:\n got %v\nwant %v", got, want)
	}
}

// flakyBroker is the in-process broker whose first publishes fail, as a broker that is down.
type flakyBroker struct {
	*relay.GoChannel
	mu       sync.Mutex
	failures int
}

func (f *flakyBroker) Publisher() message.Publisher { return flakyPublisher{f} }

type flakyPublisher struct{ f *flakyBroker }

func (p flakyPublisher) Publish(topic string, messages ...*message.Message) error {
	p.f.mu.Lock()
	down := p.f.failures > 0
	if down {
		p.f.failures--
	}
	p.f.mu.Unlock()
	if down {
		return errors.New("broker unreachable")
	}
	return p.f.GoChannel.Publisher().Publish(topic, messages...)
}

func (p flakyPublisher) Close() error { return nil }

func TestRelayOutlastsABrokerOutage(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		// More failed publishes than the runner tries a failing event before stopping it:
		// a broker that is down is not the event's fault.
		broker := &flakyBroker{GoChannel: relay.NewGoChannel(quiet), failures: 8}
		t.Cleanup(func() { _ = broker.Close() }) // after the relay stops
		re := &recorder{name: "mailer"}
		start(t, b, broker, re)
		events := appendEvents(t, b.store, "test.wanted.v1", 4)
		eventually(t, "every event is delivered", func() bool { return len(ids(re.got())) == len(events) })
		if got, want := ids(re.got()), recordedIDs(events); !slices.Equal(got, want) {
			t.Errorf("events after the outage:\n got %v\nwant %v", got, want)
		}
		head := events[len(events)-1].Position
		eventually(t, "the checkpoint reaches the head", func() bool { return checkpoint(t, b.db, "relay") == head })
	})
}

func TestErasingAUsersDeadLettersLeavesOthers(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		gone, kept := "0b9f6c1e-4a0d-4c57-9d0e-6f1d2b3c4d5e", "7c2e9a40-1b3d-4e5f-8a6b-9c0d1e2f3a4b"
		for i, payload := range []string{`{"userId":"` + gone + `"}`, `{"clientId":"` + gone + `","trainerId":"` + kept + `"}`, `{"userId":"` + kept + `"}`} {
			if _, err := b.db.Exec(`INSERT INTO relay_dead_letters (message_id, handler, topic, payload, metadata, reason, poisoned_at)
				VALUES ($1, 'mailer', 'events', $2, '{}', 'failed', '2026-11-28T00:00:00Z')`, fmt.Sprint("m", i), payload); err != nil {
				t.Fatal(err)
			}
		}
		if err := relay.EraseDeadLetters(context.Background(), b.db, gone); err != nil {
			t.Fatal(err)
		}
		var left []string
		rows, err := b.db.Query(`SELECT message_id FROM relay_dead_letters ORDER BY message_id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			left = append(left, id)
		}
		if !slices.Equal(left, []string{"m2"}) {
			t.Errorf("dead letters left: %v, want only the one that does not name the closed account", left)
		}
	})
}
