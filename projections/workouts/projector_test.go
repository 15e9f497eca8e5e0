package workouts_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/workouts"
)

// TestBestsFromHistory logs a seeded random history (sets in workouts out of date order,
// marked done, edited, deleted, workouts moved in time and deleted) and checks that every
// personal-best flag and every bests row equals a recomputation from the whole history, and
// that a rebuilt read model is identical to the incremental one.
func TestBestsFromHistory(t *testing.T) {
	ctx := context.Background()
	b := backendtest.SQLite(t)
	db, store := b.DB, b.Store
	if err := projections.Migrate(ctx, db, projections.SQLite); err != nil {
		t.Fatal(err)
	}
	runner, err := projections.NewRunner(db, projections.SQLite, store, []projections.Projector{workouts.Projector{}},
		projections.WithPollInterval(20*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = runner.Run(runCtx) }()
	t.Cleanup(func() { cancel(); <-done })

	rng := rand.New(rand.NewPCG(4, 2))
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	var last int64
	run := func(id string, act func(w *workout.Workout) ([]domain.Event, error)) {
		t.Helper()
		res, err := app.Execute(ctx, app.New(store, app.Queries{}), "workout-"+id, eventstore.Metadata{}, func() *workout.Workout { return workout.New(id) }, act)
		if err != nil && domain.KindOf(err) != domain.KindNotFound {
			t.Fatal(err)
		}
		last = max(last, res.Position)
	}
	f := func(x float64) *float64 { return &x }
	var ids []string
	var sets []struct{ workout, id string }
	for i := range 5 {
		id := fmt.Sprintf("w%d", i)
		ids = append(ids, id)
		date := fmt.Sprintf("2026-11-%02d", 10+rng.IntN(10))
		run(id, func(w *workout.Workout) ([]domain.Event, error) {
			return w.Start(workout.StartInput{UserID: "u1", Date: date, StartTime: "09:00"}, now)
		})
	}
	for i := range 150 {
		w := ids[rng.IntN(len(ids))]
		switch op := rng.IntN(10); {
		case op < 5 || len(sets) == 0:
			id := fmt.Sprintf("s%d", i)
			in := workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: f(float64(60 + 5*rng.IntN(10))), Reps: f(5)}
			if rng.IntN(3) == 0 {
				in = workout.StrengthInput{Exercise: "Pull-Up", Reps: f(float64(5 + rng.IntN(8)))}
			}
			if rng.IntN(2) == 0 {
				in.RPE = f(8)
			}
			run(w, func(wk *workout.Workout) ([]domain.Event, error) { return wk.LogStrength(id, in, "kg", now) })
			sets = append(sets, struct{ workout, id string }{w, id})
		case op < 7:
			s := sets[rng.IntN(len(sets))]
			run(s.workout, func(wk *workout.Workout) ([]domain.Event, error) { return wk.MarkDone(s.id, f(9), now) })
		case op < 8:
			s := sets[rng.IntN(len(sets))]
			in := workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: f(float64(60 + 5*rng.IntN(10))), Reps: f(3)}
			run(s.workout, func(wk *workout.Workout) ([]domain.Event, error) { return wk.EditStrength(s.id, in, "kg", now) })
		case op < 9:
			s := sets[rng.IntN(len(sets))]
			run(s.workout, func(wk *workout.Workout) ([]domain.Event, error) { return wk.DeleteSet(s.id, now) })
		default:
			date := fmt.Sprintf("2026-11-%02d", 10+rng.IntN(10))
			run(w, func(wk *workout.Workout) ([]domain.Event, error) {
				return wk.Edit(workout.DetailsInput{Date: &date}, now)
			})
		}
	}
	run(ids[0], func(w *workout.Workout) ([]domain.Event, error) { return w.Delete(now) })
	wait := func() {
		c, stop := context.WithTimeout(ctx, 20*time.Second)
		defer stop()
		if err := runner.WaitFor(c, last, workouts.Name); err != nil {
			t.Fatal(err)
		}
	}
	wait()
	checkBests(t, db)
	before := dump(t, db)
	if err := runner.Rebuild(ctx, workouts.Name); err != nil {
		t.Fatal(err)
	}
	if after := dump(t, db); !reflect.DeepEqual(before, after) {
		t.Errorf("rebuilt read model differs:\nincremental %v\nrebuilt     %v", before, after)
	}
}

// checkBests recomputes every flag and best from the whole history, the slow obvious way.
func checkBests(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT id, exercise_key, done, pb, CASE WHEN category = 'bodyweight' THEN reps ELSE weight_kg END
		FROM workout_sets ORDER BY exercise_key, history_key`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	best := map[string]float64{}
	previous := map[string]*float64{}
	latest := map[string]string{}
	n := 0
	for rows.Next() {
		var id, key string
		var done, pb bool
		var value float64
		if err := rows.Scan(&id, &key, &done, &pb, &value); err != nil {
			t.Fatal(err)
		}
		n++
		b, seen := best[key]
		want := done && (!seen || value > b)
		if want {
			if seen {
				p := b
				previous[key] = &p
			}
			best[key], latest[key] = value, id
		}
		if pb != want {
			t.Errorf("set %s (%s, value %v, done %v): pb %v, want %v", id, key, value, done, pb, want)
		}
	}
	if n < 20 {
		t.Fatalf("only %d sets: the test proves little", n)
	}
	got := map[string]string{}
	bests, err := db.Query(`SELECT exercise_key, set_id, previous_value FROM personal_bests`)
	if err != nil {
		t.Fatal(err)
	}
	defer bests.Close()
	for bests.Next() {
		var key, set string
		var prev *float64
		if err := bests.Scan(&key, &set, &prev); err != nil {
			t.Fatal(err)
		}
		got[key] = set
		if !reflect.DeepEqual(prev, previous[key]) {
			t.Errorf("best of %s: previous %v, want %v", key, deref(prev), deref(previous[key]))
		}
	}
	if !reflect.DeepEqual(got, latest) {
		t.Errorf("bests: got %v, want %v", got, latest)
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

func dump(t *testing.T, db *sql.DB) []string {
	t.Helper()
	return backendtest.Dump(t, db, "workouts", "workout_sets", "personal_bests")
}
