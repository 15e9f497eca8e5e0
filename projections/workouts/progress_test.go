package workouts_test

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/progress"
)

// dumpWithProgress lists the rows of the workouts and the progress read models.
func dumpWithProgress(t *testing.T, db *sql.DB) []string {
	t.Helper()
	return backendtest.Dump(t, db, append([]string{"workouts", "workout_sets", "personal_bests"},
		(progress.Projector{}).Tables()...)...)
}

// checkProgress recomputes the progress read model's days and totals from the workouts read
// model, built from the same events, and fails where they differ: each user's workouts,
// finished workouts and minutes a day and in all; each exercise's done sets and best a day,
// and its count of days.
func checkProgress(t *testing.T, db *sql.DB) {
	t.Helper()
	days, totals := map[string][3]int{}, map[string][3]int{}
	for _, w := range lines(t, db, `SELECT user_id, date, start_time, COALESCE(finish_time, ''), is_finished FROM workouts`, 5) {
		minutes, finished := 0, 0
		if w[4] == "true" || w[4] == "1" {
			minutes, finished = workout.Duration(w[2], w[3]), 1
		}
		for m, key := range map[*map[string][3]int]string{&days: w[0] + " " + w[1], &totals: w[0]} {
			c := (*m)[key]
			(*m)[key] = [3]int{c[0] + 1, c[1] + finished, c[2] + minutes}
		}
	}
	same(t, "workout_days", counts(days), lines(t, db, `SELECT user_id, date, workouts, finished, minutes FROM workout_days`, 5))
	same(t, "workout_totals", counts(totals), lines(t, db, `SELECT user_id, workouts, finished, minutes FROM workout_totals`, 4))

	best := `CASE WHEN MAX(CASE WHEN s.category = 'bodyweight' THEN NULL ELSE s.weight_kg END) IS NULL
		THEN MAX(CASE WHEN s.category = 'bodyweight' THEN s.reps END)
		ELSE MAX(CASE WHEN s.category = 'bodyweight' THEN NULL ELSE s.weight_kg END) END`
	exerciseDays := lines(t, db, `SELECT s.user_id, s.exercise_key, w.date, COUNT(*), CAST(`+best+` AS DOUBLE PRECISION)
		FROM workout_sets s JOIN workouts w ON w.id = s.workout_id WHERE s.done = TRUE AND s.category <> 'cardio'
		GROUP BY s.user_id, s.exercise_key, w.date`, 5)
	same(t, "exercise_days", exerciseDays, lines(t, db, `SELECT user_id, exercise_key, date, sets, best FROM exercise_days`, 5))
	counted := map[string][3]int{}
	for _, d := range exerciseDays {
		c := counted[d[0]+" "+d[1]]
		counted[d[0]+" "+d[1]] = [3]int{c[0] + 1}
	}
	var wantTotals [][]string
	for k, c := range counted {
		wantTotals = append(wantTotals, append(strings.Fields(k), fmt.Sprint(c[0])))
	}
	same(t, "exercise_totals", wantTotals, lines(t, db, `SELECT user_id, exercise_key, days FROM exercise_totals`, 3))
}

// lines reads every row of q, n columns, each value printed (floats to 4 decimals).
func lines(t *testing.T, db *sql.DB, q string, n int) [][]string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		vals := make([]any, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		line := make([]string, n)
		for i, v := range vals {
			switch x := v.(type) {
			case []byte:
				line[i] = string(x)
			case float64:
				line[i] = fmt.Sprintf("%.4f", x)
			default:
				line[i] = fmt.Sprint(x)
			}
		}
		out = append(out, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// counts turns per-key counts into rows: the key's fields, then the counts.
func counts(m map[string][3]int) [][]string {
	var out [][]string
	for k, c := range m {
		out = append(out, append(strings.Fields(k), fmt.Sprint(c[0]), fmt.Sprint(c[1]), fmt.Sprint(c[2])))
	}
	return out
}

// same fails unless the progress table holds the rows recomputed, in any order.
func same(t *testing.T, table string, want, got [][]string) {
	t.Helper()
	flat := func(rows [][]string) []string {
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = strings.Join(r, " ")
		}
		slices.Sort(out)
		return out
	}
	requireSameDump(t, "recomputed from the workouts read model", flat(want), table, flat(got))
}
