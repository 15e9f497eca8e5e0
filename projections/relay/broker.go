package relay

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
)

// Broker is the watermill transport the relay publishes the feed to and reactors consume it
// from.
type Broker interface {
	// Publisher publishes the feed.
	Publisher() message.Publisher
	// Subscriber returns the subscriber the reactor named consumer reads through. On a
	// shared broker each reactor is one consumer group across nodes, so every reactor sees
	// every event and the nodes share the work.
	Subscriber(ctx context.Context, consumer string) (message.Subscriber, error)
	// DeadLetters returns the publisher of poisoned messages, or nil when the broker cannot
	// keep them: the relay then keeps them in the relay_dead_letters table.
	DeadLetters() message.Publisher
	// Durable reports whether a successful Publish means the broker has stored the message.
	// When it does not (in-process), the relay moves its checkpoint only once every reactor
	// has handled the event.
	Durable() bool
	// Close releases the broker.
	Close() error
}

// GoChannel is the in-process broker, the default: no service to run. A publish blocks until
// every reactor has handled the message, and the relay subscribes its reactors before it
// publishes, so no message is dropped.
type GoChannel struct {
	ch *gochannel.GoChannel
}

// NewGoChannel returns an in-process broker logging to log (slog.Default() when nil).
func NewGoChannel(log *slog.Logger) *GoChannel {
	return &GoChannel{ch: gochannel.NewGoChannel(gochannel.Config{BlockPublishUntilSubscriberAck: true}, watermillLogger(log))}
}

// Publisher implements Broker.
func (g *GoChannel) Publisher() message.Publisher { return g.ch }

// Subscriber implements Broker. The router closes the subscribers it is given when it stops;
// the channel outlives it, so a relay can be run again on it.
func (g *GoChannel) Subscriber(context.Context, string) (message.Subscriber, error) {
	return keepOpen{g.ch}, nil
}

// DeadLetters implements Broker: messages on a topic nobody subscribes to are dropped.
func (g *GoChannel) DeadLetters() message.Publisher { return nil }

// Durable implements Broker.
func (g *GoChannel) Durable() bool { return false }

// Close implements Broker.
func (g *GoChannel) Close() error { return g.ch.Close() }

// keepOpen is a subscriber whose Close leaves the underlying one open; its subscriptions end
// with their context.
type keepOpen struct{ message.Subscriber }

func (keepOpen) Close() error { return nil }

// watermillLogger adapts log for watermill, whose info messages are routine enough to be
// debug here.
func watermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	if log == nil {
		log = slog.Default()
	}
	return watermill.NewSlogLoggerWithLevelMapping(log, map[slog.Level]slog.Level{slog.LevelInfo: slog.LevelDebug})
}
