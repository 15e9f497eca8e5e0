package httpapi_test

import (
	"net/http"
	"testing"
)

// TestMessagesANewUserMeets: the answers a new user got wrong in wave 1 (issue 10, item 8)
// now say what is wrong, on the field that is wrong.
func TestMessagesANewUserMeets(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "newcomer@example.com")
		past := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add",
			map[string]any{"date": "2026-11-18", "startTime": "09:30", "finishTime": "10:35"})
		id := past.str("id")
		set := addSet(c, id, map[string]any{"exercise": "Barbell Back Squat", "weight": 100, "reps": 5})
		const tooLong = "A workout can last at most 6 hours: please check the start and finish times."

		for _, tc := range []struct {
			method, path string
			body         map[string]any
			field, msg   string
		}{
			{"PUT", "/api/sessions/edit", map[string]any{"id": id, "startTime": "09:30", "finishTime": "08:22"}, "finishTime", tooLong},
			{"POST", "/api/sessions/add", map[string]any{"date": "2026-11-19", "startTime": "18:00", "finishTime": "17:00"}, "finishTime", tooLong},
			{"PUT", "/api/exercise_logs/done", map[string]any{"rpe": 8}, "id", "Please choose a set."},
			{"POST", "/api/exercise_logs/add", map[string]any{"session": id, "exercise": "Squat", "weight": 100, "reps": 2.5}, "reps", "Please enter whole reps from 1 to 1000."},
			{"PUT", "/api/users/edit", map[string]any{"firstName": "Ada", "surname": "L", "dateOfBirth": "01/01/2099"}, "dateOfBirth", "Date of birth cannot be in the future."},
		} {
			if res := c.do(tc.method, tc.path, tc.body); res.status != 422 || res.violation(tc.field) != tc.msg {
				t.Errorf("%s %s %v: got %d %s, want 422 %q on %s", tc.method, tc.path, tc.body, res.status, res.raw, tc.msg, tc.field)
			}
		}

		overnight := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add",
			map[string]any{"date": "2026-11-19", "startTime": "22:30", "finishTime": "00:15"})
		if overnight.body["duration"] != 105.0 {
			t.Errorf("overnight workout: got %s, want a duration of 105 minutes", overnight.raw)
		}
		if got := c.mustStatus(200, "GET", "/api/sessions/"+id, nil); got.body["finishTime"] != "10:35" {
			t.Errorf("refused edit: got %s, want the finish time kept", got.raw)
		}
		if done := c.mustStatus(200, "PUT", "/api/exercise_logs/done", map[string]any{"id": set.str("id"), "rpe": 8}); done.body["rpe"] != 8.0 {
			t.Errorf("done with an id: got %s", done.raw)
		}

		visitor := e.client(t)
		reg := registration("future@example.com")
		reg["dateOfBirth"] = "01/01/2099"
		if res := visitor.do("POST", "/api/users/register", reg); res.status != 422 || res.violation("dateOfBirth") != "Date of birth cannot be in the future." {
			t.Errorf("register born in 2099: got %d %s", res.status, res.raw)
		}
	})
}
