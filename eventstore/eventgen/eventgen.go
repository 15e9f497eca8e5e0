// Package eventgen writes a realistic, reproducible event log into a store: users who
// register, weigh in, keep a plan and train a few times a week, logging sets (some rated
// later, edited or deleted), for benchmarks of what reads the whole log (a rebuild). The
// same seed and size always give the same events, ids and all.
package eventgen

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// Config is what to generate.
type Config struct {
	// Events is how many events to write, at least (the last user's stream finishes).
	Events int
	// Seed makes the log: the same seed and Events give the same events.
	Seed uint64
	// Writers append concurrently (default 8), so streams interleave in the log as users'
	// do.
	Writers int
	// Workouts is how many workouts each user logs (default 150, about a year's training).
	Workouts int
}

// lift is an exercise a user trains, with the weight they start at.
type lift struct {
	name, category string
	start          float64
}

var lifts = []lift{
	{"Bench Press", exercise.FreeWeights, 60}, {"Squat", exercise.FreeWeights, 80},
	{"Deadlift", exercise.FreeWeights, 100}, {"Overhead Press", exercise.FreeWeights, 40},
	{"Barbell Row", exercise.FreeWeights, 50}, {"Lat Pulldown", exercise.MachineWeights, 45},
	{"Leg Press", exercise.MachineWeights, 120}, {"Pull Up", exercise.Bodyweight, 0},
	{"Dips", exercise.Bodyweight, 0}, {"Bicep Curl", exercise.FreeWeights, 12},
}

// stream is one append: a stream's events in order.
type stream struct {
	name   string
	events []domain.Event
}

// Generate writes the log to store and returns how many events it wrote.
func Generate(ctx context.Context, store eventstore.Store, cfg Config) (int, error) {
	if cfg.Writers < 1 {
		cfg.Writers = 8
	}
	if cfg.Workouts < 1 {
		cfg.Workouts = 150
	}
	// A user's streams go to one writer, in order: a user trains one workout after another.
	appends := make(chan []stream, 8)
	g, gctx := errgroup.WithContext(ctx)
	var mu sync.Mutex
	written := 0
	for range cfg.Writers {
		g.Go(func() error {
			for streams := range appends {
				for _, s := range streams {
					n, err := appendStream(gctx, store, s)
					if err != nil {
						return err
					}
					mu.Lock()
					written += n
					mu.Unlock()
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(appends)
		rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15))
		planned := 0
		for u := 0; planned < cfg.Events; u++ {
			streams := user(rng, cfg.Seed, u, cfg.Workouts)
			for _, s := range streams {
				planned += len(s.events)
			}
			select {
			case appends <- streams:
			case <-gctx.Done():
				return gctx.Err()
			}
		}
		return nil
	})
	err := g.Wait()
	return written, err
}

// appendStream appends a stream's events, a long stream in slices as a user's requests would
// write it, and returns how many it appended.
func appendStream(ctx context.Context, store eventstore.Store, s stream) (int, error) {
	data, err := encode(s)
	if err != nil {
		return 0, err
	}
	for i := 0; i < len(data); i += 200 {
		expected := eventstore.Exact(int64(i))
		if i == 0 {
			expected = eventstore.NoStream
		}
		if _, err := store.Append(ctx, s.name, expected, data[i:min(i+200, len(data))]...); err != nil {
			return 0, fmt.Errorf("append %s: %w", s.name, err)
		}
	}
	return len(data), nil
}

// encode turns a stream's events into what the store appends, with ids derived from the
// stream and their place in it.
func encode(s stream) ([]eventstore.EventData, error) {
	out := make([]eventstore.EventData, len(s.events))
	for i, e := range s.events {
		b, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", e.EventType(), err)
		}
		owner := ""
		if o, ok := e.(domain.Owned); ok {
			owner = o.OwnerID()
		}
		id := eventstore.DeriveID(s.name, strconv.Itoa(i))
		out[i] = eventstore.EventData{ID: id, Type: e.EventType(), Data: b,
			Metadata: eventstore.Metadata{ActorID: owner, CommandID: id, CorrelationID: id}}
	}
	return out, nil
}

// user returns the streams of user number u: their account, a plan, a year of body log and
// their workouts, of some 25 events each.
func user(rng *rand.Rand, seed uint64, u, workouts int) []stream {
	id := eventstore.DeriveID("eventgen", strconv.FormatUint(seed, 10), "user", strconv.Itoa(u))
	begin := time.Date(2025, 1, 1, 7, 0, 0, 0, time.UTC).Add(time.Duration(rng.IntN(90*24)) * time.Hour)
	at := func(day, minute int) time.Time {
		return begin.AddDate(0, 0, day).Add(time.Duration(minute) * time.Minute)
	}
	ref := func(parts ...string) string { return eventstore.DeriveID(append([]string{id}, parts...)...) }
	dob, gender := "1990-01-01", "Female"
	var streams []stream
	streams = append(streams, stream{name: "user-" + id, events: []domain.Event{
		account.UserRegistered{UserID: id, Email: "user" + strconv.Itoa(u) + "@example.com", FirstName: "User",
			Surname: strconv.Itoa(u), DateOfBirth: &dob, Gender: &gender, Unit: "kg", PasswordHash: "$2a$10$hash",
			RegisteredAt: at(0, 0)},
		account.UserVerified{UserID: id, VerifiedAt: at(0, 5)},
		account.TimeZoneSet{UserID: id, TimeZone: "Europe/London", SetAt: at(0, 6)},
	}})

	// The user's plan: four lifts of theirs with three target rows each.
	mine := rng.Perm(len(lifts))[:5]
	planID := ref("plan")
	planEvents := []domain.Event{plan.PlanCreated{PlanID: planID, UserID: id, Name: "Programme", CreatedAt: at(0, 10)}}
	for i, l := range mine[:4] {
		reps := 8
		w := lifts[l].start
		planEvents = append(planEvents, plan.ExerciseAdded{ExerciseID: ref("plan", strconv.Itoa(i)), PlanID: planID, UserID: id,
			ExerciseFields: plan.ExerciseFields{Exercise: lifts[l].name, Category: lifts[l].category, WeightUnit: "kg",
				Targets: []plan.Target{{Weight: &w, Reps: &reps}, {Weight: &w, Reps: &reps}, {Weight: &w, Reps: &reps}}},
			AddedAt: at(0, 11+i)})
	}
	streams = append(streams, stream{name: "plan-" + planID, events: planEvents})

	weight := 60 + 40*rng.Float64()
	var bodyEvents []domain.Event
	for week := range 52 {
		weight += rng.NormFloat64() * 0.4
		day := at(7*week, 0)
		bodyEvents = append(bodyEvents, body.WeightLogged{EntryID: ref("weight", strconv.Itoa(week)), UserID: id,
			Date: day.Format(time.DateOnly), Weight: float64(int(weight*10)) / 10, Unit: "kg", LoggedAt: day})
	}
	streams = append(streams, stream{name: "body-" + id, events: bodyEvents})

	for n := range workouts {
		streams = append(streams, session(rng, id, n, workouts, mine, at(n*7/3, 60*rng.IntN(12)), ref))
	}
	return streams
}

// session is one workout: started (from the plan one time in four), sets logged done with
// their weights creeping up, a few logged to do and marked done, edited or deleted, then
// finished.
func session(rng *rand.Rand, userID string, n, of int, mine []int, start time.Time, ref func(...string) string) stream {
	wid := ref("workout", strconv.Itoa(n))
	date, clock := start.Format(time.DateOnly), start.Format("15:04")
	events := []domain.Event{workout.WorkoutStarted{WorkoutID: wid, UserID: userID, Date: date, StartTime: clock,
		Name: "Session " + strconv.Itoa(n), StartedAt: start}}
	minute := 0
	at := func() time.Time { minute += 2; return start.Add(time.Duration(minute) * time.Minute) }
	var setIDs []string
	progress := 1 + float64(n)/float64(of)
	for i := range 3 + rng.IntN(2) {
		l := lifts[mine[(n+i)%len(mine)]]
		for s := range 4 + rng.IntN(3) {
			setID := ref("workout", strconv.Itoa(n), "set", strconv.Itoa(i), strconv.Itoa(s))
			reps, rpe := 5+rng.IntN(6), 6+rng.IntN(4)
			f := workout.SetFields{Exercise: l.name, Category: l.category, Unit: "kg", Reps: &reps}
			if l.category != exercise.Bodyweight {
				w := float64(int(l.start*progress*(0.9+0.2*rng.Float64())*2)) / 2
				f.Weight = &w
			}
			done := rng.IntN(10) > 0
			if done {
				f.RPE = &rpe
			}
			events = append(events, workout.SetLogged{SetID: setID, WorkoutID: wid, UserID: userID, SetFields: f, Done: done,
				LoggedAt: at()})
			setIDs = append(setIDs, setID)
			switch {
			case !done:
				events = append(events, workout.SetMarkedDone{SetID: setID, WorkoutID: wid, UserID: userID, RPE: rpe, DoneAt: at()})
			case rng.IntN(25) == 0:
				r := reps + 1
				f.Reps = &r
				events = append(events, workout.SetEdited{SetID: setID, WorkoutID: wid, UserID: userID, SetFields: f, Done: true,
					EditedAt: at()})
			}
		}
	}
	if rng.IntN(20) == 0 {
		gone := setIDs[rng.IntN(len(setIDs))]
		events = append(events, workout.SetDeleted{SetID: gone, WorkoutID: wid, UserID: userID, DeletedAt: at()})
	}
	finish := start.Add(time.Duration(minute+5) * time.Minute)
	events = append(events, workout.WorkoutFinished{WorkoutID: wid, UserID: userID, FinishTime: finish.Format("15:04"),
		FinishedAt: finish})
	return stream{name: "workout-" + wid, events: events}
}
