package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// benchSetsPerWorkout and benchExercises shape the benchmark's histories: workouts of 20 done
// sets over 10 built-in exercises, one workout a day up to the day before the clock's.
const benchSetsPerWorkout = 20

var benchExercises = []string{"Barbell Back Squat", "Barbell Bench Press", "Barbell Row", "Deadlift", "Overhead Press",
	"Lat Pulldown", "Romanian Deadlift", "Barbell Curl", "Leg Press", "Triceps Pushdown"}

// BenchmarkProgressCalls times every dashboard and progress call, through the API as the
// browser calls it, for a light user and a heavy user in the same database, on SQLite and
// PostgreSQL. The light user's 100 sets fill every chart's window as the heavy user's do: 34
// workouts, one a day up to yesterday, of three sets (Barbell Back Squat first, so its chart
// has 30 points too); the heavy user's 100,000 sets are 5,000 workouts of 20 sets, one a day,
// three of the 10 exercises a workout. So the two see the same amount on screen and differ only in history.
// Each iteration calls once as each user, in turns (light first on even iterations, heavy
// first on odd ones), so both meet the same machine; the sub-benchmark reports each user's
// p50 and p99 and their ratios: reads are flat in history when the heavy user's are within
// 1.3× of the light user's (docs/BENCHMARKS.md).
func BenchmarkProgressCalls(b *testing.B) {
	for _, backend := range []string{"sqlite", "postgres"} {
		b.Run(backend, func(b *testing.B) {
			e := newEnv(b, backend)
			users := map[string]string{} // name -> cookie
			light := func(done, i int) string {
				if i == 0 {
					return "Barbell Back Squat"
				}
				return benchExercises[done%len(benchExercises)]
			}
			// Three exercises a workout for both (7, 7 and 6 sets for the heavy user), so the
			// past month's exercise days, which the muscle-group chart sums, are as many.
			heavy := func(done, _ int) string {
				return benchExercises[(done%benchSetsPerWorkout/7+3*(done/benchSetsPerWorkout))%len(benchExercises)]
			}
			for _, u := range []struct {
				name           string
				sets, aWorkout int
				exercise       func(done, i int) string
			}{{"light", 100, 3, light}, {"heavy", 100_000, benchSetsPerWorkout, heavy}} {
				c, id := e.signUp(b, u.name+"@example.com")
				start := time.Now()
				e.seedSets(b, id, u.sets, u.aWorkout, u.exercise)
				b.Logf("%s: %d sets stored and projected in %v", u.name, u.sets, time.Since(start).Round(time.Second))
				for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
					users[u.name] = ck.Name + "=" + ck.Value
				}
			}
			call := func(path, user string) time.Duration {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Cookie", users[user])
				rec := httptest.NewRecorder()
				t0 := time.Now()
				e.api.ServeHTTP(rec, req)
				took := time.Since(t0)
				if rec.Code != http.StatusOK {
					b.Fatalf("%s as %s: %d %s", path, user, rec.Code, rec.Body.String())
				}
				return took
			}
			for _, path := range progressPaths {
				// The exercise chart of an exercise both histories hold, not an empty one.
				path = strings.Replace(path, "name=Squat", "name=Barbell%20Back%20Squat", 1)
				b.Run(path, func(b *testing.B) {
					var light, heavy []time.Duration
					for i := 0; b.Loop(); i++ {
						if i%2 == 0 {
							light = append(light, call(path, "light"))
							heavy = append(heavy, call(path, "heavy"))
						} else {
							heavy = append(heavy, call(path, "heavy"))
							light = append(light, call(path, "light"))
						}
					}
					lp50, lp99 := percentiles(light)
					hp50, hp99 := percentiles(heavy)
					b.ReportMetric(float64(lp50.Microseconds()), "light-p50-µs")
					b.ReportMetric(float64(hp50.Microseconds()), "heavy-p50-µs")
					b.ReportMetric(float64(lp99.Microseconds()), "light-p99-µs")
					b.ReportMetric(float64(hp99.Microseconds()), "heavy-p99-µs")
					b.ReportMetric(float64(hp50)/float64(lp50), "p50-ratio")
					b.ReportMetric(float64(hp99)/float64(lp99), "p99-ratio")
				})
			}
		})
	}
}

// percentiles returns the p50 and p99 of latencies.
func percentiles(latencies []time.Duration) (p50, p99 time.Duration) {
	slices.Sort(latencies)
	return latencies[len(latencies)/2], latencies[len(latencies)*99/100]
}

// seedSets stores a history of n done sets for userID, perWorkout a workout, the i-th set of
// a workout (the done-th in all) of exercise(done, i) (one workout a day up to yesterday,
// oldest first, as they are lived: started, finished, its sets) and waits for every read model to apply it. On PostgreSQL each workout
// is an append, 16 at a time so that the store writes them in shared transactions. On SQLite
// the events go straight into the store's table in one transaction, as appendUnchecked does
// one at a time: appended one workout at a time beside seven projectors, on a shared
// machine, 110,000 events took longer than a benchmark should.
func (e *env) seedSets(b *testing.B, userID string, n, perWorkout int, exercise func(done, i int) string) {
	b.Helper()
	ctx := context.Background()
	var workouts [][]eventstore.EventData
	day := e.now.AddDate(0, 0, -(n+perWorkout-1)/perWorkout)
	for done := 0; done < n; day = day.AddDate(0, 0, 1) {
		id := uuid.NewString()
		date := day.Format(time.DateOnly)
		events := []domain.Event{
			workout.WorkoutStarted{WorkoutID: id, UserID: userID, Date: date, StartTime: "18:00", StartedAt: day},
			workout.WorkoutFinished{WorkoutID: id, UserID: userID, FinishTime: "19:05", FinishedAt: day},
		}
		for i := 0; i < perWorkout && done < n; i, done = i+1, done+1 {
			kg, reps, rpe := 40+float64(done%200)/4, 5, 8
			events = append(events, workout.SetLogged{SetID: uuid.NewString(), WorkoutID: id, UserID: userID, Done: true,
				LoggedAt: day, SetFields: workout.SetFields{Exercise: exercise(done, i),
					Category: "free-weights", Weight: &kg, Unit: "kg", Reps: &reps, RPE: &rpe}})
		}
		data := make([]eventstore.EventData, len(events))
		for i, ev := range events {
			payload, err := json.Marshal(ev)
			if err != nil {
				b.Fatal(err)
			}
			data[i] = eventstore.EventData{ID: uuid.NewString(), Type: ev.EventType(), Data: payload}
		}
		workouts = append(workouts, data)
	}
	var err error
	if e.dialect == projections.SQLite {
		err = e.insertWorkouts(ctx, workouts)
	} else {
		err = e.appendWorkouts(ctx, workouts)
	}
	if err != nil {
		b.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, 20*time.Minute)
	defer cancel()
	head, err := e.store.Head(wait)
	if err != nil {
		b.Fatal(err)
	}
	if err := e.runner.WaitFor(wait, head); err != nil {
		b.Fatal(err)
	}
}

// appendWorkouts appends each workout's events to its stream, 16 appends at a time.
func (e *env) appendWorkouts(ctx context.Context, workouts [][]eventstore.EventData) error {
	queue := make(chan []eventstore.EventData)
	var g errgroup.Group
	for range 16 {
		g.Go(func() error {
			for data := range queue {
				var started workout.WorkoutStarted
				if err := json.Unmarshal(data[0].Data, &started); err != nil {
					return err
				}
				if _, err := e.store.Append(ctx, "workout-"+started.WorkoutID, eventstore.NoStream, data...); err != nil {
					return err
				}
			}
			return nil
		})
	}
	for _, w := range workouts {
		queue <- w
	}
	close(queue)
	return g.Wait()
}

// insertWorkouts writes each workout's events into SQLite's event table, all in one
// transaction.
func (e *env) insertWorkouts(ctx context.Context, workouts [][]eventstore.EventData) error {
	tx, err := e.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	for _, data := range workouts {
		var started workout.WorkoutStarted
		if err := json.Unmarshal(data[0].Data, &started); err != nil {
			return err
		}
		for i, ev := range data {
			if _, err := tx.ExecContext(ctx, `INSERT INTO eventstore_events (id, stream, version, type, data, actor_id,
				command_id, correlation_id, causation_id, recorded_at) VALUES ($1, $2, $3, $4, $5, '', '', '', '', 0)`,
				ev.ID, "workout-"+started.WorkoutID, i+1, ev.Type, string(ev.Data)); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}
