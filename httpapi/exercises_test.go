package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestExerciseCatalogue(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "catalogue@example.com")
		other, _ := e.signUp(t, "catalogue-other@example.com")
		for _, u := range []*client{c, other} {
			id := u.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{}).str("id")
			addSet(u, id, map[string]any{"exercise": "Landmine  Row", "weight": 40, "reps": 10})
		}
		other.mustStatus(200, "PUT", "/api/exercise_details/edit", map[string]any{"exercise": "landmine row", "muscleGroups": []int{5, 10}})

		list := c.mustStatus(200, "GET", "/api/exercise_details/list", nil)
		outer := list.body["hydra:member"].([]any)
		all := outer[0].([]any)
		if len(all) < 101 {
			t.Fatalf("catalogue: got %d exercises, want at least 100 built-ins and the custom one", len(all))
		}
		last := all[len(all)-1].(map[string]any)
		if last["name"] != "Landmine Row" || last["custom"] != true || last["unknown"] != true || last["disabled"] != false {
			t.Errorf("custom exercise last: got %v", last)
		}
		first := all[0].(map[string]any)
		if first["custom"] != false || first["disabled"] != true || first["category"] != "Free weights" {
			t.Errorf("first built-in: got %v", first)
		}

		tip := c.mustStatus(200, "GET", "/api/exercise_details/suggested/Landmine%20Row", nil)
		if ids, _ := tip.body["muscleGroupIds"].([]any); len(ids) != 2 || ids[0] != 5.0 {
			t.Errorf("TIP: got %s", tip.raw)
		}
		if res := c.do("PUT", "/api/exercise_details/edit", map[string]any{"exercise": "Landmine Row", "muscleGroups": []any{5, "x"}}); res.status != 422 || res.violation("muscleGroups") == "" {
			t.Errorf("a group that is no number: got %d %s", res.status, res.raw)
		}
		detail := c.mustStatus(200, "PUT", "/api/exercise_details/edit", map[string]any{"exercise": "Landmine Row", "muscleGroups": []int{5, 4}})
		if detail.body["upper"] != true || detail.body["lower"] != true || detail.body["unknown"] != false {
			t.Errorf("edited: got %s", detail.raw)
		}
		if got := c.mustStatus(200, "GET", "/api/exercise_details/Landmine%20Row", nil); got.body["disabled"] != false || len(got.body["muscleGroupIds"].([]any)) != 2 {
			t.Errorf("detail: got %s", got.raw)
		}
		if res := c.do("PUT", "/api/exercise_details/edit", map[string]any{"exercise": "Deadlift", "muscleGroups": []int{1}}); res.status != 422 || res.violation("exercise") == "" {
			t.Errorf("built-in locked: got %d %s", res.status, res.raw)
		}
		if res := c.do("PUT", "/api/exercise_details/edit", map[string]any{"exercise": "Landmine Row", "muscleGroups": []int{99}}); res.status != 422 {
			t.Errorf("unknown group: got %d %s", res.status, res.raw)
		}
		c.mustStatus(http.StatusNotFound, "GET", "/api/exercise_details/Never%20Logged", nil)
		if d := c.mustStatus(200, "GET", "/api/exercise_details/deadlift", nil); d.str("name") != "Deadlift" || d.body["disabled"] != true {
			t.Errorf("built-in detail: got %s", d.raw)
		}

		groups := members(c.mustStatus(200, "GET", "/api/muscle-groups/list", nil))
		lower := map[float64]bool{}
		for _, g := range groups {
			if g["category"] == "Lower body" {
				lower[g["id"].(float64)] = true
			}
		}
		for _, id := range []float64{6, 8, 7, 4, 12, 3, 2, 13} {
			if !lower[id] {
				t.Errorf("muscle group %v: missing or not Lower body in %v", id, groups)
			}
		}
	})
}

// TestClosingAnAccountErasesWorkouts: after closing, nothing of the user's workouts, sets,
// bests or custom exercises is left in any table.
func TestClosingAnAccountErasesWorkouts(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, id := e.signUp(t, "closing-lifter@example.com")
		w := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"name": "Quixotic Session"}).str("id")
		addSet(c, w, map[string]any{"exercise": "Zorblax Row", "weight": 40, "reps": 10, "rpe": 7})
		c.mustStatus(200, "PUT", "/api/exercise_details/edit", map[string]any{"exercise": "Zorblax Row", "muscleGroups": []int{5}})
		before := e.dump(t)
		for _, s := range []string{"zorblax", "quixotic", w} {
			if !strings.Contains(before, s) {
				t.Fatalf("before closing, %q is not in the database: the test would prove nothing", s)
			}
		}
		c.mustStatus(200, "POST", "/api/users/delete", map[string]any{"userId": id, "accountClose": true})
		after := e.dump(t)
		for _, s := range []string{"zorblax", "quixotic", w} { // the user id stays only in the closed-<id> marker
			if strings.Contains(after, s) {
				for _, line := range strings.Split(after, "\n") {
					if strings.Contains(line, s) {
						t.Errorf("after closing, %q is still in the database: %s", s, line)
					}
				}
			}
		}
	})
}

// Another app's names are recognised as the import recognises them, so that a picker offers the
// catalogue's exercise before a custom one; a name no rule knows is recognised as nothing.
// Names with brackets read as written.
func TestRecognisedExercise(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "recognise@example.com")
	for name, want := range map[string]any{
		"Bench%20Press%20(Barbell)":   "Barbell Bench Press",
		"Lat%20Pulldown%20(Cable)":    "Lat Pulldown",
		"pull%20ups":                  "Pull-Up",
		"Underwater%20Basket%20Weave": nil,
	} {
		res := c.mustStatus(200, "GET", "/api/exercise_details/recognised/"+name, nil)
		if got := res.body["recognised"]; got != want {
			t.Errorf("%s (%v) recognised as %v, want %v", name, res.body["name"], got, want)
		}
	}
	// A name with brackets, escaped as a browser's encodeURIComponent leaves it, reads as
	// written on every route that takes a name.
	w := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-01", "startTime": "18:00", "finishTime": "19:00"}).str("id")
	addSet(c, w, map[string]any{"exercise": "Pull Up (Weighted)", "category": "free-weights", "weight": 10, "reps": 5})
	if got := c.mustStatus(200, "GET", "/api/exercise_details/Pull%20Up%20(Weighted)", nil).str("name"); got != "Pull Up (Weighted)" {
		t.Errorf("the exercise with brackets: %q", got)
	}
	if sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/snapshot/Pull%20Up%20(Weighted)/current/"+w, nil)); len(sets) != 1 {
		t.Errorf("its sets in the workout: %v", sets)
	}
}

// The exercises a user logged most recently come first, each once (whatever case a set
// named it in), cardio marked, with their set counts; then the most used of the others;
// another user's are not theirs.
func TestRecentExercises(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "recent@example.com")
		other, _ := e.signUp(t, "recent-other@example.com")
		old := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-01", "startTime": "18:00", "finishTime": "19:00"}).str("id")
		addSet(c, old, map[string]any{"exercise": "Barbell Squat", "weight": 100, "reps": 5})
		addSet(c, old, map[string]any{"exercise": "Barbell Bench Press", "weight": 60, "reps": 5})
		recent := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-10", "startTime": "18:00", "finishTime": "19:00"}).str("id")
		addSet(c, recent, map[string]any{"exercise": "barbell bench press", "weight": 62.5, "reps": 5})
		c.mustStatus(201, "POST", "/api/exercise_logs/add-cardio", map[string]any{"session": recent, "exercise": "Rowing", "distance": 2,
			"minutes": 8, "seconds": 0})
		mine := other.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-20", "startTime": "18:00", "finishTime": "19:00"}).str("id")
		addSet(other, mine, map[string]any{"exercise": "Deadlift", "weight": 140, "reps": 3})

		var got []string
		for _, m := range members(c.mustStatus(200, "GET", "/api/exercise_logs/recent", nil)) {
			got = append(got, fmt.Sprintf("%v %v %v", strings.ToLower(m["name"].(string)), m["cardio"], m["sets"]))
		}
		want := []string{"barbell bench press false 2", "rowing true 1", "barbell squat false 1"}
		if len(got) != 3 || !slices.Contains(got[:2], want[0]) || !slices.Contains(got[:2], want[1]) || got[2] != want[2] {
			t.Errorf("recent exercises: got %q, want %q (the two of 10/11 in either order)", got, want)
		}

		// Eight exercises logged since push the older ones out of the recent eight; the bench
		// press, the most used (two sets), still follows them, marked not recent.
		newer := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-15", "startTime": "18:00", "finishTime": "19:00"}).str("id")
		for i := range 8 {
			addSet(c, newer, map[string]any{"exercise": fmt.Sprintf("Curl %d", i), "weight": 10, "reps": 10})
		}
		got = nil
		for _, m := range members(c.mustStatus(200, "GET", "/api/exercise_logs/recent", nil)) {
			got = append(got, fmt.Sprintf("%v %v %v", strings.ToLower(m["name"].(string)), m["sets"], m["recent"]))
		}
		if len(got) != 11 || got[8] != "barbell bench press 2 false" {
			t.Fatalf("recent, then most used: got %q, want the eight curls, then barbell bench press 2 false and two more", got)
		}
		for i, g := range got {
			if curl := strings.HasPrefix(g, "curl ") && strings.HasSuffix(g, " 1 true"); curl != (i < 8) {
				t.Errorf("recent, then most used: got %q, want the eight curls (recent) first", got)
			}
		}
	})
}
