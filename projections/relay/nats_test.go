package relay_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	wmnats "github.com/ThreeDotsLabs/watermill-nats/v2/pkg/nats"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go"

	"github.com/gymlog/gymlog/projections/relay"
)

// natsURL returns the JetStream server tests use: $GYMLOG_TEST_NATS_URL. Without it the test
// is skipped, unless GYMLOG_REQUIRE_NATS=1 (as in CI) makes that a failure.
func natsURL(t *testing.T) string {
	t.Helper()
	url := os.Getenv("GYMLOG_TEST_NATS_URL")
	if url == "" {
		if os.Getenv("GYMLOG_REQUIRE_NATS") == "1" {
			t.Fatal("GYMLOG_TEST_NATS_URL is unset but GYMLOG_REQUIRE_NATS=1")
		}
		t.Skip("GYMLOG_TEST_NATS_URL is unset: skipping a test that needs NATS JetStream")
	}
	return url
}

func TestRelayOverNATSJetStream(t *testing.T) {
	url := natsURL(t)
	b := newSQLite(t)
	ctx := context.Background()

	// A stream, subjects and consumers of this test's own, deleted afterwards.
	suffix := strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	cfg := relay.NATSConfig{URL: url, Stream: "GYMLOG_TEST_" + suffix, Subjects: []string{"gymlogtest" + suffix + ".>"},
		ConsumerPrefix: "test" + suffix}
	topic := "gymlogtest" + suffix + ".events"
	broker, err := relay.NewNATS(ctx, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { broker.Close() })
	conn, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Close)
	js, err := conn.JetStream()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := js.DeleteStream(cfg.Stream); err != nil {
			t.Errorf("delete stream: %v", err)
		}
	})

	events := appendEvents(t, b.store, "test.wanted.v1", 6)
	bad := events[1]
	re := &recorder{name: "mailer", fail: func(_ context.Context, ev relay.Event) error {
		if ev.ID == bad.ID {
			return errors.New("cannot handle this one")
		}
		return nil
	}}
	defer run(t, b, []relay.Option{relay.WithBroker(broker), relay.WithTopic(topic),
		relay.WithLogger(quiet), relay.WithReactorRetry(1, time.Millisecond)}, re)()

	want := slices.DeleteFunc(recordedIDs(events), func(id string) bool { return id == bad.ID })
	eventually(t, "the reactor got the events", func() bool { return len(ids(re.got())) >= len(want) })
	if got := ids(re.got()); !slices.Equal(got, want) {
		t.Errorf("events handled:\n got %v\nwant %v", got, want)
	}

	// The stream holds the feed for other consumers, and the poisoned message on its subject.
	info, err := js.StreamInfo(cfg.Stream)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := info.State.Msgs, uint64(len(events)+1); got != want {
		t.Errorf("messages in the stream: got %d, want %d (the feed and one dead letter)", got, want)
	}
	sub, err := js.SubscribeSync(topic+".poison", nats.DeliverAll(), nats.AckNone())
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
