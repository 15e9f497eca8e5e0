package httpapi_test

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections/progress"
)

// progressPaths are every dashboard and progress call, as a new user's first load asks them.
var progressPaths = []string{"/api/sessions/chart-data", "/api/sessions/time/average-duration",
	"/api/sessions/time/average-week-count", "/api/sessions/time/days-since-last", "/api/muscle-groups/chart-data",
	"/api/weights/chart-data", "/api/exercise_logs/chart-enabled", "/api/exercise_logs/chart-data?name=Squat",
	"/api/exercise_logs/personal-bests", "/api/users/progress", "/api/sizes/chart-enabled", "/api/sizes/chart-data?category=Arms"}

// settle waits for the read models no command waits for (progress, or those named) to apply
// the store.
func (e *env) settle(t testing.TB, names ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	head, err := e.store.Head(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		names = []string{progress.Name}
	}
	if err := e.runner.WaitFor(ctx, head, names...); err != nil {
		t.Fatal(err)
	}
}

// tuple is a chart-data answer's hydra:member.
func tuple(r response) []any {
	list, _ := r.body["hydra:member"].([]any)
	return list
}

func TestProgressEmptyStates(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c := e.client(t)
		reg := registration("new@example.com")
		delete(reg, "weight")
		id := c.mustStatus(http.StatusCreated, "POST", "/api/users/register", reg).str("id")
		c.mustStatus(200, "POST", "/api/users/verify", map[string]any{"userId": id, "authCode": e.verificationCode(t, id)})
		empty := []any{[]any{}, []any{}, []any{}, []any{}, "Ada"}
		want := map[string]any{
			"/api/sessions/chart-data":                 []any{[]any{}, []any{}, []any{}, "Ada"},
			"/api/muscle-groups/chart-data":            []any{[]any{}, []any{}, "Ada"},
			"/api/weights/chart-data":                  empty,
			"/api/exercise_logs/chart-data?name=Squat": empty,
			"/api/sizes/chart-data?category=Arms":      empty,
			"/api/exercise_logs/chart-enabled":         []any{},
			"/api/sizes/chart-enabled":                 []any{},
			"/api/exercise_logs/personal-bests":        []any{"Ada", []any{}},
			"/api/users/progress":                      []any{"Ada", []any{}},
		}
		for path, w := range want {
			res := c.mustStatus(200, "GET", path, nil)
			if got := tuple(res); !reflect.DeepEqual(got, w) || res.body["@type"] != "hydra:Collection" {
				t.Errorf("%s: got %s, want members %v", path, res.raw, w)
			}
		}
		for path, field := range map[string]string{"/api/sessions/time/average-duration": "averageDuration",
			"/api/sessions/time/average-week-count": "averageWeekCount", "/api/sessions/time/days-since-last": "daysSinceLast"} {
			res := c.mustStatus(200, "GET", path, nil)
			if v, ok := res.body[field]; !ok || v != nil || res.body["name"] != "Ada" {
				t.Errorf("%s: got %s, want %s null", path, res.raw, field)
			}
		}
	})
}

func TestProgressFilterIsTheUsersOwn(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		other, _ := e.signUp(t, "bob@example.com")
		other.mustStatus(200, "PUT", "/api/users/edit", map[string]any{"firstName": "Bob", "surname": "B", "displayName": "Bobby"})
		for _, path := range progressPaths {
			sep := "?"
			if containsQuery(path) {
				sep = "&"
			}
			if res := c.do("GET", path+sep+"user.displayName=Bobby", nil); res.status != http.StatusForbidden {
				t.Errorf("%s for another user: got %d %s, want 403", path, res.status, res.raw)
			}
			if res := other.do("GET", path+sep+"user.displayName=Bobby", nil); res.status != http.StatusOK {
				t.Errorf("%s for oneself by name: got %d %s, want 200", path, res.status, res.raw)
			}
			if res := other.do("GET", path+sep+"user.displayName=", nil); res.status != http.StatusOK {
				t.Errorf("%s with an empty filter: got %d %s, want 200", path, res.status, res.raw)
			}
		}
		for _, bad := range []string{"/api/exercise_logs/chart-data", "/api/exercise_logs/chart-data?name=%20", "/api/sizes/chart-data?category=Toes"} {
			if res := c.do("GET", bad, nil); res.status != 422 {
				t.Errorf("%s: got %d %s, want 422", bad, res.status, res.raw)
			}
		}
	})
}

func containsQuery(path string) bool { return strings.Contains(path, "?") }

func TestProgressOfALifter(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com") // weighs 72.46 kg from registration, on 2026-11-21
		c.mustStatus(200, "PUT", "/api/users/time-zone", map[string]any{"timeZone": "Pacific/Auckland"})
		w1 := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-16", "startTime": "18:00", "finishTime": "19:10"}).str("id")
		w2 := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-19", "startTime": "18:00", "finishTime": "18:50"}).str("id")
		addSet(c, w1, map[string]any{"exercise": "Barbell Bench Press", "weight": 60, "reps": 5, "rpe": 7})
		addSet(c, w1, map[string]any{"exercise": "Barbell Bench Press", "weight": 62.5, "reps": 5, "rpe": 8})
		addSet(c, w1, map[string]any{"exercise": "Pull-Up", "reps": 8, "rpe": 8})
		best := addSet(c, w2, map[string]any{"exercise": "Barbell Bench Press", "weight": 65, "reps": 3, "rpe": 9}).str("id")
		c.mustStatus(201, "POST", "/api/weights/add", map[string]any{"date": "2026-11-01", "weight": 74})
		c.mustStatus(201, "POST", "/api/sizes/add", map[string]any{"date": "2026-11-01", "measurement": 35, "category": "Arms"})
		c.mustStatus(201, "POST", "/api/sizes/add", map[string]any{"date": "2026-11-20", "measurement": 35.5, "category": "Arms"})
		c.mustStatus(201, "POST", "/api/sizes/add", map[string]any{"date": "2026-11-20", "measurement": 80, "category": "Waist"})
		e.settle(t)

		if got := tuple(c.mustStatus(200, "GET", "/api/sessions/chart-data", nil)); !reflect.DeepEqual(got,
			[]any{[]any{"2026-11-16", "2026-11-19"}, []any{70.0, 50.0}, []any{60.0, 60.0}, "Ada"}) {
			t.Errorf("duration chart: got %v", got)
		}
		if got := c.mustStatus(200, "GET", "/api/sessions/time/average-duration", nil); got.body["averageDuration"] != 60.0 {
			t.Errorf("average duration: got %s", got.raw)
		}
		// 09:30 UTC on Saturday 21 November is 22:30 in Auckland: the same week, the 21st.
		if got := c.mustStatus(200, "GET", "/api/sessions/time/average-week-count", nil); got.body["averageWeekCount"] != 2.0 {
			t.Errorf("week count: got %s", got.raw)
		}
		if got := c.mustStatus(200, "GET", "/api/sessions/time/days-since-last", nil); got.body["daysSinceLast"] != 2.0 ||
			got.body["lastWorkoutDate"] != "2026-11-19" {
			t.Errorf("days since last: got %s", got.raw)
		}
		e.now = time.Date(2026, 11, 21, 11, 30, 0, 0, time.UTC) // 00:30 on Sunday the 22nd in Auckland
		if got := c.mustStatus(200, "GET", "/api/sessions/time/days-since-last", nil); got.body["daysSinceLast"] != 3.0 {
			t.Errorf("days since last past Auckland's midnight: got %s", got.raw)
		}
		e.now = time.Date(2026, 11, 22, 11, 30, 0, 0, time.UTC) // Monday the 23rd in Auckland: a second week
		if got := c.mustStatus(200, "GET", "/api/sessions/time/average-week-count", nil); got.body["averageWeekCount"] != 1.0 {
			t.Errorf("week count in a new week: got %s", got.raw)
		}

		muscles := tuple(c.mustStatus(200, "GET", "/api/muscle-groups/chart-data", nil))
		if len(muscles) != 3 || len(muscles[0].([]any)) == 0 || muscles[0].([]any)[0] != "Chest" || muscles[1].([]any)[0] != 3.0 {
			t.Errorf("muscle groups: got %v, want Chest first with 3 sets", muscles)
		}
		if got := tuple(c.mustStatus(200, "GET", "/api/exercise_logs/chart-enabled", nil)); !reflect.DeepEqual(got, []any{"Barbell Bench Press"}) {
			t.Errorf("repeated exercises: got %v", got)
		}
		if got := tuple(c.mustStatus(200, "GET", "/api/exercise_logs/chart-data?name=barbell%20bench%20press", nil)); !reflect.DeepEqual(got,
			[]any{[]any{"2026-11-16", "2026-11-19"}, []any{62.5, 65.0}, []any{63.75, 63.75}, []any{62.5, 65.0}, "Ada"}) {
			t.Errorf("bench chart: got %v", got)
		}
		if got := tuple(c.mustStatus(200, "GET", "/api/weights/chart-data", nil)); !reflect.DeepEqual(got,
			[]any{[]any{"2026-11-01", "2026-11-21"}, []any{74.0, 72.46}, []any{73.23, 73.23}, []any{74.0, 72.46}, "Ada"}) {
			t.Errorf("weight chart: got %v", got)
		}
		if got := tuple(c.mustStatus(200, "GET", "/api/sizes/chart-enabled", nil)); !reflect.DeepEqual(got, []any{"Arms"}) {
			t.Errorf("repeated sizes: got %v", got)
		}
		if got := tuple(c.mustStatus(200, "GET", "/api/sizes/chart-data?category=Arms", nil)); !reflect.DeepEqual(got[1], []any{35.0, 35.5}) {
			t.Errorf("arms chart: got %v", got)
		}

		pbs := tuple(c.mustStatus(200, "GET", "/api/exercise_logs/personal-bests", nil))
		wantBench := map[string]any{"@type": "ProgressMetric", "name": "Barbell Bench Press", "start": 60.0, "current": 65.0,
			"from": "2026-11-16", "to": "2026-11-19", "change": "up", "difference": 5.0, "unit": "kg", "set": best}
		if len(pbs) != 2 || pbs[0] != "Ada" || len(pbs[1].([]any)) != 2 || !reflect.DeepEqual(pbs[1].([]any)[0], wantBench) {
			t.Errorf("personal bests: got %v, want Bench Press first: %v", pbs, wantBench)
		}
		// The set that earned the best is deleted: the best moves to the one before it.
		c.mustStatus(204, "DELETE", "/api/exercise_logs/"+best, nil)
		pbs = tuple(c.mustStatus(200, "GET", "/api/exercise_logs/personal-bests", nil))
		for _, m := range pbs[1].([]any) {
			if m := m.(map[string]any); m["name"] == "Barbell Bench Press" && (m["current"] != 62.5 || m["to"] != "2026-11-16") {
				t.Errorf("best after deleting its set: got %v, want 62.5 on 2026-11-16", m)
			}
		}

		body := tuple(c.mustStatus(200, "GET", "/api/users/progress", nil))
		wantBody := []any{"Ada", []any{
			map[string]any{"@type": "ProgressMetric", "name": "Weight", "start": 74.0, "current": 72.46, "from": "2026-11-01",
				"to": "2026-11-21", "change": "down", "difference": -1.54, "unit": "kg"},
			map[string]any{"@type": "ProgressMetric", "name": "Arms", "start": 35.0, "current": 35.5, "from": "2026-11-01",
				"to": "2026-11-20", "change": "up", "difference": 0.5, "unit": "cm"}}}
		if !reflect.DeepEqual(body, wantBody) {
			t.Errorf("user progress: got %v, want %v", body, wantBody)
		}
	})
}
