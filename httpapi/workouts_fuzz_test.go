package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fuzzWorkoutDecoder sends arbitrary bodies to one endpoint of the workout or plan areas as a
// verified user with a workout in progress, a set, a plan and a plan exercise ({session},
// {set}, {plan} and {planExercise} in a seed are replaced by their ids); whatever arrives, the
// answer is never a 500.
func fuzzWorkoutDecoder(f *testing.F, method, path string, seeds ...string) {
	e := newEnv(f, "sqlite")
	c, _ := e.signUp(f, "fuzz-workouts@example.com")
	session := c.do("POST", "/api/sessions/start", map[string]any{}).str("id")
	set := c.do("POST", "/api/exercise_logs/add", map[string]any{"session": session, "exercise": "Dip", "reps": 5}).str("id")
	plan := c.do("POST", "/api/plans/add", map[string]any{"name": "Push"}).str("id")
	planExercise := c.do("POST", "/api/plan_exercises/add", map[string]any{"plan": plan, "exercise": "Dip",
		"targets": []any{map[string]any{"reps": 5}}}).str("id")
	fill := strings.NewReplacer("{session}", session, "{set}", set, "{plan}", plan, "{planExercise}", planExercise)
	fuzzBodies(f, e, c, method, path, fill, seeds)
}

// fuzzBodies seeds the fuzzer with seeds (filled in by fill) and sends every body it makes to
// method path as c, signed in on e: whatever arrives, the answer is never a 500.
func fuzzBodies(f *testing.F, e *env, c *client, method, path string, fill *strings.Replacer, seeds []string) {
	cookie := ""
	for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
		cookie = ck.Name + "=" + ck.Value
	}
	for _, s := range seeds {
		f.Add(fill.Replace(s))
	}
	path = fill.Replace(path)
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Cookie", cookie)
		rec := httptest.NewRecorder()
		e.api.ServeHTTP(rec, req)
		if rec.Code >= http.StatusInternalServerError {
			t.Errorf("body %q: got %d %s", body, rec.Code, rec.Body.String())
		}
	})
}

func FuzzStartWorkout(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/sessions/start", `{"startTime":"09:30"}`, `{"date":"2026-02-30","startTime":"24:61"}`, `[]`, `null`)
}

func FuzzStartFromWorkout(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/sessions/start/from-session", `{"id":"{session}","plusWeight":2.5,"plusReps":1}`,
		`{"id":"{session}","plusWeight":"NaN","plusReps":1e308}`, `{"id":1}`)
}

func FuzzAddPastWorkout(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/sessions/add", `{"date":"2026-11-01","startTime":"08:00","finishTime":"07:00","name":"x"}`,
		`{"date":{},"startTime":[]}`, `{"date":"2026-11-01","startTime":"08:00","finishTime":"09:00","notes":"a\r\nb\tc"}`,
		`{"notes":["x"]}`)
}

func FuzzEditWorkout(f *testing.F) {
	fuzzWorkoutDecoder(f, "PUT", "/api/sessions/edit", `{"id":"{session}","finishTime":"10:00"}`, `{"id":"{session}","name":null,"date":""}`,
		`{"id":"nope"}`, `{"id":"{session}","notes":"x\ny\u0000"}`, `{"id":"{session}","notes":null}`)
}

func FuzzAddSet(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/exercise_logs/add", `{"session":"{session}","exercise":"Squat","weight":100,"reps":5,"rpe":8}`,
		`{"session":"{session}","id":"{set}","exercise":"Dip","reps":"7"}`, `{"session":"{session}","weight":"1e400","reps":-1,"category":"cardio"}`,
		`{"session":"{session}","id":"{set}","exercise":"Dip","reps":5,"note":"seat at 4\r\n\u001b"}`, `{"note":{}}`)
}

func FuzzAddCardio(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/exercise_logs/add-cardio", `{"session":"{session}","exercise":"Running","distance":5,"unit":"km","minutes":20,"seconds":5}`,
		`{"session":"{session}","id":"{set}","exercise":"Running"}`, `{"distance":"abc","unit":7}`,
		`{"session":"{session}","exercise":"Running","minutes":20,"note":"hills\n\ud800"}`)
}

func FuzzMarkSetDone(f *testing.F) {
	fuzzWorkoutDecoder(f, "PUT", "/api/exercise_logs/done", `{"id":"{set}","rpe":8}`, `{"id":"{set}","rpe":0.5}`, `{"id":null}`)
}

func FuzzChooseMuscleGroups(f *testing.F) {
	fuzzWorkoutDecoder(f, "PUT", "/api/exercise_details/edit", `{"exercise":"Dip","muscleGroups":[1,2]}`,
		`{"exercise":"Landmine","muscleGroups":[1e300]}`, `{"muscleGroups":"1"}`)
}
