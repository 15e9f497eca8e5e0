package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Reconnection backoff of the LISTEN connection.
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

// listen keeps a LISTEN connection up until the store is closed.
func (s *Store) listen() {
	ctx := s.background
	backoff := minBackoff
	for {
		err := s.listenOnce(ctx, func() { backoff = minBackoff })
		if ctx.Err() != nil {
			return
		}
		slog.Default().WarnContext(ctx, "event store notifications lost; reconnecting", "err", err, "retry_in", backoff)
		// Notices may have been missed: wake subscribers so they read the store again.
		s.hub.Notify()
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, maxBackoff)
	}
}

// listenOnce opens a dedicated connection (not one of the pool's, which must stay free for
// queries), listens, and relays notices until the connection fails or ctx ends.
func (s *Store) listenOnce(ctx context.Context, connected func()) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer func() {
		// ctx is usually over by now; still say goodbye to the server, briefly.
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	connected()
	s.hub.Notify()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("wait for notification: %w", err)
		}
		if n.Payload != s.node { // this node's own appends woke its subscribers already
			s.hub.Notify()
		}
	}
}
