// Package relay publishes the event store's global feed to a watermill broker and runs the
// reactors that turn events into side effects (e-mail). The relay is a projector without
// tables (a projections.Forwarder): the projection runner feeds it from its checkpoint, with
// the lease that keeps one relay active across nodes, the retries, status and metrics every
// read model has, and moves the checkpoint only past events published: every event is
// published at least once. Reactors are watermill handlers whose failures are retried, then
// poisoned to a dead-letter topic, never lost.
package relay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

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

// Relay publishes the feed and runs the reactors. Give it to the projection runner with the
// read models (it is a projections.Forwarder) and run it (Run) beside the runner: Run starts
// the reactors, and the relay publishes nothing until they are running.
type Relay struct {
	db       *sql.DB
	cfg      config
	reactors []Reactor
	receipts receipts
	// started is closed once the reactors are running.
	started     chan struct{}
	startedOnce sync.Once
}

type config struct {
	name       string
	topic      string
	feedPrefix string
	broker     Broker
	log        *slog.Logger
	retries    int
	retryDelay time.Duration
}

// Option configures a Relay.
type Option func(*config)

// WithBroker sets the broker (default: an in-process GoChannel).
func WithBroker(b Broker) Option { return func(c *config) { c.broker = b } }

// WithTopic sets the topic the feed is published on (default DefaultTopic); poisoned
// messages go to the same name with ".poison" appended.
func WithTopic(topic string) Option { return func(c *config) { c.topic = topic } }

// WithFeedPrefix sets the prefix of the analysts' feed subjects (default DefaultFeedPrefix;
// see FeedSubject). The feed is published only on a durable broker, one other services reach.
func WithFeedPrefix(prefix string) Option { return func(c *config) { c.feedPrefix = prefix } }

// WithName sets the relay's projector name, its checkpoint's (default "relay"), for more
// than one relay on a database.
func WithName(name string) Option { return func(c *config) { c.name = name } }

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// WithReactorRetry sets how often a failing reactor is retried (default 5) and the first
// wait between tries (default 100ms, doubling up to 10s) before the event is poisoned.
func WithReactorRetry(retries int, delay time.Duration) Option {
	return func(c *config) { c.retries, c.retryDelay = retries, delay }
}

// New returns a relay keeping its dead letters (when the broker keeps none) in the
// read-model database db (migrated with projections.Migrate).
func New(db *sql.DB, opts ...Option) (*Relay, error) {
	cfg := config{name: "relay", topic: DefaultTopic, feedPrefix: DefaultFeedPrefix, log: slog.Default(), retries: 5, retryDelay: 100 * time.Millisecond}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.broker == nil {
		cfg.broker = NewGoChannel(cfg.log)
	}
	if cfg.name == "" || cfg.topic == "" || cfg.feedPrefix == "" {
		return nil, errors.New("relay: name, topic and feed prefix must not be empty")
	}
	return &Relay{db: db, cfg: cfg, receipts: receipts{m: map[string]map[string]bool{}},
		started: make(chan struct{})}, nil
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

// Run runs the reactors until ctx ends; then it returns nil. The broker stays open: the
// caller closes it.
func (r *Relay) Run(ctx context.Context) error {
	router, err := r.router(ctx)
	if err != nil {
		return err
	}
	routed := make(chan error, 1)
	go func() { routed <- router.Run(ctx) }()
	select {
	case <-router.Running():
		r.startedOnce.Do(func() { close(r.started) })
	case err := <-routed:
		return fmt.Errorf("relay: start reactors: %w", err)
	}
	var closeErr error
	select {
	case <-ctx.Done():
		closeErr = router.Close()
		err = <-routed
	case err = <-routed:
		if err == nil && ctx.Err() == nil {
			err = errors.New("stopped")
		}
	}
	if err != nil {
		return fmt.Errorf("relay: reactors: %w", err)
	}
	if closeErr != nil {
		return fmt.Errorf("relay: stop reactors: %w", closeErr)
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

// Name implements projections.Projector: the relay's checkpoint and lease.
func (r *Relay) Name() string { return r.cfg.name }

// Version implements projections.Projector. It is 0, the version the relay's checkpoint was
// stored with before the relay ran under the projection runner; a forwarder is never rebuilt.
func (r *Relay) Version() int { return 0 }

// EventTypes implements projections.Projector: the relay reads every event (the feed
// carries them all; the reactors' topic those they want).
func (r *Relay) EventTypes() []string { return nil }

// Tables implements projections.Projector: the relay has none.
func (r *Relay) Tables() []string { return nil }

// ForwardsStoredEvents implements projections.Forwarder.
func (r *Relay) ForwardsStoredEvents() {}

// Apply implements projections.Projector: once the reactors run, it publishes ev as stored
// on their topic if one of them wants it, and on a durable broker its feed message (feed.go).
// A publish that fails is the broker's failure (projections.ErrUnavailable), retried until
// it goes through.
func (r *Relay) Apply(ctx context.Context, _ projections.Tx, ev projections.Event) error {
	select {
	case <-r.started:
	case <-ctx.Done():
		return ctx.Err()
	}
	if r.wanted(ev.Type) {
		msg, err := newMessage(ev)
		if err != nil {
			return err
		}
		if err := r.publish(msg); err != nil {
			return fmt.Errorf("%w: %w", projections.ErrUnavailable, err)
		}
	}
	if !r.cfg.broker.Durable() {
		return nil // in-process: nobody outside could read the feed
	}
	subject, feedMsg, err := newFeedMessage(r.cfg.feedPrefix, ev)
	if err != nil {
		return err
	}
	if err := r.cfg.broker.Publisher().Publish(subject, feedMsg); err != nil {
		return fmt.Errorf("%w: relay: publish feed message %s: %w", projections.ErrUnavailable, feedMsg.UUID, err)
	}
	return nil
}

// wanted reports whether a reactor wants events of type typ. Only those go on the reactors'
// topic, whose messages carry the events as stored, personal data included: what nobody
// here reacts to is not copied to the broker (analysts read the feed instead).
func (r *Relay) wanted(typ string) bool {
	for _, re := range r.reactors {
		if types := re.EventTypes(); len(types) == 0 || slices.Contains(types, typ) {
			return true
		}
	}
	return false
}

// publish publishes one event's message. In-process, it also checks that every reactor
// handled it: a reactor stopped by shutdown lets the publish return without having handled
// the message.
func (r *Relay) publish(msg *message.Message) error {
	durable := r.cfg.broker.Durable()
	if !durable {
		r.receipts.open(msg.UUID)
		defer r.receipts.close(msg.UUID)
	}
	if err := r.cfg.broker.Publisher().Publish(r.cfg.topic, msg); err != nil {
		return fmt.Errorf("relay: publish event %s: %w", msg.UUID, err)
	}
	if !durable {
		if missing := r.receipts.missing(msg.UUID, r.reactors); len(missing) > 0 {
			return fmt.Errorf("relay: event %s not handled by %s", msg.UUID, strings.Join(missing, ", "))
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
