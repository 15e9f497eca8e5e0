package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Reconnection backoff of a LISTEN connection.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
)

// Subscribe implements eventstore.Store. This store's own appends wake its subscribers at
// once; other nodes' appends reach them through one LISTEN connection, opened on the first
// call and reopened whenever it drops. Each (re)connection wakes them too, since appends
// may have committed while no one was listening.
func (s *Store) Subscribe() (<-chan struct{}, func()) {
	ch, stop := s.hub.Subscribe()
	s.listening.Do(func() { s.running.Go(s.listen) })
	return ch, stop
}

// listen keeps the store's LISTEN connection up until the store is closed.
func (s *Store) listen() {
	wake := func(context.Context) error { s.hub.Notify(); return nil }
	Listen(s.background, s.pool.Config().ConnConfig, channel, wake,
		func(ctx context.Context, payload string) error {
			if payload != s.node { // this node's own appends woke its subscribers already
				s.hub.Notify()
			}
			return nil
		},
		func(err error, retryIn time.Duration) {
			slog.Default().Warn("event store notifications lost; reconnecting", "err", err, "retry_in", retryIn)
			s.hub.Notify() // notices may have been missed: subscribers read the store again
		})
}

// Listen keeps a LISTEN connection on channel (a lower-case identifier) up until ctx ends: a dedicated connection made
// from config (not one of a pool's, which must stay free for queries), reopened with backoff
// whenever it drops. connected runs on every (re)connection once it listens (what was sent
// while no one listened is lost); notice runs for each notification, one at a time in the
// order sent; an error from either drops the connection. dropped is told why and when it
// will try again.
func Listen(ctx context.Context, config *pgx.ConnConfig, channel string, connected func(context.Context) error,
	notice func(ctx context.Context, payload string) error, dropped func(err error, retryIn time.Duration)) {
	backoff := minBackoff
	for {
		err := listenOnce(ctx, config, channel, func(ctx context.Context) error {
			backoff = minBackoff
			return connected(ctx)
		}, notice)
		if ctx.Err() != nil {
			return
		}
		dropped(err, backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// listenOnce listens on one connection until it fails or ctx ends.
func listenOnce(ctx context.Context, config *pgx.ConnConfig, channel string, connected func(context.Context) error,
	notice func(ctx context.Context, payload string) error) error {
	conn, err := pgx.ConnectConfig(ctx, config.Copy())
	if err != nil {
		return err
	}
	defer func() {
		// ctx is usually over by now; still say goodbye to the server, briefly.
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil { // a constant, lower-case identifier
		return err
	}
	if err := connected(ctx); err != nil {
		return err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("wait for notification: %w", err)
		}
		if err := notice(ctx, n.Payload); err != nil {
			return err
		}
	}
}
