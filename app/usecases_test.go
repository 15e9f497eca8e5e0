package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	domainplan "github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/coaching"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/ownership"
	"github.com/gymlog/gymlog/projections/plans"
	"github.com/gymlog/gymlog/projections/readmodels"
	"github.com/gymlog/gymlog/projections/workouts"
)

// useCases runs the app over b with every read model projected, as serve does, its clock at
// now: commands are tested below HTTP, against the events they append.
func useCases(t *testing.T, b backendtest.Backend, now time.Time, opts ...app.Option) *app.App {
	t.Helper()
	a, start := useCasesLagging(t, b, now, time.Minute, opts...)
	start()
	return a
}

// useCasesLagging is useCases whose read models run only once start is called, each wait for
// them bounded by wait: until then every read model lags behind every write.
func useCasesLagging(t *testing.T, b backendtest.Backend, now time.Time, wait time.Duration, opts ...app.Option) (*app.App, func()) {
	t.Helper()
	ctx := context.Background()
	if err := projections.Migrate(ctx, b.DB, projections.Dialect(b.Name)); err != nil {
		t.Fatal(err)
	}
	runner, err := projections.NewRunner(b.DB, projections.Dialect(b.Name), b.Store, readmodels.All(),
		projections.WithPollInterval(20*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
		projections.WithTransactions(b.Transactions))
	if err != nil {
		t.Fatal(err)
	}
	start := func() {
		run, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); _ = runner.Run(run) }()
		t.Cleanup(func() { stop(); <-done })
	}
	return app.New(b.Store, app.Queries{Workouts: workouts.NewQueries(b.DB), Exercises: exercises.NewQueries(b.DB),
		Ownership: ownership.NewQueries(b.DB), Plans: plans.NewQueries(b.DB), Accounts: accounts.NewQueries(b.DB),
		Coaching: coaching.NewQueries(b.DB)}, append([]app.Option{app.WithReadYourWrites(runner, wait), app.WithClock(func() time.Time { return now }),
		app.WithLogger(slog.New(slog.DiscardHandler)), app.WithPasswordCost(bcrypt.MinCost)}, opts...)...), start
}

// meta is a command of user's, named by what.
func meta(user, what string) eventstore.Metadata {
	id := eventstore.DeriveID("usecase", user, what)
	return eventstore.Metadata{ActorID: user, CommandID: id, CorrelationID: id}
}

func anyone(string) error { return nil }

// appended returns the events of stream from position from on, decoded, with their positions.
func appended(t *testing.T, store eventstore.Store, stream string) ([]domain.Event, []int64) {
	t.Helper()
	recs, err := store.ReadStream(context.Background(), stream, 1)
	if err != nil {
		t.Fatal(err)
	}
	events, positions := make([]domain.Event, len(recs)), make([]int64, len(recs))
	for i, rec := range recs {
		if events[i], err = domain.DecodeEvent(rec.Type, rec.Data); err != nil {
			t.Fatal(err)
		}
		positions[i] = rec.Position
	}
	return events, positions
}

// tail follows what commands append to stream: each call of the function it returns names a
// step and the kinds of the events (kinds) the step should have appended since the call
// before, and returns them.
func tail(t *testing.T, store eventstore.Store, stream string) func(step, want string) []domain.Event {
	n := 0
	return func(step, want string) []domain.Event {
		t.Helper()
		events, _ := appended(t, store, stream)
		got := events[n:]
		if kinds(got) != want {
			t.Fatalf("%s appended %q, want %q", step, kinds(got), want)
		}
		n = len(events)
		return got
	}
}

// Undoing a set's deletion appends the set logged again with Restored naming its first
// logging's position, and the workouts read model gives it its number back; the last change
// is named before, as Undo would undo it.
func TestUndoWorkoutRestoresTheSet(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
		a := useCases(t, b, now)
		started, err := a.StartWorkout(ctx, app.StartWorkout{Meta: meta("u1", "start"), ID: "w1",
			Input: workout.StartInput{UserID: "u1", Name: "Push"}})
		if err != nil || !started.Created {
			t.Fatalf("start: %+v %v", started, err)
		}
		var ids []string
		for i, kg := range []float64{60, 70, 80} {
			reps := 5.0
			s, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", fmt.Sprint("set", i)), UserID: "u1", Unit: "kg", WorkoutID: "w1",
				Strength: &workout.StrengthInput{Exercise: "Bench Press", Weight: &kg, Reps: &reps}, MayChange: anyone})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, s.ID)
		}
		if err := a.DeleteSet(ctx, app.DeleteSet{Meta: meta("u1", "delete"), SetID: ids[1], MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		last, err := a.LastWorkoutChange(ctx, "w1", anyone)
		if err != nil || last != (app.LastChange{What: "Set 2 of Bench Press deleted"}) {
			t.Fatalf("the last change: %+v %v", last, err)
		}
		if err := a.UndoWorkout(ctx, app.UndoWorkout{Meta: meta("u1", "undo"), ID: "w1", MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		events, positions := appended(t, b.Store, app.WorkoutStream("w1"))
		var first int64
		for i, e := range events {
			if sl, ok := e.(workout.SetLogged); ok && sl.SetID == ids[1] && first == 0 {
				first = positions[i]
			}
		}
		restored, ok := events[len(events)-1].(workout.SetLogged)
		if !ok || restored.SetID != ids[1] || restored.Restored == nil || restored.Restored.Position != first || first == 0 {
			t.Fatalf("the undo appended %#v, want the set restored to %d", events[len(events)-1], first)
		}
		sets, err := workouts.NewQueries(b.DB).OfWorkout(ctx, "w1")
		if err != nil || len(sets) != 3 || sets[1].ID != ids[1] || sets[1].SetNumber != 2 {
			t.Errorf("the sets after the undo: %+v %v", sets, err)
		}
		if last, err := a.LastWorkoutChange(ctx, "w1", anyone); err != nil || last != (app.LastChange{What: "Set 2 of Bench Press logged", Removes: true}) {
			t.Errorf("the last change after the undo: %+v %v", last, err)
		}
		refused := errors.New("not yours")
		if _, err := a.LastWorkoutChange(ctx, "w1", func(string) error { return refused }); !errors.Is(err, refused) {
			t.Errorf("another user's last change: %v", err)
		}
	})
}

// A plan's weekly target is its owner's, a trainer's: set once, the same again appends nothing.
func TestSetPlanTarget(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
		if err := a.CreatePlan(ctx, app.CreatePlan{Meta: meta("t1", "plan"), ID: "p1", UserID: "t1", Input: domainplan.Details{Name: "Strength A"}}); err != nil {
			t.Fatal(err)
		}
		three := 3.0
		set := func(what string, trainer bool) error {
			return a.SetPlanTarget(ctx, app.SetPlanTarget{Meta: meta("t1", what), ID: "p1", Trainer: trainer, TimesAWeek: &three, MayChange: anyone})
		}
		if err := set("not a trainer", false); domain.KindOf(err) != domain.KindForbidden {
			t.Errorf("a target set by a lifter who is no trainer: %v", err)
		}
		if err := set("target", true); err != nil {
			t.Fatal(err)
		}
		if err := set("again", true); err != nil {
			t.Fatal(err)
		}
		events, _ := appended(t, b.Store, app.PlanStream("p1"))
		if len(events) != 2 || events[1] != (domainplan.WeeklyTargetSet{PlanID: "p1", UserID: "t1", TimesAWeek: 3,
			SetAt: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}) {
			t.Errorf("the plan's events: %#v", events)
		}
		if p, err := plans.NewQueries(b.DB).ByID(ctx, "p1"); err != nil || p.TimesAWeek != 3 {
			t.Errorf("the plans read model: %+v %v", p, err)
		}
	})
}

// Deleting a plan gives its buyer and the client it was shared with a copy each, as it
// stood, before the plan goes; a delete refused to someone else copies nothing.
func TestDeletePlanLeavesCopiesToThoseWhoHaveIt(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
		a := useCases(t, b, now)
		if err := a.CreatePlan(ctx, app.CreatePlan{Meta: meta("t1", "plan"), ID: "p1", UserID: "t1", Input: domainplan.Details{Name: "Strength A"}}); err != nil {
			t.Fatal(err)
		}
		reps := 5.0
		if _, err := a.SavePlanExercise(ctx, app.SavePlanExercise{Meta: meta("t1", "squat"), PlanID: "p1", Unit: "kg", MayChange: anyone,
			Input: domainplan.StrengthInput{Exercise: "Front Squat", Targets: []domainplan.StrengthTarget{{Reps: &reps}}}}); err != nil {
			t.Fatal(err)
		}
		for stream, e := range map[string]domain.Event{
			app.PlanStream("p1"):  domainplan.PlanShared{PlanID: "p1", UserID: "t1", ClientID: "c1", SharedAt: now},
			app.OrderStream("O1"): domainplan.PlanBought{OrderID: "O1", PlanID: "p1", UserID: "b1", SellerID: "t1", BoughtAt: now},
		} {
			data, _ := json.Marshal(e)
			if _, err := b.Store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: eventstore.DeriveID(stream), Type: e.EventType(), Data: data}); err != nil {
				t.Fatal(err)
			}
		}
		refused := a.DeletePlan(ctx, app.DeletePlan{Meta: meta("x", "delete"), ID: "p1",
			MayChange: func(string) error { return domain.Forbidden("You cannot change this.") }})
		if domain.KindOf(refused) != domain.KindForbidden {
			t.Fatalf("a delete by someone else: %v", refused)
		}
		if events, _ := appended(t, b.Store, app.PlanStream(app.KeptPlanID("p1", "c1"))); len(events) != 0 {
			t.Fatalf("a refused delete made copies: %v", events)
		}
		if err := a.DeletePlan(ctx, app.DeletePlan{Meta: meta("t1", "delete"), ID: "p1", MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		for keeper, role := range map[string]string{"c1": domainplan.KeptShared, "b1": domainplan.KeptBought} {
			id := app.KeptPlanID("p1", keeper)
			events, _ := appended(t, b.Store, app.PlanStream(id))
			kept, ok := events[0].(domainplan.PlanKept)
			if len(events) != 1 || !ok || kept.PlanID != id || kept.UserID != keeper || kept.Role != role ||
				kept.Reason != domainplan.KeptDeleted || kept.Name != "Strength A" || len(kept.Exercises) != 1 ||
				kept.Exercises[0].Exercise != "Front Squat" {
				t.Errorf("%s's copy: %#v", keeper, events)
			}
			if r, err := plans.NewQueries(b.DB).Role(ctx, id, keeper); err != nil || r != role {
				t.Errorf("%s has their copy as %q (%v)", keeper, r, err)
			}
		}
		events, _ := appended(t, b.Store, app.PlanStream("p1"))
		if _, ok := events[len(events)-1].(domainplan.PlanDeleted); !ok {
			t.Errorf("the plan's last event: %#v", events[len(events)-1])
		}
	})
}

// Each sweep tries every closing left unfinished, a page at a time, past those that fail
// again: however many keep failing, the others are finished.
func TestFinishClosingsReachesEveryClosing(t *testing.T) {
	app.SetClosingsAtOnce(t, 2)
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		var mu sync.Mutex
		failing := map[string]bool{"u1": true, "u2": true, "u3": true, "u4": true, "u5": true}
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC), app.WithUserErasers(func(_ context.Context, id string) error {
			mu.Lock()
			defer mu.Unlock()
			if failing[id] {
				return errors.New("the sessions' database is down")
			}
			return nil
		}))
		users := []string{"u1", "u2", "u3", "u4", "u5"}
		for _, u := range users {
			if err := a.CloseAccount(ctx, app.CloseAccount{Meta: meta(u, "close"), UserID: u}); err == nil {
				t.Fatalf("%s's closing finished while its step failed", u)
			}
		}
		mu.Lock()
		failing = map[string]bool{"u1": true, "u2": true, "u3": true}
		mu.Unlock()
		if n, err := a.FinishClosings(ctx); n != 2 || err == nil {
			t.Fatalf("a sweep with three of five failing again finished %d (%v), want the other 2 and an error", n, err)
		}
		mu.Lock()
		failing = nil
		mu.Unlock()
		if n, err := a.FinishClosings(ctx); n != 3 || err != nil {
			t.Fatalf("the sweep once every step works finished %d (%v), want 3", n, err)
		}
		if n, err := a.FinishClosings(ctx); n != 0 || err != nil {
			t.Fatalf("the sweep after finished %d (%v)", n, err)
		}
	})
}

// A set logged while the read models lag past the wait is answered as the workout decided it,
// marked provisional with its event's position, never as not found; once the read model has
// it, it reads as any other.
func TestSaveSetAnswersWhileTheReadModelLags(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a, start := useCasesLagging(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC), 100*time.Millisecond)
		if _, err := a.StartWorkout(ctx, app.StartWorkout{Meta: meta("u1", "start"), ID: "w1",
			Input: workout.StartInput{UserID: "u1", Name: "Push"}}); err != nil {
			t.Fatal(err)
		}
		kg, reps := 82.5, 5.0
		x, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", "set"), UserID: "u1", Unit: "kg", WorkoutID: "w1",
			Strength: &workout.StrengthInput{Exercise: "Bench Press", Weight: &kg, Reps: &reps}, MayChange: anyone})
		if err != nil {
			t.Fatalf("a set logged while the read model lags: %v", err)
		}
		events, positions := appended(t, b.Store, app.WorkoutStream("w1"))
		logged, ok := events[len(events)-1].(workout.SetLogged)
		if !ok || !x.Provisional || x.Position != positions[len(positions)-1] || x.ID != logged.SetID ||
			x.Exercise != "Bench Press" || *x.Weight != 82.5 || *x.Reps != 5 || x.WeightUnit != "kg" || x.Done {
			t.Fatalf("the answer %+v for the set stored as %#v", x, events[len(events)-1])
		}
		start()
		var got workouts.Set
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if got, err = workouts.NewQueries(b.DB).SetOf(ctx, "u1", x.ID); err == nil {
				break
			}
		}
		if err != nil || got.SetNumber != 1 || got.Provisional || *got.Weight != 82.5 {
			t.Fatalf("the set once the read model has it: %+v %v", got, err)
		}
	})
}
