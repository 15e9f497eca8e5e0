package httpapi_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

func members(r response) []map[string]any {
	list, _ := r.body["hydra:member"].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, m := range list {
		mm, _ := m.(map[string]any)
		out = append(out, mm)
	}
	return out
}

func (c *client) mustStatus(want int, method, path string, body any, headers ...string) response {
	c.t.Helper()
	res := c.do(method, path, body, headers...)
	if res.status != want {
		c.t.Fatalf("%s %s: got %d %s, want %d", method, path, res.status, res.raw, want)
	}
	return res
}

func addSet(c *client, session string, body map[string]any) response {
	c.t.Helper()
	body["session"] = session
	return c.mustStatus(http.StatusCreated, "POST", "/api/exercise_logs/add", body)
}

func TestWorkoutLogging(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "lifter@example.com")
		if res := c.mustStatus(200, "GET", "/api/sessions/unfinished", nil); res.raw != "{}\n" {
			t.Fatalf("unfinished with none: got %s, want {}", res.raw)
		}
		start := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"})
		id := start.str("id")
		if again := c.mustStatus(http.StatusOK, "POST", "/api/sessions/start", map[string]any{"startTime": "09:40"}); again.str("id") != id {
			t.Fatalf("second start: got %s, want the one in progress %s", again.str("id"), id)
		}
		if res := c.mustStatus(200, "GET", "/api/sessions/unfinished", nil); res.str("id") != id || res.str("start") != "2026-11-21T09:30" {
			t.Fatalf("unfinished: got %s", res.raw)
		}

		s1 := addSet(c, id, map[string]any{"exercise": "barbell bench press", "weight": "80", "reps": 5, "rpe": 8})
		if s1.body["pb"] != true || s1.body["setNumber"] != 1.0 || s1.body["done"] != true || s1.body["disabled"] != true ||
			s1.str("category") != "free-weights" || s1.body["weight"] != 80.0 {
			t.Errorf("first set: got %s", s1.raw)
		}
		s2 := addSet(c, id, map[string]any{"exercise": "Barbell Bench Press", "weight": 85, "reps": 5})
		if s2.body["done"] != false || s2.body["pb"] != false || s2.body["setNumber"] != 2.0 {
			t.Errorf("undone set: got %s", s2.raw)
		}
		done := c.mustStatus(200, "PUT", "/api/exercise_logs/done", map[string]any{"id": s2.str("id"), "rpe": 9})
		if done.body["pb"] != true || done.body["rpe"] != 9.0 || done.str("name") != "Barbell Bench Press" {
			t.Errorf("done: got %s", done.raw)
		}
		s3 := addSet(c, id, map[string]any{"exercise": "Barbell Bench Press", "weight": 82.499, "reps": "5", "rpe": 7})
		if s3.body["pb"] != false || s3.body["weight"] != 82.5 {
			t.Errorf("third set: got %s", s3.raw)
		}
		cardio := c.mustStatus(http.StatusCreated, "POST", "/api/exercise_logs/add-cardio", map[string]any{"session": id,
			"exercise": "Running", "distance": 5.126, "unit": "km", "minutes": 25, "seconds": "30", "rpe": 7})
		if cardio.body["distance"] != 5.13 || cardio.str("unit") != "km" || cardio.body["isCardio"] != true || cardio.body["weight"] != nil {
			t.Errorf("cardio: got %s", cardio.raw)
		}
		pull := addSet(c, id, map[string]any{"exercise": "Pull-Up", "reps": 10, "rpe": 8})
		if pull.body["isBodyweight"] != true || pull.body["pb"] != true || pull.body["weight"] != nil {
			t.Errorf("bodyweight: got %s", pull.raw)
		}
		addSet(c, id, map[string]any{"exercise": "Landmine Row", "weight": 40, "reps": 10})

		for _, tc := range []struct {
			path  string
			body  map[string]any
			field string
			msg   string
		}{
			{"/api/exercise_logs/add", map[string]any{"exercise": "Squat", "weight": "abc", "reps": 5}, "weight", "Please enter a number"},
			{"/api/exercise_logs/add", map[string]any{"exercise": "Squat", "weight": 100, "reps": 5.5}, "reps", "Please enter whole reps from 1 to 1000."},
			{"/api/exercise_logs/add", map[string]any{"exercise": "Squat", "weight": 100, "reps": 5, "rpe": 11}, "rpe", "Please choose an RPE from 1 to 10."},
			{"/api/exercise_logs/add", map[string]any{"exercise": "", "weight": 100, "reps": 5}, "exercise", "Please enter an exercise name."},
			{"/api/exercise_logs/add-cardio", map[string]any{"exercise": "Running", "unit": "yd"}, "unit", "Please choose km, m, mi or no unit."},
		} {
			tc.body["session"] = id
			if res := c.do("POST", tc.path, tc.body); res.status != 422 || res.violation(tc.field) != tc.msg {
				t.Errorf("%v: got %d %s, want 422 %q on %s", tc.body, res.status, res.raw, tc.msg, tc.field)
			}
		}

		list := c.mustStatus(200, "GET", "/api/exercise_logs/list/"+id, nil)
		if n := len(members(list)); n != 6 {
			t.Fatalf("list: got %d sets, want 6: %s", n, list.raw)
		}
		current := c.mustStatus(200, "GET", "/api/exercise_logs/snapshot/Barbell%20Bench%20Press/current/"+id, nil)
		if n := len(members(current)); n != 3 {
			t.Errorf("snapshot current: got %d sets, want 3", n)
		}
		if prev := c.mustStatus(200, "GET", "/api/exercise_logs/snapshot/Barbell%20Bench%20Press/previous/"+id, nil); len(members(prev)) != 0 {
			t.Errorf("snapshot previous before any: got %s", prev.raw)
		}

		share := c.mustStatus(200, "PUT", "/api/sessions/edit", map[string]any{"id": id, "finishTime": "10:35"})
		names, _ := share.body["exerciseNames"].([]any)
		if share.body["duration"] != 65.0 || len(names) != 3 || share.body["volume"] != 1237.5 || share.str("@type") != "SessionShare" {
			t.Errorf("finish: got %s", share.raw)
		}
		got := c.mustStatus(200, "GET", "/api/sessions/"+id, nil)
		if got.body["isFinished"] != true || got.body["finishTime"] != "10:35" || got.body["name"] != nil || got.body["allDone"] != true || got.body["setCount"] != 5.0 {
			t.Errorf("finished workout: got %s", got.raw)
		}
		if res := c.mustStatus(200, "GET", "/api/sessions/unfinished", nil); res.raw != "{}\n" {
			t.Errorf("unfinished after finish: got %s", res.raw)
		}

		next := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "11:00"})
		if next.str("id") == id {
			t.Fatalf("start after finish answered the finished workout")
		}
		prev := c.mustStatus(200, "GET", "/api/exercise_logs/snapshot/Barbell%20Bench%20Press/previous/"+next.str("id"), nil)
		if n := len(members(prev)); n != 3 {
			t.Errorf("snapshot previous: got %d sets, want 3", n)
		}
		sug := c.mustStatus(200, "GET", "/api/exercise_logs/suggest-next/Barbell%20Bench%20Press", nil)
		if sug.body["weight"] != 82.5 || sug.body["reps"] != 6.0 || sug.str("advice") != "Add a rep" {
			t.Errorf("suggest-next: got %s", sug.raw)
		}
		bests := func() map[string]map[string]any {
			out := map[string]map[string]any{}
			for _, m := range members(c.mustStatus(200, "GET", "/api/exercise_logs/pbs", nil)) {
				out[m["name"].(string)] = m
			}
			return out
		}
		pbs := bests()
		if b := pbs["Barbell Bench Press"]; b == nil || b["weight"] != 85.0 || b["difference"] != 5.0 || b["set"] != s2.str("id") {
			t.Errorf("bench best: got %v", b)
		}
		if b := pbs["Pull-Up"]; b == nil || b["reps"] != 10.0 || b["weight"] != nil {
			t.Errorf("pull-up best: got %v", b)
		}
		// The best is recomputed from history when the set that earned it goes.
		c.mustStatus(http.StatusNoContent, "DELETE", "/api/exercise_logs/"+s2.str("id"), nil)
		if b := bests()["Barbell Bench Press"]; b == nil || b["weight"] != 82.5 || b["set"] != s3.str("id") || b["difference"] != 2.5 {
			t.Errorf("bench best after delete: got %v", b)
		}
		// Editing a set recomputes too.
		c.mustStatus(200, "POST", "/api/exercise_logs/add", map[string]any{"id": s1.str("id"), "session": id,
			"exercise": "Barbell Bench Press", "weight": 90, "reps": 3})
		if b := bests()["Barbell Bench Press"]; b == nil || b["weight"] != 90.0 || b["set"] != s1.str("id") {
			t.Errorf("bench best after edit: got %v", b)
		}
		if s := c.mustStatus(200, "GET", "/api/exercise_logs/"+s3.str("id"), nil); s.body["pb"] != false {
			t.Errorf("82.5 after 90 is no best: got %s", s.raw)
		}

		me := c.mustStatus(200, "GET", "/api/users/user/me", nil)
		if sessions, _ := me.body["sessions"].([]any); len(sessions) != 2 {
			t.Errorf("me.sessions: got %v, want 2 ids", me.body["sessions"])
		}
		page := c.mustStatus(200, "GET", "/api/sessions/list?page=1", nil)
		if ms := members(page); len(ms) != 2 || ms[0]["id"] != next.str("id") || page.body["hydra:totalItems"] != 2.0 {
			t.Errorf("list: got %s", page.raw)
		}
		c.mustStatus(http.StatusNoContent, "DELETE", "/api/sessions/"+next.str("id"), nil)
		c.mustStatus(http.StatusNotFound, "GET", "/api/sessions/"+next.str("id"), nil)
		c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{})
	})
}

// A set's number counts the sets of its exercise in its workout, in the order logged, and
// closes up when one before it is deleted; other exercises in between do not count.
func TestSetNumbers(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "numbers@example.com")
		id := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{}).str("id")
		var squats []string
		for i, name := range []string{"Barbell Back Squat", "Pull-Up", "barbell back squat", "Pull-Up", "Barbell Back Squat"} {
			set := addSet(c, id, map[string]any{"exercise": name, "weight": 100 + i, "reps": 5})
			if name != "Pull-Up" {
				squats = append(squats, set.str("id"))
			}
		}
		for i, sid := range squats {
			if got := c.mustStatus(200, "GET", "/api/exercise_logs/"+sid, nil).body["setNumber"]; got != float64(i+1) {
				t.Errorf("squat %d: setNumber %v, want %d", i+1, got, i+1)
			}
		}
		c.mustStatus(http.StatusNoContent, "DELETE", "/api/exercise_logs/"+squats[0], nil)
		for i, sid := range squats[1:] {
			if got := c.mustStatus(200, "GET", "/api/exercise_logs/"+sid, nil).body["setNumber"]; got != float64(i+1) {
				t.Errorf("after deleting the first, squat %d: setNumber %v, want %d", i+2, got, i+1)
			}
		}
	})
}

func TestStartFromSessionAndPast(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "copy@example.com")
		past := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add",
			map[string]any{"date": "2026-11-18", "startTime": "18:00", "finishTime": "19:10", "name": "Legs"})
		id := past.str("id")
		if past.body["isFinished"] != true || past.body["duration"] != 70.0 || past.str("name") != "Legs" {
			t.Errorf("past: got %s", past.raw)
		}
		if res := c.do("POST", "/api/sessions/add", map[string]any{"date": "2026-11-18", "startTime": "18:00"}); res.status != 422 || res.violation("finishTime") == "" {
			t.Errorf("past without finish: got %d %s", res.status, res.raw)
		}
		addSet(c, id, map[string]any{"exercise": "Barbell Back Squat", "weight": 100, "reps": 5, "rpe": 8})
		addSet(c, id, map[string]any{"exercise": "Pull-Up", "reps": 8, "rpe": 8})
		if res := c.do("POST", "/api/sessions/start/from-session", map[string]any{"id": id, "plusWeight": 5}); res.status != 422 || res.violation("plusWeight") == "" {
			t.Errorf("kg with 5: got %d %s, want 422", res.status, res.raw)
		}
		copied := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start/from-session",
			map[string]any{"id": id, "plusWeight": 2.5, "plusReps": 1, "startTime": "07:00"})
		sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+copied.str("id"), nil))
		if len(sets) != 2 || sets[0]["weight"] != 102.5 || sets[0]["reps"] != 6.0 || sets[0]["done"] != false || sets[1]["reps"] != 9.0 {
			t.Errorf("copied sets: got %v", sets)
		}
		if again := c.mustStatus(200, "POST", "/api/sessions/start/from-session", map[string]any{"id": id}); again.str("id") != copied.str("id") {
			t.Errorf("copy while one is in progress: got %s", again.raw)
		}
	})
}

// TestIdempotencyAndConcurrency: a retried add-set logs one set; sets logged at once from
// two devices are all kept; starts racing from several devices make one workout.
func TestIdempotencyAndConcurrency(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		phone, _ := e.signUp(t, "twice@example.com")
		laptop := e.client(t)
		laptop.mustStatus(200, "POST", "/api/login", map[string]any{"email": "twice@example.com", "password": "Secret123"})

		ids := make([]string, 6)
		var wg sync.WaitGroup
		for i := range ids {
			wg.Go(func() {
				c := phone
				if i%2 == 1 {
					c = laptop
				}
				res := c.do("POST", "/api/sessions/start", map[string]any{"startTime": "09:30"})
				ids[i] = res.str("id")
				if res.status != 201 && res.status != 200 {
					t.Errorf("start %d: got %d %s", i, res.status, res.raw)
				}
			})
		}
		wg.Wait()
		for _, id := range ids {
			if id == "" || id != ids[0] {
				t.Fatalf("racing starts: got ids %v, want one workout", ids)
			}
		}
		id := ids[0]

		body := map[string]any{"session": id, "exercise": "Deadlift", "weight": 140, "reps": 3, "rpe": 9}
		first := phone.do("POST", "/api/exercise_logs/add", body, "Idempotency-Key", "retry-1")
		retry := phone.do("POST", "/api/exercise_logs/add", body, "Idempotency-Key", "retry-1")
		if first.status != 201 || retry.str("id") != first.str("id") {
			t.Fatalf("retry: got %d %s then %s", first.status, first.raw, retry.raw)
		}

		const each = 8
		for d, c := range []*client{phone, laptop} {
			for i := range each {
				wg.Go(func() {
					if res := c.do("POST", "/api/exercise_logs/add", map[string]any{"session": id, "exercise": "Leg Press",
						"weight": 100 + d*10 + i, "reps": 10}); res.status != 201 {
						t.Errorf("device %d set %d: got %d %s", d, i, res.status, res.raw)
					}
				})
			}
		}
		wg.Wait()
		if n := len(members(phone.mustStatus(200, "GET", "/api/exercise_logs/list/"+id, nil))); n != 1+2*each {
			t.Fatalf("after concurrent logging: got %d sets, want %d", n, 1+2*each)
		}
	})
}

func TestWorkoutAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		owner, _ := e.signUp(t, "w-owner@example.com")
		other, _ := e.signUp(t, "w-other@example.com")
		unverified := e.client(t)
		unverified.mustStatus(201, "POST", "/api/users/register", registration("w-unverified@example.com"))
		anonymous := e.client(t)
		roles := map[string]*client{"anonymous": anonymous, "unverified": unverified, "other": other, "owner": owner}

		past := owner.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-20", "startTime": "08:00", "finishTime": "09:00"}).str("id")
		id := owner.mustStatus(201, "POST", "/api/sessions/start", map[string]any{}).str("id")
		set := addSet(owner, id, map[string]any{"exercise": "Dip", "reps": 10}).str("id")
		set2 := addSet(owner, id, map[string]any{"exercise": "Dip", "reps": 12, "rpe": 8}).str("id")
		cardio := owner.mustStatus(201, "POST", "/api/exercise_logs/add-cardio", map[string]any{"session": id, "exercise": "Rowing Machine", "distance": 2}).str("id")
		// Each role starts its own workout (so start answers 201 or 200 for everyone verified).
		other.mustStatus(201, "POST", "/api/sessions/start", map[string]any{})

		all := map[string]int{"anonymous": 401, "unverified": 403}
		with := func(m map[string]int) map[string]int {
			out := map[string]int{}
			for k, v := range all {
				out[k] = v
			}
			for k, v := range m {
				out[k] = v
			}
			return out
		}
		mine := func(owner int) map[string]int { return with(map[string]int{"other": 403, "owner": owner}) }
		anyone := func(status int) map[string]int { return with(map[string]int{"other": status, "owner": status}) }
		cases := []struct {
			method, path string
			body         any
			want         map[string]int
		}{
			{"GET", "/api/sessions/list", nil, anyone(200)},
			{"GET", "/api/sessions/unfinished", nil, anyone(200)},
			{"GET", "/api/sessions/" + id, nil, mine(200)},
			{"POST", "/api/sessions/start", map[string]any{}, anyone(200)},
			{"POST", "/api/sessions/start/from-session", map[string]any{"id": past}, with(map[string]int{"other": 403, "owner": 200})},
			{"POST", "/api/sessions/add", map[string]any{"date": "2026-11-19", "startTime": "08:00", "finishTime": "09:00"}, anyone(201)},
			{"PUT", "/api/sessions/edit", map[string]any{"id": past, "name": "Renamed"}, mine(200)},
			{"GET", "/api/exercise_logs/list/" + id, nil, mine(200)},
			{"POST", "/api/exercise_logs/add", map[string]any{"session": id, "exercise": "Dip", "reps": 5}, mine(201)},
			{"POST", "/api/exercise_logs/add", map[string]any{"session": id, "id": set, "exercise": "Dip", "reps": 6}, mine(200)},
			{"POST", "/api/exercise_logs/add-cardio", map[string]any{"session": id, "exercise": "Running"}, mine(201)},
			{"POST", "/api/exercise_logs/add-cardio", map[string]any{"session": id, "id": cardio, "exercise": "Rowing Machine", "distance": 3}, mine(200)},
			{"GET", "/api/exercise_logs/" + set, nil, mine(200)},
			{"PUT", "/api/exercise_logs/done", map[string]any{"id": set, "rpe": 7}, mine(200)},
			{"GET", "/api/exercise_logs/snapshot/Dip/current/" + id, nil, mine(200)},
			{"GET", "/api/exercise_logs/snapshot/Dip/previous/" + id, nil, mine(200)},
			{"GET", "/api/exercise_logs/snapshot/Dip/previous", nil, anyone(200)},
			{"GET", "/api/exercise_logs/suggest-next/Dip", nil, anyone(200)},
			{"GET", "/api/exercise_logs/pbs", nil, anyone(200)},
			{"GET", "/api/exercise_details/list", nil, anyone(200)},
			{"GET", "/api/exercise_details/Dip", nil, anyone(200)},
			{"GET", "/api/exercise_details/suggested/Dip", nil, anyone(200)},
			{"PUT", "/api/exercise_details/edit", map[string]any{"exercise": "Dip", "muscleGroups": []int{1}}, anyone(422)},
			{"GET", "/api/muscle-groups/list", nil, anyone(200)},
			{"DELETE", "/api/exercise_logs/" + set2, nil, mine(204)},
			{"DELETE", "/api/sessions/" + id, nil, mine(204)},
		}
		for _, tc := range cases {
			for _, role := range []string{"anonymous", "unverified", "other", "owner"} {
				want, ok := tc.want[role]
				if !ok {
					continue
				}
				if got := roles[role].do(tc.method, tc.path, tc.body); got.status != want {
					t.Errorf("%s %s as %s: got %d %s, want %d", tc.method, tc.path, role, got.status, got.raw, want)
				}
			}
		}
		if list := other.do("GET", "/api/sessions/list", nil); contains(list, id) || contains(list, past) {
			t.Errorf("another user's list shows the owner's workouts")
		}
		_ = fmt.Sprint()
	})
}

// The answer to logging a set (taken from what the projector just wrote, not read back) is
// the set exactly as reading it gives, for every kind of set, in kilograms and in pounds,
// and for a set logged into an earlier workout (whose answer is read back).
func TestLoggedSetAnswersAsItReadsBack(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		kg, _ := e.signUp(t, "kg@example.com")
		reg := registration("lbs@example.com")
		reg["unit"] = "lbs"
		lbs := e.client(t)
		res := lbs.mustStatus(http.StatusCreated, "POST", "/api/users/register", reg)
		lbs.mustStatus(http.StatusOK, "POST", "/api/users/verify", map[string]any{"userId": res.str("id"),
			"authCode": e.verificationCode(t, res.str("id"))})
		sets := []map[string]any{
			{"exercise": "Barbell Bench Press", "weight": 80, "reps": 5, "rpe": 8},
			{"exercise": "Barbell Bench Press", "weight": 85.5, "reps": 3},
			{"exercise": "Barbell Bench Press", "weight": 70, "reps": 8, "rpe": 6},
			{"exercise": "Pull-Up", "reps": 10, "rpe": 9},
			{"exercise": "Garage Sled Push", "category": "free-weights", "weight": 40, "reps": 12, "rpe": 7},
		}
		cardio := []map[string]any{
			{"exercise": "Running", "distance": 5.25, "unit": "km", "minutes": 27, "seconds": 5, "rpe": 7},
			{"exercise": "Rowing", "minutes": 10},
		}
		check := func(c *client, path string, body map[string]any) {
			t.Helper()
			logged := c.mustStatus(http.StatusCreated, "POST", path, body)
			read := c.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/"+logged.str("id"), nil)
			if logged.raw != read.raw {
				t.Errorf("%v:\nanswered  %s\nreads back %s", body, logged.raw, read.raw)
			}
		}
		for _, c := range []*client{kg, lbs} {
			today := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"}).str("id")
			for _, s := range sets {
				s["session"] = today
				check(c, "/api/exercise_logs/add", s)
			}
			for _, s := range cardio {
				s["session"] = today
				check(c, "/api/exercise_logs/add-cardio", s)
			}
			past := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-01",
				"startTime": "07:00", "finishTime": "08:00", "name": "Earlier"}).str("id")
			check(c, "/api/exercise_logs/add", map[string]any{"session": past, "exercise": "Barbell Bench Press",
				"weight": 100, "reps": 1, "rpe": 10})
		}
	})
}
