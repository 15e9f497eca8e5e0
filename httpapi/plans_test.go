package httpapi_test

import (
	"fmt"
	"slices"
	"testing"
)

// texts is a JSON list as text.
func texts(v any) []string {
	list, _ := v.([]any)
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = fmt.Sprint(x)
	}
	return out
}

// A plan built as the Plans area builds it: created (planId), two strength exercises and a
// cardio one, an edit that drops a target row, the overview's exercises, muscle groups and
// those not in the plan, paging by 9, and deletes.
func TestPlanFlow(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "planner@example.com")
		add := c.do("POST", "/api/plans/add", map[string]any{"name": " Push A ", "notes": "Heavy day"})
		if add.status != 201 || add.str("planId") == "" || add.str("name") != "Push A" {
			t.Fatalf("add plan: %d %s", add.status, add.raw)
		}
		planID := add.str("planId")

		bench := c.do("POST", "/api/plan_exercises/add", map[string]any{"plan": planID, "exercise": "Front Squat",
			"targets": []any{map[string]any{"weight": 100.004, "reps": 5}, map[string]any{"weight": "102.5", "reps": "5"},
				map[string]any{"weight": 105, "reps": 3}}, "notes": "Pause", "muscleGroups": []int{1}})
		if bench.status != 201 || bench.str("plan") != planID || !bench.body["disabled"].(bool) {
			t.Fatalf("add strength: %d %s", bench.status, bench.raw)
		}
		if got := fmt.Sprint(bench.body["targetWeight"], bench.body["targetReps"]); got != "[100 102.5 105] [5 5 3]" {
			t.Errorf("targets: got %s", got)
		}
		dips := c.do("POST", "/api/plan_exercises/add", map[string]any{"plan": planID, "exercise": "Dip",
			"targets": []any{map[string]any{"weight": 20, "reps": 10}}})
		if dips.status != 201 || dips.body["bodyweight"] != true || len(dips.body["targetWeight"].([]any)) != 1 ||
			dips.body["targetWeight"].([]any)[0] != nil {
			t.Fatalf("add bodyweight: %d %s", dips.status, dips.raw)
		}
		run := c.do("POST", "/api/plan_exercises/add-cardio", map[string]any{"plan": planID, "exercise": "Running",
			"targets": []any{map[string]any{"distance": 5.126, "unit": "km", "minutes": 25, "seconds": 30}}})
		if run.status != 201 || run.body["cardio"] != true || fmt.Sprint(run.body["targetDistance"]) != "[5.13]" || run.str("unit") != "km" {
			t.Fatalf("add cardio: %d %s", run.status, run.raw)
		}

		// Edit: the third row removed; the answer is the exercise as stored.
		edit := c.do("POST", "/api/plan_exercises/add", map[string]any{"id": bench.str("id"), "exercise": "Front Squat",
			"targets": []any{map[string]any{"weight": 100, "reps": 5}, map[string]any{"weight": 102.5, "reps": 5}}})
		if edit.status != 200 || edit.body["setCount"] != float64(2) {
			t.Fatalf("edit strength: %d %s", edit.status, edit.raw)
		}

		list := c.do("GET", "/api/plan_exercises/list/"+planID, nil)
		var names []string
		for _, m := range members(list) {
			names = append(names, fmt.Sprint(m["name"]))
		}
		if list.status != 200 || !slices.Equal(names, []string{"Front Squat", "Dip", "Running"}) {
			t.Fatalf("plan exercises: %d %v", list.status, names)
		}
		plan := c.do("GET", "/api/plans/"+planID, nil)
		if got := texts(plan.body["exercises"]); !slices.Equal(got, []string{"Front Squat", "Dip", "Running"}) {
			t.Errorf("plan exercises: got %v", got)
		}
		groups := texts(plan.body["muscleGroups"])
		unused := c.do("GET", "/api/plans/"+planID+"/unused-muscle-groups", nil)
		if unused.status != 200 || len(members(unused))+len(groups) != 16 {
			t.Fatalf("unused muscle groups: %d, %d used: %s", unused.status, len(groups), unused.raw)
		}
		for _, m := range members(unused) {
			if slices.Contains(groups, fmt.Sprint(m["name"])) {
				t.Errorf("%s is in the plan and unused", m["name"])
			}
			if m["name"] == "Biceps" && !slices.Contains(texts(m["exercises"]), "Barbell Curl") {
				t.Errorf("Biceps would be covered by: got %v", m["exercises"])
			}
		}

		// Violations per field and row, all at once.
		bad := c.do("POST", "/api/plan_exercises/add", map[string]any{"plan": planID, "exercise": "Front Squat",
			"targets": []any{map[string]any{"weight": 100, "reps": 5}, map[string]any{"weight": "abc", "reps": 5.5}}})
		if bad.status != 422 || bad.violation("weight_2") == "" || bad.violation("reps_2") == "" || bad.violation("weight_1") != "" {
			t.Errorf("bad rows: %d %s", bad.status, bad.raw)
		}
		badCardio := c.do("POST", "/api/plan_exercises/add-cardio", map[string]any{"plan": planID, "exercise": "Running",
			"targets": []any{map[string]any{"unit": "yd", "seconds": 60}}})
		if badCardio.status != 422 || badCardio.violation("unit_1") == "" || badCardio.violation("seconds_1") == "" {
			t.Errorf("bad cardio rows: %d %s", badCardio.status, badCardio.raw)
		}
		noName := c.do("POST", "/api/plans/add", map[string]any{"name": "", "notes": 7})
		if noName.status != 422 || noName.violation("name") == "" || noName.violation("notes") == "" {
			t.Errorf("plan without a name: %d %s", noName.status, noName.raw)
		}
		noRows := c.do("POST", "/api/plan_exercises/add", map[string]any{"plan": planID, "exercise": "Dip"})
		if noRows.status != 422 || noRows.violation("targets") == "" {
			t.Errorf("exercise without targets: %d %s", noRows.status, noRows.raw)
		}

		renamed := c.do("PUT", "/api/plans/edit", map[string]any{"id": planID, "name": "Push B", "notes": ""})
		if renamed.status != 200 || renamed.str("name") != "Push B" || renamed.str("notes") != "" {
			t.Errorf("edit plan: %d %s", renamed.status, renamed.raw)
		}

		if res := c.do("DELETE", "/api/plan_exercises/"+dips.str("id"), nil); res.status != 204 {
			t.Errorf("delete plan exercise: %d %s", res.status, res.raw)
		}
		if res := c.do("GET", "/api/plan_exercises/"+dips.str("id"), nil); res.status != 404 {
			t.Errorf("deleted plan exercise: %d", res.status)
		}
		if got := texts(c.do("GET", "/api/plans/"+planID, nil).body["exercises"]); !slices.Equal(got, []string{"Front Squat", "Running"}) {
			t.Errorf("after a delete, plan exercises: got %v", got)
		}

		// Paging by 9, newest first; the grid unpaged.
		for i := range 9 {
			c.do("POST", "/api/plans/add", map[string]any{"name": fmt.Sprintf("Plan %d", i)})
		}
		page1 := c.do("GET", "/api/plans/list", nil)
		page2 := c.do("GET", "/api/plans/list?page=2", nil)
		if page1.body["hydra:totalItems"] != float64(10) || len(members(page1)) != 9 || len(members(page2)) != 1 ||
			members(page2)[0]["id"] != planID {
			t.Errorf("pages: %s / %s", page1.raw, page2.raw)
		}
		if all := c.do("GET", "/api/plans/all", nil); len(members(all)) != 10 {
			t.Errorf("grid: %d plans", len(members(all)))
		}
		for _, q := range []string{"user.displayName=someone", "userFilter=someone"} {
			if other := c.do("GET", "/api/plans/list?"+q, nil); other.status != 403 {
				t.Errorf("the filter naming someone who is not a client: got %d %s, want 403", other.status, other.raw)
			}
		}

		if res := c.do("DELETE", "/api/plans/"+planID, nil); res.status != 204 {
			t.Fatalf("delete plan: %d %s", res.status, res.raw)
		}
		for _, path := range []string{"/api/plans/" + planID, "/api/plan_exercises/" + bench.str("id"), "/api/plan_exercises/list/" + planID} {
			if res := c.do("GET", path, nil); res.status != 404 {
				t.Errorf("GET %s after the plan's delete: %d", path, res.status)
			}
		}
		e.checkReadModels(t)
	})
}

// A retried add (same Idempotency-Key) makes one plan and one exercise.
func TestPlanAddIsIdempotent(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "retry@example.com")
		first := c.do("POST", "/api/plans/add", map[string]any{"name": "Legs"}, "Idempotency-Key", "k1")
		again := c.do("POST", "/api/plans/add", map[string]any{"name": "Legs"}, "Idempotency-Key", "k1")
		if first.status != 201 || again.str("id") != first.str("id") {
			t.Fatalf("retried add: %d %s / %d %s", first.status, first.raw, again.status, again.raw)
		}
		body := map[string]any{"plan": first.str("id"), "exercise": "Dip", "targets": []any{map[string]any{"reps": 8}}}
		x1 := c.do("POST", "/api/plan_exercises/add", body, "Idempotency-Key", "k2")
		x2 := c.do("POST", "/api/plan_exercises/add", body, "Idempotency-Key", "k2")
		if x1.status != 201 || x2.str("id") != x1.str("id") {
			t.Fatalf("retried exercise add: %d %s / %d %s", x1.status, x1.raw, x2.status, x2.raw)
		}
		if n := len(members(c.do("GET", "/api/plans/all", nil))); n != 1 {
			t.Errorf("plans: got %d, want 1", n)
		}
		if n := len(members(c.do("GET", "/api/plan_exercises/list/"+first.str("id"), nil))); n != 1 {
			t.Errorf("plan exercises: got %d, want 1", n)
		}
	})
}
