package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
)

// `gymlog demo` seeds a year that fills every chart, on SQLite and PostgreSQL, and a second
// run adds nothing.
func TestDemoSeedsAYearOnce(t *testing.T) {
	for name, url := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "gymlog.db") },
		"postgres": func(t *testing.T) string { return pgtest.NewDatabase(t) },
	} {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			ctx := context.Background()
			var out bytes.Buffer
			if err := run(ctx, []string{"demo", "--database-url", db}, &out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "seeded the demo account") || !strings.Contains(out.String(), "demo@example.com") ||
				!strings.Contains(out.String(), demoPassword) {
				t.Errorf("first run: got %q", out.String())
			}
			a, err := open(ctx, config{DatabaseURL: db})
			if err != nil {
				t.Fatal(err)
			}
			defer a.close()
			for table, least := range map[string]int{"workouts": 120, "workout_sets": 1500, "weight_entries": 50,
				"size_entries": 40, "workout_days": 120, "exercise_totals": 11, "personal_bests": 11} {
				var n int
				if err := a.db.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil || n < least {
					t.Errorf("%s: got %d rows (%v), want at least %d", table, n, err, least)
				}
			}
			out.Reset()
			if err := run(ctx, []string{"demo", "--database-url", db}, &out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "already exists") {
				t.Errorf("second run: got %q", out.String())
			}
		})
	}
}

// The demo year climbs: each lift ends heavier than it starts, three workouts in most weeks,
// every workout finished within the rules (start before finish, at most 6 hours).
func TestDemoYearIsAProgramme(t *testing.T) {
	last := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	y := newDemoYear(last)
	if n := len(y.workouts); n < 130 || n > 160 {
		t.Errorf("workouts: got %d, want about three a week", n)
	}
	first, latest := map[string]float64{}, map[string]float64{}
	for _, w := range y.workouts {
		if w.date > last.Format(time.DateOnly) || w.finish <= w.start {
			t.Errorf("workout %+v: after the last day or ending before it starts", w)
		}
		for _, s := range w.sets {
			v := s.reps
			if s.weight != nil {
				v = *s.weight
			}
			if _, ok := first[s.exercise]; !ok {
				first[s.exercise] = v
			}
			latest[s.exercise] = v
		}
	}
	for ex, v := range first {
		if latest[ex] <= v {
			t.Errorf("%s: from %v to %v, want progress", ex, v, latest[ex])
		}
	}
}
