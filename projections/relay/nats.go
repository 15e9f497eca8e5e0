package relay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	wmnats "github.com/ThreeDotsLabs/watermill-nats/v2/pkg/nats"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/nats-io/nats.go"
)

// NATSConfig configures the NATS JetStream broker.
type NATSConfig struct {
	// URL is the server, nats://host:4222.
	URL string
	// Stream is the JetStream stream holding the feed and its dead letters, created when
	// missing (default "GYMLOG").
	Stream string
	// Subjects are the stream's subjects; they must cover the relay's topic and its
	// ".poison" topic (default "gymlog.>").
	Subjects []string
	// ConsumerPrefix begins the durable consumer names, <prefix>-<reactor> (default "gymlog").
	ConsumerPrefix string
}

// NATS is the JetStream broker, for production: the feed is stored in a stream that other
// services can consume, each reactor is a durable queue consumer shared by the nodes, and
// poisoned messages stay in the stream on the dead-letter subject.
type NATS struct {
	cfg         NATSConfig
	conn        *nats.Conn
	publisher   *wmnats.Publisher
	deadLetters *wmnats.Publisher
	log         *slog.Logger
}

// NewNATS connects to the server at cfg.URL and makes sure the stream exists.
func NewNATS(ctx context.Context, cfg NATSConfig, log *slog.Logger) (*NATS, error) {
	if cfg.Stream == "" {
		cfg.Stream = "GYMLOG"
	}
	if len(cfg.Subjects) == 0 {
		cfg.Subjects = []string{"gymlog.>"}
	}
	if cfg.ConsumerPrefix == "" {
		cfg.ConsumerPrefix = "gymlog"
	}
	if log == nil {
		log = slog.Default()
	}
	conn, err := nats.Connect(cfg.URL, nats.Name("gymlog relay"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, fmt.Errorf("relay: connect to NATS: %w", err)
	}
	js, err := conn.JetStream(nats.Context(ctx))
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("relay: JetStream: %w", err)
	}
	if _, err := js.StreamInfo(cfg.Stream); errors.Is(err, nats.ErrStreamNotFound) {
		// Nodes starting together may both add it; adding an identical stream succeeds.
		_, err = js.AddStream(&nats.StreamConfig{
			Name: cfg.Stream, Subjects: cfg.Subjects, Storage: nats.FileStorage,
			// Publishes carry the event id as Nats-Msg-Id: a republish after a crash
			// within this window is stored once.
			Duplicates: 10 * time.Minute,
		})
		if err != nil {
			conn.Close()
			return nil, fmt.Errorf("relay: create stream %s: %w", cfg.Stream, err)
		}
	} else if err != nil {
		conn.Close()
		return nil, fmt.Errorf("relay: stream %s: %w", cfg.Stream, err)
	}
	publisher, err := wmnats.NewPublisherWithNatsConn(conn, wmnats.PublisherPublishConfig{
		Marshaler:         &wmnats.NATSMarshaler{},
		SubjectCalculator: wmnats.DefaultSubjectCalculator,
		JetStream:         wmnats.JetStreamConfig{TrackMsgId: true},
	}, watermillLogger(log))
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("relay: NATS publisher: %w", err)
	}
	// A dead letter keeps its event's id as its message UUID; published with it as
	// Nats-Msg-Id, the stream would drop it as a duplicate of the event.
	deadLetters, err := wmnats.NewPublisherWithNatsConn(conn, wmnats.PublisherPublishConfig{
		Marshaler:         &wmnats.NATSMarshaler{},
		SubjectCalculator: wmnats.DefaultSubjectCalculator,
	}, watermillLogger(log))
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("relay: NATS publisher: %w", err)
	}
	return &NATS{cfg: cfg, conn: conn, publisher: publisher, deadLetters: deadLetters, log: log}, nil
}

// Publisher implements Broker. A publish returns once JetStream has stored the message.
func (n *NATS) Publisher() message.Publisher { return n.publisher }

// Subscriber implements Broker: a durable consumer named after the reactor, in a queue group
// of the same name, on a connection of its own that the router closes. A new consumer
// starts with the messages published after it was created, so a reactor added in a later
// release does not replay history.
func (n *NATS) Subscriber(_ context.Context, consumer string) (message.Subscriber, error) {
	durable := n.cfg.ConsumerPrefix + "-" + consumer
	sub, err := wmnats.NewSubscriber(wmnats.SubscriberConfig{
		URL:              n.cfg.URL,
		NatsOptions:      []nats.Option{nats.Name("gymlog reactor " + consumer), nats.MaxReconnects(-1)},
		QueueGroupPrefix: durable,
		SubscribersCount: 1,
		AckWaitTimeout:   time.Minute,
		CloseTimeout:     30 * time.Second,
		Unmarshaler:      &wmnats.NATSMarshaler{},
		JetStream: wmnats.JetStreamConfig{
			DurablePrefix: durable,
			// ManualAck: the message is acked only when the reactor handled it, never
			// just because the callback returned (at shutdown).
			SubscribeOptions: []nats.SubOpt{nats.ManualAck(), nats.AckExplicit(), nats.DeliverNew(),
				nats.AckWait(2 * time.Minute)},
		},
	}, watermillLogger(n.log))
	if err != nil {
		return nil, fmt.Errorf("relay: NATS subscriber %s: %w", durable, err)
	}
	return sub, nil
}

// DeadLetters implements Broker: poisoned messages stay in the stream, on the dead-letter
// subject.
func (n *NATS) DeadLetters() message.Publisher { return n.deadLetters }

// Durable implements Broker.
func (n *NATS) Durable() bool { return true }

// Close implements Broker.
func (n *NATS) Close() error {
	n.conn.Close()
	return nil
}
