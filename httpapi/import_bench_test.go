package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// importBenchSets is how many sets BenchmarkImportAgainstLogging imports and logs:
// GYMLOG_BENCH_IMPORT_SETS, 10,000 by default.
func importBenchSets(b *testing.B) int {
	n := 10_000
	if s := os.Getenv("GYMLOG_BENCH_IMPORT_SETS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			b.Fatalf("GYMLOG_BENCH_IMPORT_SETS=%q", s)
		}
		n = v
	}
	return n
}

// importBenchHistory is a Strong export of n sets: workouts of 20 sets, one a day up to the day
// before now, over five built-in exercises under Strong's names and a custom one, weights in kg.
// It returns the file and each workout's sets as the API logs them.
func importBenchHistory(now time.Time, n int) (string, []importBenchWorkout) {
	exercises := []struct{ strong, api string }{
		{"Squat (Barbell)", "Barbell Back Squat"}, {"Bench Press (Barbell)", "Barbell Bench Press"},
		{"Deadlift (Barbell)", "Deadlift"}, {"Overhead Press (Barbell)", "Overhead Press"},
		{"Barbell Row", "Barbell Row"}, {"Hack Squat Machine Gymlog", "Hack Squat Machine Gymlog"},
	}
	var csv strings.Builder
	csv.WriteString("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n")
	var workouts []importBenchWorkout
	days := (n + benchSetsPerWorkout - 1) / benchSetsPerWorkout
	for d, done := 0, 0; done < n; d++ {
		day := now.AddDate(0, 0, d-days)
		w := importBenchWorkout{date: day.Format(time.DateOnly), name: fmt.Sprintf("Day %d", d+1)}
		for i := 0; i < benchSetsPerWorkout && done < n; i, done = i+1, done+1 {
			ex := exercises[(i/4+d)%len(exercises)]
			kg, reps := 40+float64(done%160)/2, 3+done%8
			fmt.Fprintf(&csv, "%s 18:00:00,%s,1h 5m,%s,%d,%.1f,%d,0,0,,,\n", w.date, w.name, ex.strong, i%4+1, kg, reps)
			w.sets = append(w.sets, map[string]any{"exercise": ex.api, "weight": kg, "reps": reps, "rpe": 8})
		}
		workouts = append(workouts, w)
	}
	return csv.String(), workouts
}

type importBenchWorkout struct {
	date, name string
	sets       []map[string]any
}

// BenchmarkImportAgainstLogging imports a Strong file of 10,000 sets (GYMLOG_BENCH_IMPORT_SETS)
// as one user and logs the same sets one request at a time through the API as another, in the
// same database, on SQLite and PostgreSQL. Each is timed until every read model has applied
// what it wrote. It reports both and their ratio, which issue #27 wants at 10 or more.
// GYMLOG_BENCH_IMPORT_ONLY=1 leaves the logging out, to profile the import alone.
func BenchmarkImportAgainstLogging(b *testing.B) {
	for _, backend := range []string{"sqlite", "postgres"} {
		b.Run(backend, func(b *testing.B) {
			e := newEnv(b, backend)
			n := importBenchSets(b)
			file, workouts := importBenchHistory(e.now, n)
			for i := 0; b.Loop(); i++ {
				importer, _ := e.signUp(b, fmt.Sprintf("importer%d@example.com", i))
				logger, _ := e.signUp(b, fmt.Sprintf("logger%d@example.com", i))
				caughtUp := func() {
					head, err := e.store.Head(context.Background())
					if err != nil {
						b.Fatal(err)
					}
					if err := e.runner.WaitFor(context.Background(), head); err != nil {
						b.Fatal(err)
					}
				}
				start := time.Now()
				job := importer.do("POST", "/api/imports", map[string]any{"content": file, "format": "strong", "unit": "kg"})
				if job.status != http.StatusAccepted {
					b.Fatalf("import: %d %s", job.status, job.raw)
				}
				for job.str("status") == "running" {
					time.Sleep(50 * time.Millisecond) // the page asks every 500 ms
					job = importer.do("GET", "/api/imports/"+job.str("id"), nil)
				}
				if job.str("status") != "done" {
					b.Fatalf("import: %s", job.raw)
				}
				caughtUp()
				imported := time.Since(start)
				if sets, _ := job.body["result"].(map[string]any)["sets"].(float64); int(sets) != n {
					b.Fatalf("imported %v sets, want %d: %s", sets, n, job.raw)
				}

				b.ReportMetric(imported.Seconds(), "import-s")
				b.ReportMetric(float64(n)/imported.Seconds(), "imported-sets/s")
				if os.Getenv("GYMLOG_BENCH_IMPORT_ONLY") != "" {
					continue // to profile the import alone
				}
				start = time.Now()
				for _, w := range workouts {
					res := logger.do("POST", "/api/sessions/add", map[string]any{"date": w.date, "startTime": "18:00",
						"finishTime": "19:05", "name": w.name})
					if res.status != http.StatusCreated {
						b.Fatalf("add workout: %d %s", res.status, res.raw)
					}
					for _, s := range w.sets {
						s["session"] = res.str("id")
						if res := logger.do("POST", "/api/exercise_logs/add", s); res.status != http.StatusCreated {
							b.Fatalf("log set: %d %s", res.status, res.raw)
						}
					}
				}
				caughtUp()
				logged := time.Since(start)
				b.ReportMetric(logged.Seconds(), "logging-s")
				b.ReportMetric(logged.Seconds()/imported.Seconds(), "ratio")
			}
		})
	}
}
