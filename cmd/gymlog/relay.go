package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/mailer"
	"github.com/gymlog/gymlog/projections/relay/reactors"
)

// newRelay builds the relay from the event feed to watermill (NATS JetStream when
// configured, an in-process channel otherwise) with every reactor registered. now is the
// server's clock: the mail reactors judge by it whether a code expired before it was sent.
func newRelay(ctx context.Context, a *app, cfg config, now func() time.Time, log *slog.Logger) (*relay.Relay, error) {
	var broker relay.Broker = relay.NewGoChannel(log)
	if cfg.NATSURL != "" {
		n, err := relay.NewNATS(ctx, relay.NATSConfig{URL: cfg.NATSURL}, log)
		if err != nil {
			return nil, fmt.Errorf("connect to NATS: %w", err)
		}
		broker = n
	}
	a.closers = append(a.closers, func() { _ = broker.Close() })
	sender, err := mailer.New(cfg.SMTPURL, cfg.MailFrom, cfg.MailboxDir, log)
	if err != nil {
		return nil, fmt.Errorf("mail: %w", err)
	}
	r, err := relay.New(a.db, relay.WithBroker(broker), relay.WithLogger(log))
	if err != nil {
		return nil, fmt.Errorf("relay: %w", err)
	}
	if err := r.AddReactor(reactors.NewVerificationEmail(sender, now, log)); err != nil {
		return nil, fmt.Errorf("relay: %w", err)
	}
	if err := r.AddReactor(reactors.NewPasswordResetEmail(sender, now, log)); err != nil {
		return nil, fmt.Errorf("relay: %w", err)
	}
	if err := r.AddReactor(reactors.NewClientRequestEmail(sender, now, log)); err != nil {
		return nil, fmt.Errorf("relay: %w", err)
	}
	return r, nil
}
