package workouts_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/workouts"
)

// A set id that another workout already holds (logged before ids were scoped to their
// workout, so its event is in the log for good) is applied once, even into a workout and
// exercise the projector remembers: only an id derived from its own workout skips the read
// that says whether it is held. On both backends, with the projector the app runs.
func TestASetIDHeldByAnotherWorkoutIsAppliedOnce(t *testing.T) {
	for name, open := range map[string]func(*testing.T) batchBackend{"sqlite": openSQLite, "postgres": openPostgres} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := open(t)
			dialect := projections.SQLite
			if name == "postgres" {
				dialect = projections.Postgres
			}
			ctx := context.Background()
			if err := projections.Migrate(ctx, b.db, dialect); err != nil {
				t.Fatal(err)
			}
			warned := &warnings{}
			r, err := projections.NewRunner(b.db, dialect, b.store, []projections.Projector{workouts.New()},
				projections.WithPollInterval(20*time.Millisecond), projections.WithLogger(slog.New(warned)),
				projections.WithTransactions(b.txs))
			if err != nil {
				t.Fatal(err)
			}
			defer runRunner(ctx, r)()

			now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
			kg := func(x float64) *float64 { return &x }
			squat := workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: kg(100), Reps: kg(5), RPE: kg(8)}
			do := func(workoutID, command string, act func(*workout.Workout) ([]domain.Event, error)) {
				t.Helper()
				res, err := app.Execute(ctx, app.New(b.store, app.Queries{}), "workout-"+workoutID,
					eventstore.Metadata{CommandID: command}, func() *workout.Workout { return workout.New(workoutID) }, act)
				if err != nil {
					t.Fatal(err)
				}
				waitFor(t, ctx, r, res.Position)
			}
			for _, id := range []string{"w1", "w2"} {
				do(id, "start-"+id, func(w *workout.Workout) ([]domain.Event, error) {
					return w.Start(workout.StartInput{UserID: "u1", Date: "2026-11-25", StartTime: "09:00"}, now)
				})
			}
			logSet := func(workoutID, command, setID string) {
				do(workoutID, command, func(w *workout.Workout) ([]domain.Event, error) { return w.LogStrength(setID, squat, "kg", now) })
			}
			logSet("w1", "old", "shared-id")
			// w2, its squats and u1's squat standing are now in memory.
			logSet("w2", "c2", eventstore.Metadata{CommandID: "c2"}.EntityID("set", "w2"))
			logSet("w2", "old-again", "shared-id")
			warned.check(t, name)

			var w1, w2 int
			if err := b.db.QueryRowContext(ctx, `SELECT
				(SELECT COUNT(*) FROM workout_sets WHERE workout_id = 'w1'),
				(SELECT COUNT(*) FROM workout_sets WHERE workout_id = 'w2')`).Scan(&w1, &w2); err != nil {
				t.Fatal(err)
			}
			if w1 != 1 || w2 != 1 {
				t.Errorf("sets in w1 and w2: %d and %d, want 1 and 1 (the first workout keeps the id)", w1, w2)
			}
		})
	}
}
