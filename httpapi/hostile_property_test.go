package httpapi_test

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// hostile makes the parts of hostile requests from a seeded source, so a failure replays.
// While mean, about a third of the parts it makes are hostile; otherwise none.
type hostile struct {
	rng  *rand.Rand
	mean bool
}

// text is a JSON value where a string belongs: often ordinary, often what no backend may
// store alike (NUL, control characters, invalid UTF-8, a lone surrogate), sometimes huge or
// of the wrong type.
func (h *hostile) text(ordinary ...string) string {
	if !h.mean {
		return `"` + ordinary[h.rng.IntN(len(ordinary))] + `"`
	}
	switch h.rng.IntN(12) {
	case 0:
		return `"N\u0000"`
	case 1:
		return `"Bell\u0007 and C1 \u0085"`
	case 2:
		return "\"bad \xff\xfe bytes\""
	case 3:
		return `"\ud800 lone"`
	case 4:
		return `"` + strings.Repeat("a", 100_000) + `"`
	case 5:
		return []string{`null`, `7`, `[]`, `""`}[h.rng.IntN(4)]
	case 6:
		return `"Ünïcødé 🏋️ 日本"`
	}
	return `"` + ordinary[h.rng.IntN(len(ordinary))] + `"`
}

func (h *hostile) number(ordinary ...string) string {
	if h.mean && h.rng.IntN(3) == 0 {
		return []string{`-5`, `2.5`, `"60.555"`, `1e308`, `"abc"`, `null`, `0`, `"\u0000"`}[h.rng.IntN(8)]
	}
	return ordinary[h.rng.IntN(len(ordinary))]
}

// date is a day around now, out of order, sometimes in the future or no date at all.
func (h *hostile) date() string {
	if h.mean && h.rng.IntN(3) == 0 {
		return h.text("2030-01-01", "yesterday", "2026-02-30")
	}
	return fmt.Sprintf(`"2026-%02d-%02d"`, 10+h.rng.IntN(2), 1+h.rng.IntN(21))
}

func (h *hostile) time() string {
	if h.mean && h.rng.IntN(4) == 0 {
		return h.text("25:00", "9.30")
	}
	return fmt.Sprintf(`"%02d:%02d"`, h.rng.IntN(24), h.rng.IntN(60))
}

// id is one of known, or a stranger's, or no id at all.
func (h *hostile) id(known []string) string {
	if len(known) > 0 && (!h.mean || h.rng.IntN(5) > 0) {
		return `"` + known[h.rng.IntN(len(known))] + `"`
	}
	return h.text(uuid.NewString(), "x")
}

// pathID is an id for a path: known, random, or hostile once escaped.
func (h *hostile) pathID(known []string) string {
	switch {
	case len(known) > 0 && h.rng.IntN(4) > 0:
		return known[h.rng.IntN(len(known))]
	case h.rng.IntN(2) == 0:
		return uuid.NewString() + []string{"%00", "%ff", "%07", ""}[h.rng.IntN(4)]
	}
	return url.PathEscape(uuid.NewString())
}

// key is an Idempotency-Key from a small pool, so keys are reused across endpoints and
// streams, or none.
func (h *hostile) key() string { return []string{"", "", "K1", "K2", "K3"}[h.rng.IntN(5)] }

func object(members ...string) string {
	out := make([]string, 0, len(members)/2)
	for i := 0; i+1 < len(members); i += 2 {
		out = append(out, `"`+members[i]+`":`+members[i+1])
	}
	return "{" + strings.Join(out, ",") + "}"
}

// TestHostileRequestsNeverStopAReadModel sends a seeded random sequence of requests full of
// hostile input, as two users: no answer is a 5xx, and afterwards every read model is
// running at the head and a rebuild of each equals what was built live.
func TestHostileRequestsNeverStopAReadModel(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		h := &hostile{rng: rand.New(rand.NewPCG(10, 2026))}
		owner, _ := e.signUp(t, "owner@example.com")
		other, _ := e.signUp(t, "other@example.com")
		subscribe(t, owner, pp) // the owner coaches: asks the other user and strangers
		var workouts, sets, weights, sizes, plans, planExercises, relationships []string
		remember := func(list *[]string, res response) {
			if id := res.str("id"); id != "" && res.status < 300 {
				*list = append(*list, id)
			}
		}
		exercises := []string{"Squat", "Barbell Bench Press", "My lift", "Running"}
		const requests = 400
		for i := range requests {
			c := owner
			h.mean = h.rng.IntN(3) == 0
			if h.rng.IntN(6) == 0 {
				c = other
			}
			var res response
			method, path, body := "", "", ""
			switch op := h.rng.IntN(19); op {
			case 18:
				switch h.rng.IntN(4) {
				case 0, 1:
					c = owner
					method, path, body = "POST", "/api/clients/add", object("email", h.text("other@example.com", "new@example.com",
						"x@example.com"))
				case 2:
					c = other
					method, path, body = "PUT", "/api/trainers/status", object("id", h.id(relationships),
						"confirmed", []string{"true", "false", `"yes"`}[h.rng.IntN(3)], "rejected", []string{"true", "false", "null"}[h.rng.IntN(3)])
				default:
					method, path = "DELETE", []string{"/api/clients/", "/api/trainers/"}[h.rng.IntN(2)]+h.pathID(relationships)
				}
			case 0:
				method, path, body = "POST", "/api/sessions/start", object("startTime", h.time(), "name", h.text("Legs", "Push"))
			case 1:
				method, path, body = "POST", "/api/sessions/add", object("date", h.date(), "startTime", h.time(),
					"finishTime", h.time(), "name", h.text("Pull", "Earlier"))
			case 2:
				method, path, body = "PUT", "/api/sessions/edit", object("id", h.id(workouts), "date", h.date(),
					"startTime", h.time(), "finishTime", h.time(), "name", h.text("Renamed"))
			case 3, 4, 5:
				method, path, body = "POST", "/api/exercise_logs/add", object("session", h.id(workouts),
					"exercise", h.text(exercises...), "weight", h.number("60", "80.5", "100"), "reps", h.number("5", "8"),
					"rpe", h.number("7", "9", "null"))
			case 6:
				method, path, body = "POST", "/api/exercise_logs/add", object("id", h.id(sets), "session", h.id(workouts),
					"exercise", h.text(exercises...), "weight", h.number("70"), "reps", h.number("3"))
			case 7:
				method, path, body = "POST", "/api/exercise_logs/add-cardio", object("session", h.id(workouts),
					"exercise", h.text("Running", "Rowing"), "distance", h.number("5", "2.5"), "unit", h.text("km", "mi"),
					"minutes", h.number("20"), "seconds", h.number("30"))
			case 8:
				method, path, body = "PUT", "/api/exercise_logs/done", object("id", h.id(sets), "rpe", h.number("8"))
			case 9:
				method, path = "DELETE", "/api/exercise_logs/"+h.pathID(sets)
			case 10:
				method, path, body = "POST", "/api/weights/add", object("weight", h.number("80", "81.2"), "date", h.date())
			case 11:
				method, path, body = "POST", "/api/sizes/add", object("measurement", h.number("90", "35.5"),
					"category", h.text("Waist", "Chest", "Neck"), "date", h.date())
			case 12:
				method, path, body = "PUT", "/api/users/edit", object("firstName", h.text("Ann"), "surname", h.text("Lee"),
					"displayName", h.text("annlee"), "dateOfBirth", h.text("01/02/1990", "1990-02-01"), "gender", h.text("female"),
					"dashboardChart", h.text("Weight", "Duration"), "icon", h.text("cat"), "height", h.number("170"))
			case 13:
				switch h.rng.IntN(5) {
				case 0:
					method, path = "DELETE", "/api/sessions/"+h.pathID(workouts)
				case 1:
					method, path = "DELETE", "/api/weights/"+h.pathID(weights)
				case 4:
					method, path = "DELETE", "/api/sizes/"+h.pathID(sizes)
				case 2:
					method, path = "GET", "/api/sessions/"+h.pathID(workouts)
				default:
					method, path, body = "PUT", "/api/exercise_details/edit", object("exercise", h.text(exercises...),
						"muscleGroupIds", []string{"[1,2]", "[]", `["x"]`, "[99999]"}[h.rng.IntN(4)])
				}
			case 14:
				method, path, body = "POST", "/api/plans/add", object("name", h.text("Push", "Legs"), "notes", h.text("Heavy", ""))
			case 15:
				method, path, body = "POST", "/api/plan_exercises/add", object("plan", h.id(plans), "exercise", h.text(exercises...),
					"targets", "["+object("weight", h.number("60", "80.5"), "reps", h.number("5", "8"))+","+
						object("weight", h.number("70"), "reps", h.number("3"))+"]",
					"muscleGroups", []string{"[1,2]", "[]", `["x"]`, "[99999]"}[h.rng.IntN(4)])
				if h.rng.IntN(3) == 0 {
					body = object("id", h.id(planExercises), "exercise", h.text(exercises...), "targets",
						[]string{"[]", `[{"reps":5}]`, `{"reps":5}`, `[null]`}[h.rng.IntN(4)])
				}
			case 16:
				method, path, body = "POST", "/api/plan_exercises/add-cardio", object("plan", h.id(plans),
					"exercise", h.text("Running", "Rowing"), "targets", "["+object("distance", h.number("5", "2.5"),
						"unit", h.text("km", "mi"), "minutes", h.number("20"), "seconds", h.number("30"))+"]", "notes", h.text("Easy"))
			case 17:
				switch h.rng.IntN(4) {
				case 0:
					method, path, body = "PUT", "/api/plans/edit", object("id", h.id(plans), "name", h.text("Renamed"), "notes", h.text("x"))
				case 1:
					method, path = "DELETE", "/api/plans/"+h.pathID(plans)
				case 2:
					method, path = "DELETE", "/api/plan_exercises/"+h.pathID(planExercises)
				default:
					method, path = "GET", "/api/plans/"+h.pathID(plans)+"/unused-muscle-groups"
				}
			}
			var payload any
			if body != "" {
				payload = body
			}
			headers := []string{}
			if k := h.key(); k != "" {
				headers = append(headers, "Idempotency-Key", k)
			}
			res = c.do(method, path, payload, headers...)
			if res.status >= 500 {
				t.Fatalf("request %d: %s %s %.300s: got %d %s", i, method, path, body, res.status, res.raw)
			}
			switch {
			case strings.HasPrefix(path, "/api/sessions/start"), strings.HasPrefix(path, "/api/sessions/add"):
				remember(&workouts, res)
			case strings.HasPrefix(path, "/api/exercise_logs/add"):
				remember(&sets, res)
			case path == "/api/weights/add":
				remember(&weights, res)
			case path == "/api/sizes/add":
				remember(&sizes, res)
			case path == "/api/plans/add":
				remember(&plans, res)
			case strings.HasPrefix(path, "/api/plan_exercises/add"):
				remember(&planExercises, res)
			case path == "/api/clients/add":
				remember(&relationships, res)
			}
		}
		// Workouts started from the plans, as they stand after all that (the owner's own
		// workout in progress, if any, deleted first; the last one stays in progress).
		fromPlans := 0
		for i, plan := range plans {
			h.mean = i%2 == 1
			if wk := owner.do("GET", "/api/sessions/unfinished", nil); wk.str("id") != "" {
				owner.do("DELETE", "/api/sessions/"+wk.str("id"), nil)
			}
			body := object("id", h.id([]string{plan}), "startTime", h.time(), "date", h.date())
			if res := owner.do("POST", "/api/sessions/start/from-plan", body); res.status >= 500 {
				t.Fatalf("start from plan %s: got %d %s", body, res.status, res.raw)
			} else if res.status == 201 {
				workouts, fromPlans = append(workouts, res.str("id")), fromPlans+1
			}
		}
		if fromPlans < 3 {
			t.Errorf("%d workouts started from %d plans, want 3 or more", fromPlans, len(plans))
		}
		t.Logf("%d requests: %d workouts, %d sets, %d weights, %d sizes, %d plans, %d plan exercises, %d client requests stored",
			requests, len(workouts), len(sets), len(weights), len(sizes), len(plans), len(planExercises), len(relationships))
		if len(workouts) < 10 || len(sets) < 20 || len(plans) < 5 || len(planExercises) < 5 {
			t.Errorf("the sequence reached too little: %d workouts, %d sets, %d plans, %d plan exercises", len(workouts), len(sets),
				len(plans), len(planExercises))
		}
		e.checkReadModels(t)
	})
}
