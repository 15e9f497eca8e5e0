// Package relay publishes the event store's global feed to a watermill broker and runs the
// reactors that turn events into side effects (e-mail). It follows the feed like a projector,
// from its own checkpoint in the read-model database, and moves that checkpoint only after a
// publish succeeded: every event is published at least once. One relay is active across
// nodes; reactors are watermill handlers whose failures are retried, then poisoned to a
// dead-letter topic, never lost.
package relay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// DefaultTopic is the topic the feed is published on.
const DefaultTopic = "gymlog.events"

// Reactor turns events into side effects. React may be called more than once for an event
// (delivery is at least once), so a side effect should tolerate that.
type Reactor interface {
	// Name identifies the reactor: its handler, and its consumer group on a shared broker.
	// Lower-case letters, digits, '-' and '_'; stable across releases.
	Name() string
	// EventTypes lists the event types React wants; empty means every event.
	EventTypes() []string
	// React handles one event. An error is retried with backoff, then the event is poisoned.
	React(ctx context.Context, ev Event) error
}

// Relay publishes the feed and runs the reactors.
type Relay struct {
	db       *sql.DB
	store    eventstore.Store
	cfg      config
	reactors []Reactor
	receipts receipts
	leases   *projections.Leases
}

type config struct {
	name         string
	topic        string
	broker       Broker
	log          *slog.Logger
	batchSize    int
	pollInterval time.Duration
	takeover     time.Duration
	retries      int
	retryDelay   time.Duration
}

// Option configures a Relay.
type Option func(*config)

// WithBroker sets the broker (default: an in-process GoChannel).
func WithBroker(b Broker) Option { return func(c *config) { c.broker = b } }

// WithTopic sets the topic the feed is published on (default DefaultTopic); poisoned
// messages go to the same name with ".poison" appended.
func WithTopic(topic string) Option { return func(c *config) { c.topic = topic } }

// WithName sets the relay's checkpoint name (default "relay"), for more than one relay on a
// database.
func WithName(name string) Option { return func(c *config) { c.name = name } }

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// WithPollInterval sets how often the relay looks at the feed when no append notification
// came (default 1s), and how often a standby node tries to take over (twice that).
func WithPollInterval(d time.Duration) Option {
	return func(c *config) { c.pollInterval, c.takeover = d, 2*d }
}

// WithReactorRetry sets how often a failing reactor is retried (default 5) and the first
// wait between tries (default 100ms, doubling up to 10s) before the event is poisoned.
func WithReactorRetry(retries int, delay time.Duration) Option {
	return func(c *config) { c.retries, c.retryDelay = retries, delay }
}

// New returns a relay following store's feed, with its checkpoint in the read-model
// database db (migrated with projections.Migrate).
func New(db *sql.DB, d projections.Dialect, store eventstore.Store, opts ...Option) (*Relay, error) {
	cfg := config{
		name: "relay", topic: DefaultTopic, log: slog.Default(), batchSize: 500,
		pollInterval: time.Second, takeover: 2 * time.Second, retries: 5, retryDelay: 100 * time.Millisecond,
	}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.broker == nil {
		cfg.broker = NewGoChannel(cfg.log)
	}
	if cfg.name == "" || cfg.topic == "" {
		return nil, errors.New("relay: name and topic must not be empty")
	}
	return &Relay{db: db, store: store, cfg: cfg, receipts: receipts{m: map[string]map[string]bool{}},
		leases: projections.NewLeases(db, d)}, nil
}

var reactorName = regexp.MustCompile(`^[a-z0-9_-]+$`)

// AddReactor registers a reactor; call it before Run.
func (r *Relay) AddReactor(re Reactor) error {
	if !reactorName.MatchString(re.Name()) {
		return fmt.Errorf("relay: reactor name %q must match %s", re.Name(), reactorName)
	}
	for _, other := range r.reactors {
		if other.Name() == re.Name() {
			return fmt.Errorf("relay: reactor %q registered twice", re.Name())
		}
	}
	r.reactors = append(r.reactors, re)
	return nil
}

// Run starts the reactors, then publishes the feed while this node holds the relay's lease,
// until ctx ends; then it returns nil. The broker stays open: the caller closes it.
func (r *Relay) Run(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	router, err := r.router(ctx)
	if err != nil {
		return err
	}
	routed := make(chan error, 1)
	go func() {
		routed <- router.Run(ctx)
		cancel() // without its reactors the relay must not publish
	}()
	select {
	case <-router.Running():
	case err := <-routed:
		return fmt.Errorf("relay: start reactors: %w", err)
	}
	r.follow(ctx)
	cancel()
	closeErr := router.Close()
	if err := <-routed; err != nil {
		return fmt.Errorf("relay: reactors: %w", err)
	}
	if closeErr != nil {
		return fmt.Errorf("relay: stop reactors: %w", closeErr)
	}
	if parent.Err() == nil {
		return errors.New("relay: reactors stopped")
	}
	return nil
}

// router builds the watermill router with one handler per reactor, each wrapped (outermost
// first) in: the in-process delivery receipt, the poison queue, retries, panic recovery.
func (r *Relay) router(ctx context.Context) (*message.Router, error) {
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, watermillLogger(r.cfg.log))
	if err != nil {
		return nil, fmt.Errorf("relay: router: %w", err)
	}
	deadLetters := r.cfg.broker.DeadLetters()
	if deadLetters == nil {
		deadLetters = deadLetterTable{db: r.db}
	}
	// A reactor cut short by shutdown is not poisoned: its message is delivered again.
	poison, err := middleware.PoisonQueueWithFilter(loggedDeadLetters{deadLetters, r.cfg.log},
		r.cfg.topic+".poison", func(err error) bool {
			return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
		})
	if err != nil {
		return nil, fmt.Errorf("relay: poison queue: %w", err)
	}
	retry := middleware.Retry{
		MaxRetries: r.cfg.retries, InitialInterval: r.cfg.retryDelay, MaxInterval: 10 * time.Second,
		Multiplier: 2, Logger: watermillLogger(r.cfg.log),
	}
	for _, re := range r.reactors {
		sub, err := r.cfg.broker.Subscriber(ctx, re.Name())
		if err != nil {
			return nil, fmt.Errorf("relay: subscriber for %s: %w", re.Name(), err)
		}
		h := router.AddConsumerHandler(re.Name(), r.cfg.topic, sub, react(re))
		if !r.cfg.broker.Durable() {
			h.AddMiddleware(r.receipts.middleware(re.Name()))
		}
		h.AddMiddleware(poison, retry.Middleware, middleware.Recoverer)
	}
	return router, nil
}

// react adapts a Reactor to a watermill handler.
func react(re Reactor) message.NoPublishHandlerFunc {
	wanted := map[string]bool{}
	for _, t := range re.EventTypes() {
		wanted[t] = true
	}
	return func(msg *message.Message) error {
		if len(wanted) > 0 && !wanted[msg.Metadata.Get(MetadataType)] {
			return nil
		}
		ev, err := DecodeEvent(msg)
		if err != nil {
			return err
		}
		return re.React(msg.Context(), ev)
	}
}

// follow publishes the feed whenever this node holds the relay's lease, until ctx ends.
// Errors (the broker or the database down) are logged and retried with backoff, forever.
func (r *Relay) follow(ctx context.Context) {
	appended, stop := r.store.Subscribe()
	defer stop()
	delay := r.cfg.retryDelay
	for ctx.Err() == nil {
		wait := r.cfg.takeover
		lease, ok, err := r.leases.TryAcquire(ctx, "relay:"+r.cfg.name)
		if ok {
			var published int
			published, err = r.publishFeed(ctx, lease, &appended)
			lease.Release()
			if published > 0 {
				delay = r.cfg.retryDelay
			}
		}
		if err != nil && ctx.Err() == nil {
			r.cfg.log.WarnContext(ctx, "relay interrupted", "err", err, "retry_in", delay)
			wait, delay = delay, min(2*delay, 30*time.Second)
		}
		sleep(ctx, wait)
	}
}

// publishFeed publishes the feed from the relay's checkpoint, moving the checkpoint past each
// event once it is published, and waits for more. It returns how many events it published.
func (r *Relay) publishFeed(ctx context.Context, lease *projections.Lease, appended *<-chan struct{}) (int, error) {
	published := 0
	pos, err := projections.LoadCheckpoint(ctx, r.db, r.cfg.name)
	if err != nil {
		return published, err
	}
	for {
		events, err := r.store.ReadAll(ctx, pos, r.cfg.batchSize)
		if err != nil {
			return published, fmt.Errorf("relay: read feed: %w", err)
		}
		for _, ev := range events {
			if err := r.publish(ev); err != nil {
				return published, err
			}
			if err := projections.AdvanceCheckpoint(ctx, r.db, r.cfg.name, pos, ev.Position); err != nil {
				return published, err
			}
			pos = ev.Position
			published++
		}
		if len(events) == r.cfg.batchSize {
			continue
		}
		select {
		case <-ctx.Done():
			return published, nil
		case _, open := <-*appended:
			if !open {
				*appended = nil // the store closed; polling carries on
			}
		case <-time.After(r.cfg.pollInterval):
			if err := lease.Check(ctx); err != nil {
				return published, err
			}
		}
	}
}

// publish publishes one event. In-process, it also checks that every reactor handled it: a
// reactor stopped by shutdown lets the publish return without having handled the message.
func (r *Relay) publish(ev eventstore.RecordedEvent) error {
	msg, err := newMessage(ev)
	if err != nil {
		return err
	}
	durable := r.cfg.broker.Durable()
	if !durable {
		r.receipts.open(ev.ID)
		defer r.receipts.close(ev.ID)
	}
	if err := r.cfg.broker.Publisher().Publish(r.cfg.topic, msg); err != nil {
		return fmt.Errorf("relay: publish event %s: %w", ev.ID, err)
	}
	if !durable {
		if missing := r.receipts.missing(ev.ID, r.reactors); len(missing) > 0 {
			return fmt.Errorf("relay: event %s not handled by %s", ev.ID, strings.Join(missing, ", "))
		}
	}
	return nil
}

// receipts records which reactors handled each in-process message being published.
type receipts struct {
	mu sync.Mutex
	m  map[string]map[string]bool // message UUID -> reactor names
}

func (rc *receipts) open(id string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.m[id] = map[string]bool{}
}

func (rc *receipts) close(id string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	delete(rc.m, id)
}

func (rc *receipts) missing(id string, reactors []Reactor) []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	var out []string
	for _, re := range reactors {
		if !rc.m[id][re.Name()] {
			out = append(out, re.Name())
		}
	}
	return out
}

// middleware notes that reactor handled a message: its handler returned without error, so
// the message is acked.
func (rc *receipts) middleware(reactor string) message.HandlerMiddleware {
	return func(h message.HandlerFunc) message.HandlerFunc {
		return func(msg *message.Message) ([]*message.Message, error) {
			out, err := h(msg)
			if err == nil {
				rc.mu.Lock()
				if got, ok := rc.m[msg.UUID]; ok {
					got[reactor] = true
				}
				rc.mu.Unlock()
			}
			return out, err
		}
	}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
