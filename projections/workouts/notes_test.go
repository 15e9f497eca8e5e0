package workouts_test

import (
	"log/slog"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/workouts"
)

// TestNotedSetsAreTheRowsWritten proves that the set the projector notes for the request
// that logged it (which answers with it instead of reading it back) is exactly what SetOf
// reads at that moment: after sets applied alone and in batches; strength, bodyweight and
// cardio sets, done or not, bests or not, in workouts started from a plan (with its notes)
// or not, logged into a workout dated before its exercise's newest or not: each is noted as
// its batch left it.
func TestNotedSetsAreTheRowsWritten(t *testing.T) {
	for _, c := range []struct {
		name    string
		dialect projections.Dialect
		open    func(*testing.T) batchBackend
	}{{"sqlite", projections.SQLite, openSQLite}, {"postgres", projections.Postgres, openPostgres}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b, ctx := c.open(t), t.Context()
			if err := projections.Migrate(ctx, b.db, c.dialect); err != nil {
				t.Fatal(err)
			}
			batches := &batchLog{}
			r, err := projections.NewRunner(b.db, c.dialect, b.store, []projections.Projector{recording{log: batches}},
				projections.WithPollInterval(20*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)))
			if err != nil {
				t.Fatal(err)
			}
			defer runRunner(ctx, r)()
			h := newHistory(t, b.store, rand.New(rand.NewPCG(20261124, 1)))
			q := workouts.NewQueries(b.db)
			noted, read, done, bests, planned := 0, 0, 0, 0, 0
			for round := range 80 {
				if round%4 == 0 { // another workout, on a random day: often before the user's others
					h.start(ctx, h.users[h.rng.IntN(len(h.users))], "")
				}
				from := len(h.sets)
				for range 1 + round%7 {
					h.logSet(ctx, []int{latest, recent, anyWorkout}[h.rng.IntN(3)], "", from)
				}
				waitFor(t, ctx, r, h.last)
				for _, s := range h.sets[from:] {
					want, err := q.SetOf(ctx, s.workout.user, s.id)
					if err != nil {
						t.Fatal(err)
					}
					v, ok := r.Take(workouts.Name, workouts.NoteKey(s.workout.user, s.id))
					if !ok {
						read++
						continue
					}
					noted++
					if want.Done {
						done++
					}
					if want.PB {
						bests++
					}
					if want.PlanNotes != "" {
						planned++
					}
					if !reflect.DeepEqual(v, want) {
						t.Errorf("set %s: noted %+v, read back %+v", s.id, v, want)
					}
					if _, again := r.Take(workouts.Name, workouts.NoteKey(s.workout.user, s.id)); again {
						t.Errorf("set %s: taken twice", s.id)
					}
				}
			}
			t.Logf("%d sets noted (%d done, %d bests, %d with plan notes), %d read back; batches: %v", noted, done, bests,
				planned, read, batches)
			if noted < 200 || done == 0 || bests == 0 || planned == 0 || batches.withRun < 5 {
				t.Fatal("too little variety for the test to prove much")
			}
		})
	}
}
