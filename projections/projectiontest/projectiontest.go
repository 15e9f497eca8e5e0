// Package projectiontest runs read models over a test backend: the schema migrated, a runner
// that has applied the store's events up to a position and stopped.
package projectiontest

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
)

// Migrate brings the read-model schema of b up to date.
func Migrate(t testing.TB, b backendtest.Backend) {
	t.Helper()
	if err := projections.Migrate(context.Background(), b.DB, projections.Dialect(b.Name)); err != nil {
		t.Fatal(err)
	}
}

// CatchUp runs ps over b until each has applied the store's events up to position, stops
// the runner and returns it, for the test to read the read models and rebuild them. It fails
// after five minutes: a ceiling to catch a stalled runner, not a timing check (under -race on
// a busy machine a few thousand events can take tens of seconds).
func CatchUp(t testing.TB, b backendtest.Backend, position int64, ps ...projections.Projector) *projections.Runner {
	t.Helper()
	return CatchUpWithin(t, b, position, 5*time.Minute, ps...)
}

// CatchUpWithin is CatchUp with a ceiling of its own: it fails after within.
func CatchUpWithin(t testing.TB, b backendtest.Backend, position int64, within time.Duration,
	ps ...projections.Projector) *projections.Runner {
	t.Helper()
	r, err := projections.NewRunner(b.DB, projections.Dialect(b.Name), b.Store, ps,
		projections.WithPollInterval(20*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
		projections.WithTransactions(b.Transactions))
	if err != nil {
		t.Fatal(err)
	}
	run, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(run) }()
	wait, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name()
	}
	err = r.WaitFor(wait, position, names...)
	stop()
	if runErr := <-done; runErr != nil {
		t.Fatal(runErr)
	}
	if err != nil {
		t.Fatal(err)
	}
	return r
}
