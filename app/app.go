// Package app holds Gymlog's use cases: one per command a person gives (start a workout,
// log a set, finish the workout ...). Each takes a typed command, loads what it needs from
// the event store, lets the domain decide, appends (to more than one stream where a process
// needs it) and returns its result with the global position it wrote. The HTTP handlers
// decode, authorise, call a use case and respond; they never touch the store.
//
// What exists only for speed lives here as options, behind the use cases: the aggregate
// cache (WithAggregateCache) and read-your-writes waiting (WithReadYourWrites).
package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/coaching"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/ownership"
	"github.com/gymlog/gymlog/projections/plans"
	"github.com/gymlog/gymlog/projections/workouts"
)

// ReadModels is the projection runner as the use cases see it: they wait until it has
// reached what they wrote (read-your-writes), and take what a projector noted as it wrote it
// instead of reading it back.
type ReadModels interface {
	WaitFor(ctx context.Context, position int64, names ...string) error
	// WaitForEveryNode is WaitFor for a change other nodes keep in caches: it returns once
	// every node has seen it.
	WaitForEveryNode(ctx context.Context, position int64, names ...string) error
	Take(projector, key string) (any, bool)
}

// Queries are the read models the use cases read.
type Queries struct {
	Workouts  *workouts.Queries
	Exercises *exercises.Queries
	Ownership *ownership.Queries
	Plans     *plans.Queries
	Accounts  *accounts.Queries
	Coaching  *coaching.Queries
}

// App runs the use cases against one event store and its read models.
type App struct {
	store eventstore.Store
	read  Queries
	now   func() time.Time
	log   *slog.Logger

	cache     *Aggregates
	models    ReadModels
	waitLimit time.Duration
	payments  Payments
	// userErasers and stepHook: WithUserErasers, WithStepHook.
	userErasers []func(ctx context.Context, userID string) error
	stepHook    func(process, step string) error
	clients     Clients // trainer-client relationships (app/plans.go); nil: nobody is anyone's client

	guards // the limits on guessing (app/guards.go)
}

// Option configures an App.
type Option func(*App)

// WithAggregateCache keeps up to n workouts folded in memory (see Aggregates): a logged set
// then reads nothing from the store.
func WithAggregateCache(n int) Option { return func(a *App) { a.cache = NewAggregates(n) } }

// WithReadYourWrites makes every use case wait, at most timeout, until the read models it
// touched have reached what it wrote, so the caller's next read sees its write. A timeout is
// logged, not failed: the write is stored.
func WithReadYourWrites(m ReadModels, timeout time.Duration) Option {
	return func(a *App) { a.models, a.waitLimit = m, timeout }
}

// WithClock sets the clock the use cases stamp events with (time.Now by default).
func WithClock(now func() time.Time) Option { return func(a *App) { a.now = now } }

// WithPasswordCost sets the bcrypt cost passwords are hashed at (one above bcrypt's default
// when not given; tests lower it).
func WithPasswordCost(cost int) Option {
	return func(a *App) { a.guards.passwords = NewPasswords(cost) }
}

// WithLogger sets where the use cases log what they do not fail on.
func WithLogger(l *slog.Logger) Option { return func(a *App) { a.log = l } }

// New returns the use cases over store, reading the read models through q.
func New(store eventstore.Store, q Queries, opts ...Option) *App {
	a := &App{store: store, read: q, now: time.Now, log: slog.Default(), guards: newGuards(0)}
	for _, o := range opts {
		o(a)
	}
	return a
}

// caughtUp waits, bounded, until the named read models reflect position (a no-op without
// WithReadYourWrites), and reports whether they do; when the wait runs out, the caller answers
// from what the command decided rather than from a read model that lacks it.
func (a *App) caughtUp(ctx context.Context, position int64, names ...string) bool {
	if a.models != nil {
		return a.wait(ctx, position, names, a.models.WaitFor)
	}
	return true
}

// caughtUpEverywhere is caughtUp for a change of a user's account, which every node keeps in
// its cache of who each session signs in: it waits until every node has seen it.
func (a *App) caughtUpEverywhere(ctx context.Context, position int64, names ...string) {
	if a.models != nil {
		a.wait(ctx, position, names, a.models.WaitForEveryNode)
	}
}

func (a *App) wait(ctx context.Context, position int64, names []string,
	waitFor func(ctx context.Context, position int64, names ...string) error) bool {
	if position <= 0 {
		return true
	}
	ctx, cancel := context.WithTimeout(ctx, a.waitLimit)
	defer cancel()
	if err := waitFor(ctx, position, names...); err != nil {
		a.log.WarnContext(ctx, "read models lag behind a write", slog.Int64("position", position), slog.Any("error", err))
		return false
	}
	return true
}

// Forget drops what the aggregate cache holds of stream: its events were deleted.
func (a *App) Forget(stream string) {
	if a.cache != nil {
		a.cache.Forget(stream)
	}
}
