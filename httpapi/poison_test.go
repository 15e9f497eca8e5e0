package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// appendUnchecked stores an event the way the store did before it refused NUL and invalid
// UTF-8, and before set ids were scoped to their workout: straight into the table.
func (e *env) appendUnchecked(t *testing.T, stream, eventType string, data []byte) {
	t.Helper()
	ctx := context.Background()
	evs, err := e.store.ReadStream(ctx, stream, 1)
	if err != nil {
		t.Fatal(err)
	}
	version := int64(len(evs)) + 1
	switch e.dialect {
	case projections.SQLite:
		_, err = e.db.ExecContext(ctx, `INSERT INTO eventstore_events (id, stream, version, type, data, actor_id, command_id,
			correlation_id, causation_id, recorded_at) VALUES ($1, $2, $3, $4, $5, '', '', '', '', 0)`,
			uuid.NewString(), stream, version, eventType, string(data))
	case projections.Postgres:
		if _, err = e.db.ExecContext(ctx, `INSERT INTO eventstore_streams (name, version) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET version = excluded.version`, stream, version); err == nil {
			_, err = e.db.ExecContext(ctx, `WITH c AS (UPDATE eventstore_counter SET position = position + 1 RETURNING position)
				INSERT INTO eventstore_events (position, id, stream, version, type, data, actor_id, command_id, correlation_id,
				causation_id, recorded_at) SELECT c.position, $1, $2, $3, $4, $5, '', '', '', '', now() FROM c`,
				uuid.NewString(), stream, version, eventType, string(data))
		}
	}
	if err != nil {
		t.Fatalf("store %s in %s: %v", eventType, stream, err)
	}
}

// storedEvent returns the data of the first event of eventType in stream, decoded to a map.
func (e *env) storedEvent(t *testing.T, stream, eventType string) map[string]any {
	t.Helper()
	evs, err := e.store.ReadStream(context.Background(), stream, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		if ev.Type == eventType {
			var m map[string]any
			if err := json.Unmarshal(ev.Data, &m); err != nil {
				t.Fatal(err)
			}
			return m
		}
	}
	t.Fatalf("no %s in %s", eventType, stream)
	return nil
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A log that holds the poison events of issue #10's reproductions, stored before the fixes
// (a set id logged into a second workout; NUL in a name; invalid UTF-8 where the backend took
// it), is applied live and rebuilt cleanly: the log is never rewritten, the projectors read
// it through the repair and apply a set id once.
func TestPoisonEventsStoredBeforeTheFixApplyAndRebuild(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, userID := e.signUp(t, "poison@example.com")
		w1 := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"}).str("id")
		w2 := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-20",
			"startTime": "08:00", "finishTime": "09:00", "name": "Yesterday"}).str("id")
		s1 := addSet(c, w1, map[string]any{"exercise": "Squat", "weight": 100, "reps": 5})

		// 1. The same set id logged into w2, as a reused Idempotency-Key did.
		logged := e.storedEvent(t, "workout-"+w1, workout.TypeSetLogged)
		logged["workoutId"] = w2
		e.appendUnchecked(t, "workout-"+w2, workout.TypeSetLogged, mustJSON(t, logged))
		done := map[string]any{"workoutId": w2, "userId": userID, "setId": s1.str("id"), "rpe": 7, "doneAt": "2026-11-21T10:00:00Z"}
		e.appendUnchecked(t, "workout-"+w2, workout.TypeSetMarkedDone, mustJSON(t, done))

		// 2. NUL in a registration's first name, and in a workout's name.
		reg := e.storedEvent(t, "user-"+userID, account.TypeUserRegistered)
		eve := uuid.NewString()
		reg["userId"], reg["email"], reg["firstName"] = eve, "eve@example.com", "Eve\u0000"
		e.appendUnchecked(t, "user-"+eve, account.TypeUserRegistered, mustJSON(t, reg))
		started := e.storedEvent(t, "workout-"+w1, workout.TypeWorkoutStarted)
		w3 := uuid.NewString()
		started["workoutId"], started["name"] = w3, "N\u0000"
		e.appendUnchecked(t, "workout-"+w3, workout.TypeWorkoutStarted, mustJSON(t, started))
		if e.dialect == projections.SQLite { // PostgreSQL's json column never took invalid UTF-8
			w4 := uuid.NewString()
			started["workoutId"], started["name"] = w4, "BAD"
			e.appendUnchecked(t, "workout-"+w4, workout.TypeWorkoutStarted,
				[]byte(strings.Replace(string(mustJSON(t, started)), "BAD", "N\xff", 1)))
		}

		e.checkReadModels(t)
		if sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+w1, nil)); len(sets) != 1 || sets[0]["rpe"] != nil {
			t.Errorf("sets of w1: got %v, want the one set, untouched by w2's events", sets)
		}
		if sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+w2, nil)); len(sets) != 0 {
			t.Errorf("sets of w2: got %v, want none (the id is w1's set)", sets)
		}
		if got := c.mustStatus(200, "GET", "/api/sessions/"+w3, nil).str("name"); got != "N" {
			t.Errorf("workout named with a NUL: got %q, want %q", got, "N")
		}
		var first string
		if err := e.db.QueryRow(`SELECT first_name FROM users WHERE id = $1`, eve).Scan(&first); err != nil || first != "Eve" {
			t.Errorf("registration with a NUL: got %q, %v, want Eve", first, err)
		}
		// And the app goes on: a new user signs up, a workout starts.
		e.signUp(t, "after@example.com")
		c.mustStatus(http.StatusOK, "PUT", "/api/sessions/edit", map[string]any{"id": w1, "date": "2026-11-21",
			"startTime": "09:30", "finishTime": "10:30", "name": "Legs"})
		c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "11:00"})
	})
}

// Closing an account while the ownership read model has stopped would erase from a list that
// misses streams: the closing waits, and nothing is erased, until it runs again. The answer
// says the closing was begun and will be finished (202), and the session ends.
func TestClosingWaitsWhileOwnershipIsStopped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, userID := e.signUp(t, "stopped@example.com")
	e.appendUnchecked(t, "mystery-1", "test.unknown_to_this_build.v1", []byte(`{"userId":"`+userID+`"}`))
	res := c.do("POST", "/api/users/delete", map[string]any{"userId": userID, "accountClose": true})
	if res.status != http.StatusAccepted || res.body["closing"] != true {
		t.Fatalf("close with ownership stopped: got %d %s, want 202 closing", res.status, res.raw)
	}
	c.mustStatus(http.StatusUnauthorized, "GET", "/api/users/user/me", nil)
	if got := login(e.client(t), "stopped@example.com", "Secret123"); got != http.StatusOK {
		t.Errorf("sign in while the closing waits: got %d, want the account still there", got)
	}
}
