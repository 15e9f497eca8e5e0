package eventgen

// Random histories, for the property that every read model rebuilt from the log equals the one
// built live (projections/readmodels/property_test.go). A history is small (20 to 300 events)
// and made of what people do through the app: a few users who register, train, edit, undo,
// import, plan, coach, buy, weigh in and close their accounts. Every command is decided by the
// domain's own aggregates, folded from what the history wrote so far, and the steps the app
// takes across streams (claiming a workout in progress, recording a custom exercise,
// releasing an e-mail address, erasing an account's streams) are taken as app/ takes them.
// A few events are written straight, because no command of today's domain writes them but
// logs hold them (see straight.go): negative zeros, and a workout id taken up by another
// user in the same stream.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// Step is one write of a history: events appended to a stream at the version the history
// left it at, or (Delete) the stream erased, as closing an account erases the user's streams.
type Step struct {
	Stream   string
	Expected eventstore.ExpectedVersion
	Events   []domain.Event
	Data     []eventstore.EventData
	Delete   bool
	// Straight marks events no command of today's domain decides (see straight.go).
	Straight bool
}

// History is a seeded random history: the steps to write, in order.
type History struct {
	Seed  uint64
	Steps []Step
	// labels names the history's ids shortly (u1, w3, s12 ...) when it is described.
	labels map[string]string
}

// Events is the number of events the history appends.
func (h History) Events() int {
	n := 0
	for _, s := range h.Steps {
		n += len(s.Events)
	}
	return n
}

// Types counts the history's events by type.
func (h History) Types() map[string]int {
	out := map[string]int{}
	for _, s := range h.Steps {
		for _, e := range s.Events {
			out[e.EventType()]++
		}
	}
	return out
}

// Write appends the history to store (and erases what it erases). Before each run of
// deletions it calls beforeDelete (which may be nil), so that a caller following the store
// live can see the events before they are gone, as a read model does in a running app.
func (h History) Write(ctx context.Context, store eventstore.Store, beforeDelete func() error) error {
	for i, s := range h.Steps {
		if s.Delete {
			if beforeDelete != nil && (i == 0 || !h.Steps[i-1].Delete) {
				if err := beforeDelete(); err != nil {
					return err
				}
			}
			if err := store.DeleteStream(ctx, s.Stream); err != nil {
				return fmt.Errorf("seed %d: erase %s: %w", h.Seed, s.Stream, err)
			}
			continue
		}
		if _, err := store.Append(ctx, s.Stream, s.Expected, s.Data...); err != nil {
			return fmt.Errorf("seed %d: append to %s: %w", h.Seed, s.Stream, err)
		}
	}
	return nil
}

// String lists the history one event a line: its stream, type and payload, with every id
// of the history replaced by its short label, so that a failing seed can be read.
func (h History) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "history of seed %d (%d events):\n", h.Seed, h.Events())
	n := 0
	for _, s := range h.Steps {
		if s.Delete {
			fmt.Fprintf(&b, "       erase %s\n", h.label(s.Stream))
			continue
		}
		for i, e := range s.Events {
			n++
			js := string(s.Data[i].Data)
			mark := ""
			if s.Straight {
				mark = " (written straight)"
			}
			fmt.Fprintf(&b, "  %4d %s %s%s %s\n", n, h.label(s.Stream), e.EventType(), mark, h.label(js))
		}
	}
	return b.String()
}

// label replaces the history's ids in s by their labels.
func (h History) label(s string) string {
	for id, l := range h.labels {
		if strings.Contains(s, id) {
			s = strings.ReplaceAll(s, id, l)
		}
	}
	return s
}

// RandomHistory makes the history of seed: the same seed gives the same steps, ids and all,
// and the ids of two seeds never meet, so that several histories can share one store.
func RandomHistory(seed uint64) History {
	g := &gen{
		rng:     rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc908)),
		seed:    seed,
		now:     time.Date(2024, 1, 1, 6, 0, 0, 0, time.UTC),
		streams: map[string]*written{},
		logged:  map[[2]string]int64{},
		labels:  map[string]string{},
	}
	g.now = g.now.Add(time.Duration(g.rng.IntN(700*24)) * time.Hour)
	// Most histories are short (half hold fewer than 40 events), some long: 20 to 300.
	target := 20 + g.rng.IntN(1+g.rng.IntN(1+g.rng.IntN(281)))
	for range 2 + g.rng.IntN(2) {
		g.register()
	}
	for g.events < target {
		g.tick()
		g.act()
	}
	return History{Seed: seed, Steps: g.steps, labels: g.labels}
}

// gen is a history being made: the streams it wrote, folded, and the people in it.
type gen struct {
	rng      *rand.Rand
	seed     uint64
	now      time.Time
	steps    []Step
	events   int
	commands int
	streams  map[string]*written
	// logged is where each set was first logged (and each plan exercise first added), by
	// stream and id: the position the event has in a log the history is written to from
	// empty, as a restoring undo names it.
	logged map[[2]string]int64
	users  []*person
	labels map[string]string
	counts map[string]int
	// reusable are workout ids whose streams were erased with their user's account, which
	// another user may start a workout under (ids sent by a client, before they were scoped).
	reusable []string
}

// written is what the history wrote to one stream: its version, its aggregate folded, and
// every user its events name (domain.Owned and domain.Shared), as the ownership read model
// lists them for closing an account.
type written struct {
	version int64
	agg     domain.Aggregate
	users   map[string]bool
}

// id derives an id of the history from its parts (and the seed), and labels it.
func (g *gen) id(kind string, parts ...string) string {
	id := eventstore.DeriveID(append([]string{"randomhist", strconv.FormatUint(g.seed, 10), kind}, parts...)...)
	g.label(id, kind)
	return id
}

// label gives id the next short label of kind, once.
func (g *gen) label(id, kind string) {
	if _, ok := g.labels[id]; ok {
		return
	}
	if g.counts == nil {
		g.counts = map[string]int{}
	}
	g.counts[kind]++
	g.labels[id] = kind + strconv.Itoa(g.counts[kind])
}

// tick moves the clock on: minutes between commands, now and then days.
func (g *gen) tick() {
	d := time.Duration(1+g.rng.IntN(20)) * time.Minute
	if g.rng.IntN(6) == 0 {
		d += time.Duration(g.rng.IntN(5*24)) * time.Hour
	}
	g.now = g.now.Add(d)
}

// meta is the metadata of a new command by actor: its id derives from the history and a
// counter, as the app derives it from the request's Idempotency-Key.
func (g *gen) meta(actor string) eventstore.Metadata {
	g.commands++
	id := eventstore.DeriveID("randomhist", strconv.FormatUint(g.seed, 10), "command", strconv.Itoa(g.commands))
	return eventstore.Metadata{ActorID: actor, CommandID: id, CorrelationID: id}
}

// fold returns the aggregate of a stream as the history left it, made with fresh when the
// stream is empty (never written, or erased).
func fold[A domain.Aggregate](g *gen, name string, fresh func() A) A {
	s := g.streams[name]
	if s == nil || s.agg == nil {
		s = &written{version: 0, agg: fresh(), users: map[string]bool{}}
		g.streams[name] = s
	}
	return s.agg.(A)
}

// execute runs one command on a stream as app.Execute does: the aggregate folded from the
// stream decides, and what it decided is appended at the version it read (events returned
// beside a refusal, such as a wrong code counted, too). It returns the events appended.
func execute[A domain.Aggregate](g *gen, name string, meta eventstore.Metadata, fresh func() A,
	decide func(A) ([]domain.Event, error)) []domain.Event {
	agg := fold(g, name, fresh)
	events, _ := decide(agg)
	if len(events) == 0 {
		return nil
	}
	g.append(name, meta, false, events...)
	return events
}

// append records events appended to a stream by a command with meta, and folds them into the
// stream's aggregate.
func (g *gen) append(name string, meta eventstore.Metadata, straight bool, events ...domain.Event) {
	s := g.streams[name]
	if s == nil {
		s = &written{users: map[string]bool{}}
		g.streams[name] = s
	}
	step := Step{Stream: name, Expected: eventstore.Exact(s.version), Straight: straight}
	if s.version == 0 {
		step.Expected = eventstore.NoStream
	}
	for _, e := range events {
		s.version++
		b, err := json.Marshal(e)
		if err != nil {
			panic(fmt.Sprintf("eventgen: encode %s: %v", e.EventType(), err))
		}
		id := eventstore.DeriveID("randomhist", strconv.FormatUint(g.seed, 10), "event", strconv.Itoa(g.events+len(step.Events)))
		if _, closed := e.(account.AccountClosed); closed {
			id = eventstore.DeriveID("account-closed", e.(account.AccountClosed).UserID) // as app.CloseAccount
		}
		if key, ok := restorable(name, e); ok && g.logged[key] == 0 {
			g.logged[key] = int64(g.events + len(step.Events) + 1)
		}
		step.Events = append(step.Events, e)
		step.Data = append(step.Data, eventstore.EventData{ID: id, Type: e.EventType(), Data: b, Metadata: meta})
		if o, ok := e.(domain.Owned); ok && o.OwnerID() != "" {
			s.users[o.OwnerID()] = true
		}
		if sh, ok := e.(domain.Shared); ok && sh.SharedWith() != "" {
			s.users[sh.SharedWith()] = true
		}
		if s.agg != nil {
			s.agg.Apply(e)
		}
	}
	g.events += len(events)
	g.steps = append(g.steps, step)
}

// erase deletes a stream, as closing an account does.
func (g *gen) erase(name string) {
	delete(g.streams, name)
	g.steps = append(g.steps, Step{Stream: name, Delete: true})
}

// pick returns a random element of xs (the zero value when there is none).
func pick[T any](g *gen, xs []T) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	return xs[g.rng.IntN(len(xs))]
}

// chance is true one time in n.
func (g *gen) chance(n int) bool { return g.rng.IntN(n) == 0 }

// emailStream names the stream that reserves an address, as app.EmailStream does.
func emailStream(email string) string {
	sum := sha256.Sum256([]byte(email))
	return "email-" + hex.EncodeToString(sum[:])
}

// today is the date the clock shows in the user's time zone.
func (g *gen) today(u *person) string {
	return g.now.In(account.Location(u.timeZone)).Format(time.DateOnly)
}

// clock is the time of day the clock shows in the user's time zone.
func (g *gen) clock(u *person) string {
	return g.now.In(account.Location(u.timeZone)).Format("15:04")
}

// open lists the users whose accounts are open.
func (g *gen) open() []*person {
	var out []*person
	for _, u := range g.users {
		if !u.closed {
			out = append(out, u)
		}
	}
	return out
}

// act has someone do something: one command (with the steps it takes across streams).
func (g *gen) act() {
	people := g.open()
	if len(people) == 0 || (len(g.users) < 5 && g.chance(25)) {
		g.register()
		return
	}
	u := pick(g, people)
	type action struct {
		weight int
		do     func(*person)
	}
	actions := []action{
		{14, g.logSet}, {5, g.startWorkout}, {4, g.editSet}, {3, g.markDone}, {3, g.deleteSet},
		{4, g.undoWorkout}, {4, g.finishWorkout}, {2, g.editWorkout}, {1, g.deleteWorkout},
		{2, g.addPastWorkout}, {1, g.copyWorkout}, {2, g.startFromPlan}, {1, g.importFile},
		{1, g.chooseMuscleGroups},
		{2, g.weighIn}, {1, g.measure}, {1, g.deleteBodyEntry},
		{2, g.makePlan}, {2, g.changePlan}, {1, g.undoPlan}, {2, g.publishPlan}, {1, g.buyPlan},
		{2, g.sharePlan}, {1, g.deleteHeldPlan},
		{1, g.subscribe}, {1, g.subscriptionNews}, {2, g.requestClient}, {3, g.answerTrainer},
		{1, g.endCoaching},
		{1, g.verify}, {1, g.passwordReset}, {1, g.changePassword}, {1, g.changeEmail},
		{1, g.editProfile}, {1, g.setTimeZone},
		{1, g.reuseWorkoutID}, {2, g.writeStraight},
	}
	if g.events > 15 {
		actions = append(actions, action{1, g.closeAccount})
	}
	total := 0
	for _, a := range actions {
		total += a.weight
	}
	n := g.rng.IntN(total)
	for _, a := range actions {
		if n < a.weight {
			a.do(u)
			return
		}
		n -= a.weight
	}
}

// restorable is the key in gen.logged of what e first adds, which an undo may put back in
// its place: a set by its workout stream and id, a plan exercise by its plan stream and id.
func restorable(stream string, e domain.Event) ([2]string, bool) {
	switch e := e.(type) {
	case workout.SetLogged:
		return [2]string{stream, e.SetID}, true
	case plan.ExerciseAdded:
		return [2]string{stream, e.ExerciseID}, true
	}
	return [2]string{}, false
}
