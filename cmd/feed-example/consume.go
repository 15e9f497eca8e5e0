package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/gymlog/gymlog/projections/relay"
)

// Source is where the feed is read: a JetStream stream, the subjects wanted, and the durable
// consumer that remembers, on the server, what this reader has acknowledged.
type Source struct {
	Stream   string // "GYMLOG"
	Subjects string // "gymlog.feed.>"
	Durable  string // "feed-example"
}

// fetchBatch is how many messages one pull asks for.
const fetchBatch = 256

// Consume applies the feed to table until ctx ends or, with untilCaughtUp, until the consumer
// has nothing pending. A message is acknowledged after its event is committed to the table:
// a crash between the two delivers it again, and the table's position check drops it.
func Consume(ctx context.Context, js nats.JetStreamContext, src Source, table *Table, untilCaughtUp bool) (applied int, err error) {
	sub, err := js.PullSubscribe(src.Subjects, src.Durable, nats.BindStream(src.Stream), nats.DeliverAll(),
		nats.AckExplicit(), nats.AckWait(time.Minute))
	if err != nil {
		return 0, fmt.Errorf("feed-example: subscribe %s on %s: %w", src.Subjects, src.Stream, err)
	}
	for ctx.Err() == nil {
		msgs, err := sub.Fetch(fetchBatch, nats.MaxWait(time.Second))
		if errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
			if untilCaughtUp {
				info, err := sub.ConsumerInfo()
				if err != nil {
					return applied, fmt.Errorf("feed-example: consumer info: %w", err)
				}
				if info.NumPending == 0 && info.NumAckPending == 0 {
					return applied, nil
				}
			}
			continue
		}
		if err != nil {
			return applied, fmt.Errorf("feed-example: fetch: %w", err)
		}
		for _, msg := range msgs {
			ev, err := relay.DecodeFeedEvent(msg.Data)
			if err != nil {
				// Not a feed message: leave it to the operator, never drop it unseen.
				_ = msg.Term()
				return applied, fmt.Errorf("feed-example: message %s: %w", msg.Subject, err)
			}
			fresh, err := table.Apply(ctx, ev)
			if err != nil {
				_ = msg.Nak()
				return applied, err
			}
			if fresh {
				applied++
			}
			if err := msg.Ack(); err != nil {
				return applied, fmt.Errorf("feed-example: ack %d: %w", ev.Position, err)
			}
		}
	}
	return applied, nil
}
