package httpapi_test

import (
	"net/http"
	"testing"
)

// failedProjections lists the read models that stopped on a failing event.
func (e *env) failedProjections(t *testing.T) []string {
	t.Helper()
	rows, err := e.db.Query(`SELECT name FROM projection_checkpoints WHERE failed_position IS NOT NULL`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	return names
}

// The first reproduction of issue #10: an Idempotency-Key reused for a set in another
// workout stored a second event with the first set's id, which stopped the workouts read
// model for everyone. The key is scoped to the workout now: each workout gets its set.
func TestIdempotencyKeyReusedInAnotherWorkout(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "reuse@example.com")
		w1 := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"}).str("id")
		w2 := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-20",
			"startTime": "08:00", "finishTime": "09:00", "name": "Yesterday"}).str("id")
		body := map[string]any{"exercise": "Squat", "weight": 100, "reps": 5}
		s1 := c.mustStatus(http.StatusCreated, "POST", "/api/exercise_logs/add", with(body, "session", w1), "Idempotency-Key", "K")
		s2 := c.mustStatus(http.StatusCreated, "POST", "/api/exercise_logs/add", with(body, "session", w2), "Idempotency-Key", "K")
		if s1.str("id") == s2.str("id") || s2.str("workoutId") == w1 {
			t.Errorf("same key in two workouts: got %s then %s, want two sets", s1.raw, s2.raw)
		}
		for _, w := range []string{w1, w2} {
			if got := len(members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+w, nil))); got != 1 {
				t.Errorf("sets of %s: got %d, want 1", w, got)
			}
		}
		// The same key, workout and request again is a retry: the same set.
		if again := c.mustStatus(http.StatusCreated, "POST", "/api/exercise_logs/add", with(body, "session", w2), "Idempotency-Key", "K"); again.str("id") != s2.str("id") {
			t.Errorf("retry: got %s, want %s", again.str("id"), s2.str("id"))
		}
		// The same key, workout and operation for a different set is no retry: refused.
		other := c.do("POST", "/api/exercise_logs/add", with(with(body, "session", w2), "reps", 6), "Idempotency-Key", "K")
		if other.status != http.StatusUnprocessableEntity || other.violation("Idempotency-Key") != "This Idempotency-Key was already used for a different request." {
			t.Errorf("same key, different set: got %d %s, want 422 naming the key", other.status, other.raw)
		}
		// A new workout still starts: the read model is running.
		c.mustStatus(http.StatusOK, "PUT", "/api/sessions/edit", map[string]any{"id": w1, "date": "2026-11-21",
			"startTime": "09:30", "finishTime": "10:30", "name": "Legs"})
		c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "11:00"})
		if failed := e.failedProjections(t); len(failed) != 0 {
			t.Errorf("failed read models: %v", failed)
		}
	})
}

// The same key for a weight and then a size answered the size with the weight's result
// (404, nothing stored): keys are scoped to the operation.
func TestIdempotencyKeyReusedForAnotherOperation(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ops@example.com")
		c.mustStatus(http.StatusCreated, "POST", "/api/weights/add", map[string]any{"weight": 80}, "Idempotency-Key", "K")
		size := c.mustStatus(http.StatusCreated, "POST", "/api/sizes/add", map[string]any{"measurement": 90, "category": "Waist"},
			"Idempotency-Key", "K")
		if size.body["measurement"] != 90.0 {
			t.Errorf("size: got %s", size.raw)
		}
		if got := c.mustStatus(200, "GET", "/api/sizes/list?category=Waist", nil).body["hydra:totalItems"]; got != 1.0 {
			t.Errorf("sizes: got %v, want 1", got)
		}
		// The same key and operation for another weight is no retry: refused (a stream read
		// afresh, where the workout above went through the aggregate cache).
		other := c.do("POST", "/api/weights/add", map[string]any{"weight": 81}, "Idempotency-Key", "K")
		if other.status != http.StatusUnprocessableEntity || other.violation("Idempotency-Key") == "" {
			t.Errorf("same key, another weight: got %d %s, want 422 naming the key", other.status, other.raw)
		}
	})
}

// The second reproduction: NUL and other control characters, and invalid UTF-8, are refused
// at the boundary with a 422 naming the field, alike on both backends; in a path or query
// they are a 404 or 400, never a 500.
func TestTextThatCannotBeStoredIsRefused(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		anon := e.client(t)
		reg := registration("eve@example.com")
		reg["firstName"] = "Eve\u0000"
		if res := anon.do("POST", "/api/users/register", reg); res.status != 422 || res.violation("firstName") != "This value contains characters that are not allowed." {
			t.Errorf("register with a NUL: got %d %s", res.status, res.raw)
		}
		bad := `{"email":"eve2@example.com","firstName":"Ev` + "\xff" + `e"}`
		if res := anon.do("POST", "/api/users/register", bad); res.status != 422 || res.violation("firstName") != "This value contains characters that are not allowed." {
			t.Errorf("register with invalid UTF-8: got %d %s", res.status, res.raw)
		}
		c, _ := e.signUp(t, "eve@example.com")
		for _, name := range []string{"N\u0000", "Tab\tname", "Bell\u0007", "C1\u0085", `lone \ud800`} {
			body := `{"startTime":"09:30","name":` + quote(name) + `}`
			if res := c.do("POST", "/api/sessions/start", body); res.status != 422 || res.violation("name") == "" {
				t.Errorf("workout named %q: got %d %s, want 422 on name", name, res.status, res.raw)
			}
		}
		w := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30", "name": "Ünïcødé 🏋️"}).str("id")
		for _, path := range []string{"/api/sessions/" + w + "%00", "/api/weights/%00", "/api/sizes/x%01", "/api/exercises/Squat%00",
			"/api/exercises/suggested/%ff"} {
			if res := c.do("GET", path, nil); res.status != http.StatusNotFound {
				t.Errorf("GET %s: got %d %s, want 404", path, res.status, res.raw)
			}
		}
		for _, path := range []string{"/api/sessions/list?q=" + w + "%00", "/api/sessions/list?page=1%00", "/api/weights/list?x%00=1"} {
			if res := c.do("GET", path, nil); res.status != http.StatusBadRequest {
				t.Errorf("GET %s: got %d %s, want 400", path, res.status, res.raw)
			}
		}
		if failed := e.failedProjections(t); len(failed) != 0 {
			t.Errorf("failed read models: %v", failed)
		}
	})
}

func with(body map[string]any, key string, value any) map[string]any {
	out := map[string]any{key: value}
	for k, v := range body {
		if k != key {
			out[k] = v
		}
	}
	return out
}

// quote writes s as a JSON string, keeping a \u escape given in s as it is.
func quote(s string) string {
	out := []byte{'"'}
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x85:
			out = append(out, []byte(`\u`+string("0123456789abcdef"[r>>12&15])+string("0123456789abcdef"[r>>8&15])+
				string("0123456789abcdef"[r>>4&15])+string("0123456789abcdef"[r&15]))...)
		case r == '"':
			out = append(out, '\\', '"')
		default:
			out = append(out, string(r)...)
		}
	}
	return string(append(out, '"'))
}
