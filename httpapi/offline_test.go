package httpapi_test

import (
	"strings"
	"testing"

	"github.com/gymlog/gymlog/eventstore"
)

// A set logged offline gets its id on the device, from its Idempotency-Key, as the server will
// derive it (ui/src/features/workouts/offline/set-id.ts; its test holds the same figures): the
// id of a set logged with a key, strength or cardio, is the derivation's, and the derivation of
// fixed parts is the fixed id the UI's test expects.
func TestNewSetIDDerivesFromTheKey(t *testing.T) {
	t.Parallel()
	const workout, command = "0b5a6c1e-2f7d-4a3b-9c8e-1d2f3a4b5c6d", "c2f07e88-8c52-5df6-9261-06baec81fa30"
	if got := eventstore.DeriveID("command", "POST /api/exercise_logs/add", "key-1"); got != command {
		t.Errorf("command id: got %s, want %s", got, command)
	}
	if got, want := eventstore.DeriveID("set", workout, command), "e817eb8b-9277-57d7-a0d7-b4f0c2ebfcf3"; got != want {
		t.Errorf("set id: got %s, want %s", got, want)
	}
	backends(t, func(t *testing.T, e *env) {
		ada, _ := e.signUp(t, "ada@example.com")
		workout := ada.do("POST", "/api/sessions/start", map[string]any{"name": "Legs"}).str("id")
		for _, tc := range []struct{ route, key string }{
			{"/api/exercise_logs/add", "strength-key"},
			{"/api/exercise_logs/add-cardio", "cardio-key"},
		} {
			body := map[string]any{"session": workout, "exercise": "Squat", "weight": 100, "reps": 5}
			if strings.HasSuffix(tc.route, "cardio") {
				body = map[string]any{"session": workout, "exercise": "Running", "distance": 5, "unit": "km", "minutes": 25}
			}
			res := ada.do("POST", tc.route, body, "Idempotency-Key", tc.key)
			want := eventstore.DeriveID("set", workout, eventstore.DeriveID("command", "POST "+tc.route, tc.key))
			if res.status != 201 || res.str("id") != want {
				t.Errorf("POST %s: got %d id %q, want 201 id %s", tc.route, res.status, res.str("id"), want)
			}
		}
	})
}
