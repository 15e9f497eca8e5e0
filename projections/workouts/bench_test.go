package workouts_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
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

// BenchmarkRunsOfSets measures the workouts projector applying logged sets in batches of 16,
// as the runner takes a backlog: 16 lifters, each logging sets in turn into a workout in
// progress, so every batch holds one set of each. The app's projector, which remembers what
// it wrote (New), against the zero Projector, which reads its workouts and bests back for
// every batch; on SQLite and on PostgreSQL (pipelined transactions). ns/op is per set, the
// runner's start included; the events are appended before the timer starts.
// GYMLOG_BENCH_BATCH sets the runner's batch size instead (500, its default: a node catching up
// a backlog, many rows to a statement).
//
//	go test -run '^$' -bench RunsOfSets -benchtime 4000x ./projections/workouts/
func BenchmarkRunsOfSets(b *testing.B) {
	for _, backend := range []string{"sqlite", "postgres"} {
		for _, variant := range []struct {
			name string
			new  func() projections.Projector
		}{
			{"remembering", func() projections.Projector { return workouts.New() }},
			{"reading", func() projections.Projector { return workouts.Projector{} }},
		} {
			b.Run(backend+"/"+variant.name, func(b *testing.B) {
				benchRunsOfSets(b, backend, variant.new())
			})
		}
	}
}

func benchRunsOfSets(b *testing.B, backend string, p projections.Projector) {
	var bk backendtest.Backend
	if backend == "sqlite" {
		bk = backendtest.SQLite(b)
	} else {
		bk = backendtest.Postgres(b)
	}
	ctx := context.Background()
	dialect := projections.Dialect(bk.Name)
	if err := projections.Migrate(ctx, bk.DB, dialect); err != nil {
		b.Fatal(err)
	}
	const lifters = 16
	now := time.Date(2026, 11, 24, 7, 0, 0, 0, time.UTC)
	var last int64
	exec := func(id string, act func(*workout.Workout) ([]domain.Event, error)) {
		res, err := app.Execute(ctx, app.New(bk.Store, app.Queries{}), "workout-"+id, eventstore.Metadata{},
			func() *workout.Workout { return workout.New(id) }, act)
		if err != nil {
			b.Fatal(err)
		}
		last = res.Position
	}
	for l := range lifters {
		exec(fmt.Sprint("w", l), func(w *workout.Workout) ([]domain.Event, error) {
			return w.Start(workout.StartInput{UserID: fmt.Sprint("u", l), Date: "2026-11-24", StartTime: "07:00"}, now)
		})
	}
	rpe := 8.0
	for i := range b.N {
		l := i % lifters
		weight, reps := 60+float64(i/lifters%20)*2.5, 5.0
		exec(fmt.Sprint("w", l), func(w *workout.Workout) ([]domain.Event, error) {
			in := workout.StrengthInput{Exercise: "Barbell Bench Press", Weight: &weight, Reps: &reps, RPE: &rpe}
			return w.LogStrength(fmt.Sprint("s", i), in, "kg", now)
		})
	}
	r, err := projections.NewRunner(bk.DB, dialect, bk.Store, []projections.Projector{p}, projections.WithBatchSize(benchBatch(b, lifters)),
		projections.WithTransactions(bk.Transactions))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	stop := runRunner(ctx, r)
	defer stop()
	wait, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if err := r.WaitFor(wait, last, workouts.Name); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
}

// benchBatch is GYMLOG_BENCH_BATCH, or n.
func benchBatch(b *testing.B, n int) int {
	if s := os.Getenv("GYMLOG_BENCH_BATCH"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			b.Fatalf("GYMLOG_BENCH_BATCH=%q", s)
		}
		return v
	}
	return n
}
