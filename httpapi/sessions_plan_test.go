package httpapi_test

import (
	"net/http"
	"testing"
)

// TestStartFromPlan starts a workout from a plan: the plan's exercises are its cards, with
// the plan's notes on every set and the targets as sets to do, which count towards no total
// or personal best until done; a second start answers the workout in progress; a plan edited
// afterwards leaves the workout as it was; the finish names the workout after the plan as it
// stood. Nobody else can start from the plan.
func TestStartFromPlan(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "planner@example.com")
		other, _ := e.signUp(t, "stranger@example.com")
		plan := c.mustStatus(http.StatusCreated, "POST", "/api/plans/add", map[string]any{"name": "Push A", "notes": "Heavy day"}).str("id")
		bench := c.mustStatus(http.StatusCreated, "POST", "/api/plan_exercises/add", map[string]any{"plan": plan,
			"exercise": "Barbell Bench Press", "notes": "Pause at the chest",
			"targets": []any{map[string]any{"weight": 60, "reps": 8}, map[string]any{"weight": 70, "reps": 5}}}).str("id")
		c.mustStatus(http.StatusCreated, "POST", "/api/plan_exercises/add-cardio", map[string]any{"plan": plan,
			"exercise": "Running", "targets": []any{map[string]any{"distance": 5, "unit": "km", "minutes": 30}}})

		if res := c.do("POST", "/api/sessions/start/from-plan", map[string]any{"startTime": "25:00"}); res.status != 422 ||
			res.violation("id") == "" || res.violation("startTime") == "" {
			t.Errorf("no plan, bad time: got %d %s, want 422 on id and startTime", res.status, res.raw)
		}
		other.mustStatus(http.StatusNotFound, "POST", "/api/sessions/start/from-plan", map[string]any{"id": plan})
		c.mustStatus(http.StatusNotFound, "POST", "/api/sessions/start/from-plan", map[string]any{"id": bench})

		started := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start/from-plan", map[string]any{"id": plan, "startTime": "09:30"})
		id := started.str("id")
		if started.str("fromPlanName") != "Push A" || started.body["name"] != nil || started.str("startTime") != "09:30" {
			t.Errorf("started: got %s", started.raw)
		}
		want := []struct {
			exercise, notes string
			weight, reps    any
		}{{"Barbell Bench Press", "Pause at the chest", 60.0, 8.0}, {"Barbell Bench Press", "Pause at the chest", 70.0, 5.0},
			{"Running", "", nil, nil}}
		check := func(when string) []map[string]any {
			t.Helper()
			sets := members(c.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/list/"+id, nil))
			if len(sets) != len(want) {
				t.Fatalf("%s: got %d sets, want %d", when, len(sets), len(want))
			}
			for i, w := range want {
				s := sets[i]
				notes, _ := s["planNotes"].(string)
				if s["exercise"] != w.exercise || notes != w.notes || s["weight"] != w.weight || s["reps"] != w.reps || s["done"] != false {
					t.Errorf("%s: set %d: got %v, want %+v", when, i, s, w)
				}
			}
			if sets[2]["distance"] != 5.0 || sets[2]["unit"] != "km" || sets[2]["minutes"] != 30.0 {
				t.Errorf("%s: the run: got %v", when, sets[2])
			}
			return sets
		}
		sets := check("started")
		if pbs := members(c.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/pbs", nil)); len(pbs) != 0 {
			t.Errorf("targets not done count as bests: %v", pbs)
		}
		if again := c.mustStatus(http.StatusOK, "POST", "/api/sessions/start/from-plan", map[string]any{"id": plan}); again.str("id") != id {
			t.Errorf("a second start: got %s, want the workout in progress %s", again.raw, id)
		}
		if again := c.mustStatus(http.StatusOK, "POST", "/api/sessions/start", map[string]any{}); again.str("id") != id {
			t.Errorf("a quick start: got %s, want the workout in progress %s", again.raw, id)
		}

		// The plan changes; the workout keeps the plan as it stood.
		c.mustStatus(http.StatusOK, "PUT", "/api/plans/edit", map[string]any{"id": plan, "name": "Push B"})
		c.mustStatus(http.StatusOK, "POST", "/api/plan_exercises/add", map[string]any{"id": bench, "exercise": "Barbell Bench Press",
			"notes": "Touch and go", "targets": []any{map[string]any{"weight": 90, "reps": 3}}})
		c.mustStatus(http.StatusCreated, "POST", "/api/plan_exercises/add", map[string]any{"plan": plan, "exercise": "Dip",
			"targets": []any{map[string]any{"reps": 10}}})
		check("after the plan changed")

		// Log against the targets: the first as planned, the second heavier; a new set of the
		// exercise shows the plan's notes too.
		c.mustStatus(http.StatusOK, "PUT", "/api/exercise_logs/done", map[string]any{"id": sets[0]["id"], "rpe": 7})
		edited := c.mustStatus(http.StatusOK, "POST", "/api/exercise_logs/add", map[string]any{"session": id, "id": sets[1]["id"],
			"exercise": "Barbell Bench Press", "weight": 72.5, "reps": 5, "rpe": 9})
		if edited.str("planNotes") != "Pause at the chest" || edited.body["done"] != true {
			t.Errorf("edited target: got %s", edited.raw)
		}
		extra := addSet(c, id, map[string]any{"exercise": "Barbell Bench Press", "weight": 50, "reps": 10})
		if extra.str("planNotes") != "Pause at the chest" {
			t.Errorf("a set added to a plan's exercise: got %s", extra.raw)
		}
		if got := c.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/"+extra.str("id"), nil); got.str("planNotes") != "Pause at the chest" {
			t.Errorf("the set read back: got %s", got.raw)
		}
		if pbs := members(c.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/pbs", nil)); len(pbs) != 1 || pbs[0]["weight"] != 72.5 {
			t.Errorf("bests of the done targets: got %v", pbs)
		}

		// The finish drops what was not done and takes the plan's name as it stood.
		c.mustStatus(http.StatusOK, "PUT", "/api/sessions/edit", map[string]any{"id": id, "finishTime": "10:30", "name": ""})
		finished := c.mustStatus(http.StatusOK, "GET", "/api/sessions/"+id, nil)
		if finished.str("name") != "Push A" || finished.body["volume"] != 60.0*8+72.5*5 || finished.body["setCount"] != 2.0 {
			t.Errorf("finished: got %s", finished.raw)
		}
	})
}
