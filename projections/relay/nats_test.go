package relay_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	wmnats "github.com/ThreeDotsLabs/watermill-nats/v2/pkg/nats"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/natstest"
)

// testNATS is a broker on a JetStream stream, subjects and consumers of the test's own,
// deleted afterwards; its topic and feed prefix, and a JetStream context to read it with.
type testNATS struct {
	broker            *relay.NATS
	stream            string
	js                nats.JetStreamContext
	topic, feedPrefix string
}

func newTestNATS(t *testing.T) testNATS {
	t.Helper()
	url := natstest.URL(t)
	suffix := strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	cfg := relay.NATSConfig{URL: url, Stream: "GYMLOG_TEST_" + suffix, Subjects: []string{"gymlogtest" + suffix + ".>"},
		ConsumerPrefix: "test" + suffix}
	broker, err := relay.NewNATS(context.Background(), cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { broker.Close() })
	js := natstest.JetStream(t, url)
	t.Cleanup(func() {
		if err := js.DeleteStream(cfg.Stream); err != nil {
			t.Errorf("delete stream: %v", err)
		}
	})
	return testNATS{broker: broker, stream: cfg.Stream, js: js, topic: "gymlogtest" + suffix + ".events", feedPrefix: "gymlogtest" + suffix + ".feed"}
}

// options are the relay options that publish to n.
func (n testNATS) options() []relay.Option {
	return []relay.Option{relay.WithBroker(n.broker), relay.WithTopic(n.topic), relay.WithFeedPrefix(n.feedPrefix),
		relay.WithLogger(quiet)}
}

func TestRelayOverNATSJetStream(t *testing.T) {
	n := newTestNATS(t)
	b := newSQLite(t)
	events := appendEvents(t, b.store, "test.wanted.v1", 6)
	bad := events[1]
	re := &recorder{name: "mailer", fail: func(_ context.Context, ev relay.Event) error {
		if ev.ID == bad.ID {
			return errors.New("cannot handle this one")
		}
		return nil
	}}
	defer run(t, b, append(n.options(), relay.WithReactorRetry(1, time.Millisecond)), re)()

	want := slices.DeleteFunc(recordedIDs(events), func(id string) bool { return id == bad.ID })
	eventually(t, "the reactor got the events", func() bool { return len(ids(re.got())) >= len(want) })
	if got := ids(re.got()); !slices.Equal(got, want) {
		t.Errorf("events handled:\n got %v\nwant %v", got, want)
	}

	// The stream holds the feed for other consumers, and the poisoned message on its subject.
	info, err := n.js.StreamInfo(n.stream)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := info.State.Msgs, uint64(2*len(events)+1); got != want {
		t.Errorf("messages in the stream: got %d, want %d (the reactors' messages, the feed and one dead letter)", got, want)
	}
	sub, err := n.js.SubscribeSync(n.topic+".poison", nats.DeliverAll(), nats.AckNone())
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	msg, err := sub.NextMsg(10 * time.Second)
	if err != nil {
		t.Fatalf("dead letter: %v", err)
	}
	if got := msg.Header.Get(wmnats.WatermillUUIDHdr); got != bad.ID {
		t.Errorf("dead letter: got message %s, want %s", got, bad.ID)
	}
	head := events[len(events)-1].Position
	eventually(t, "the checkpoint reaches the head", func() bool { return checkpoint(t, b.db, "relay") == head })
}

// TestFeedOverNATSJetStream: every event is on the feed once, on its type's subject, with
// its position as message id and only the fields its type may carry; the events of a stream
// deleted before the relay (re)plays them (an erased account) are never published: neither
// store returns them any more.
func TestFeedOverNATSJetStream(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		n := newTestNATS(t)
		ctx := context.Background()
		appendOne := func(stream, typ, data string) {
			t.Helper()
			_, err := b.store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: uuid.NewString(), Type: typ,
				Data: []byte(data), Metadata: eventstore.Metadata{ActorID: "u1"}})
			if err != nil {
				t.Fatal(err)
			}
		}
		appendOne("workout-w1", "workout.started.v1", `{"workoutId":"w1","userId":"u1","date":"2026-11-25","name":"Mine"}`)
		appendOne("workout-w2", "workout.started.v1", `{"workoutId":"w2","userId":"u2","date":"2026-11-25"}`)
		appendOne("workout-w1", "workout.set_logged.v1", `{"setId":"s1","workoutId":"w1","userId":"u1","exercise":"Squat","reps":5}`)
		appendOne("user-u1", "account.user_registered.v1", `{"userId":"u1","email":"eve@example.com"}`)
		appendOne("workout-w2", "workout.set_logged.v1", `{"setId":"s2","workoutId":"w2","userId":"u2","exercise":"Row","reps":8}`)
		if err := b.store.DeleteStream(ctx, "workout-w2"); err != nil {
			t.Fatal(err)
		}
		kept, err := b.store.ReadAll(ctx, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		defer run(t, b, n.options())()
		head := kept[len(kept)-1].Position
		eventually(t, "the checkpoint reaches the head", func() bool { return checkpoint(t, b.db, "relay") == head })

		sub, err := n.js.SubscribeSync(n.feedPrefix+".>", nats.DeliverAll(), nats.AckNone())
		if err != nil {
			t.Fatal(err)
		}
		defer sub.Unsubscribe()
		for i, want := range kept {
			msg, err := sub.NextMsg(10 * time.Second)
			if err != nil {
				t.Fatalf("feed message %d: %v", i, err)
			}
			ev, err := relay.DecodeFeedEvent(msg.Data)
			if err != nil {
				t.Fatal(err)
			}
			if ev.ID != want.ID || ev.Position != want.Position || ev.Stream == "workout-w2" {
				t.Errorf("feed message %d: got %+v, want event %s at %d", i, ev, want.ID, want.Position)
			}
			if got, want := msg.Subject, relay.FeedSubject(n.feedPrefix, want.Type); got != want {
				t.Errorf("feed message %d: got subject %s, want %s", i, got, want)
			}
			if got, want := msg.Header.Get(nats.MsgIdHdr), relay.FeedMessageID(want.Position); got != want {
				t.Errorf("feed message %d: got Nats-Msg-Id %q, want %q", i, got, want)
			}
			if strings.Contains(string(msg.Data), "eve@example.com") || strings.Contains(string(msg.Data), "Mine") {
				t.Errorf("feed message %d carries personal data: %s", i, msg.Data)
			}
		}
		// The checkpoint is past every publish: the stream holds each kept event's feed message
		// (and, with no reactor to want them, no full events), nothing of the deleted stream.
		info, err := n.js.StreamInfo(n.stream)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := info.State.Msgs, uint64(len(kept)); got != want {
			t.Errorf("messages in the stream: got %d, want %d", got, want)
		}
	})
}
