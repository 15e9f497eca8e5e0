package httpapi_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// The roles of the authorisation matrix, in the order each row tries them: the owner of the
// resources last, so that a row that deletes one lets everyone else try it first.
var matrixRoles = []string{"anonymous", "unverified", "other", "removed", "pending", "trainer", "owner"}

// want is what each role gets from one request.
type want map[string]int

// public: anyone gets code. signedIn: any signed-in user, verified or not.
func public(code int) want   { return fill(code, code, code, code) }
func signedIn(code int) want { return fill(401, code, code, code) }

// verified: any verified user, each about their own data (lists, additions).
func verified(code int) want { return fill(401, 403, code, code) }

// ownerOnly: the owner gets code and every other verified user others.
func ownerOnly(code, others int) want { return fill(401, 403, others, code) }

// followed: the owner and their confirmed trainer get code; other users, a trainer whose
// request waits and a removed trainer get others.
func followed(code, others int) want {
	w := ownerOnly(code, others)
	w["trainer"] = code
	return w
}

func fill(anonymous, unverified, others, owner int) want {
	return want{"anonymous": anonymous, "unverified": unverified, "other": others, "removed": others, "pending": others,
		"trainer": others, "owner": owner}
}

// but is w with the roles given changed: but(w, "trainer", 201, "pending", 201).
func but(w want, roleCodes ...any) want {
	out := want{}
	for k, v := range w {
		out[k] = v
	}
	for i := 0; i+1 < len(roleCodes); i += 2 {
		out[roleCodes[i].(string)] = roleCodes[i+1].(int)
	}
	return out
}

// matrixRow is one request of the matrix: its path (built from the fixture, once per row, so a
// row that deletes gets its own resource), its body, and what each role gets.
type matrixRow struct {
	path string
	// at builds the path when the row's turn comes instead (a request it answers or ends).
	at   func(fx *matrixFixture) string
	body func(fx *matrixFixture) any
	want want
}

// elsewhere names the test that covers a route whose request cannot be repeated as seven
// roles here (it signs out, closes or changes the account, or needs no session at all).
type elsewhere string

// matrixFixture is the world every row runs in: the owner's resources, and three trainers
// of the owner: confirmed, waiting for an answer, and removed.
type matrixFixture struct {
	t     *testing.T
	e     *env
	roles map[string]*client
	// asker is a trainer outside the roles whose requests to the owner rows answer or end.
	asker                                       *client
	ownerID                                     string
	weight, size, workout, set, plan, planExerc string
}

func (fx *matrixFixture) owner() *client { return fx.roles["owner"] }

func (fx *matrixFixture) create(c *client, path string, body any) string {
	fx.t.Helper()
	res := c.do("POST", path, body)
	if res.status != http.StatusCreated || res.str("id") == "" {
		fx.t.Fatalf("POST %s: got %d %s", path, res.status, res.raw)
	}
	return res.str("id")
}

func (fx *matrixFixture) newWeight() string {
	return fx.create(fx.owner(), "/api/weights/add", map[string]any{"weight": 80})
}

func (fx *matrixFixture) newSize() string {
	return fx.create(fx.owner(), "/api/sizes/add", map[string]any{"measurement": 30, "category": "Arms"})
}

func (fx *matrixFixture) newSet() string {
	return fx.create(fx.owner(), "/api/exercise_logs/add", map[string]any{"session": fx.workout, "exercise": "Squat",
		"weight": 100, "reps": 5})
}

func (fx *matrixFixture) newWorkout() string {
	return fx.create(fx.owner(), "/api/sessions/add", map[string]any{"date": "2026-11-01", "startTime": "08:00",
		"finishTime": "09:00", "name": "Past"})
}

func (fx *matrixFixture) newPlan() string {
	return fx.create(fx.owner(), "/api/plans/add", map[string]any{"name": "Push"})
}

func (fx *matrixFixture) newPlanExercise() string {
	return fx.create(fx.owner(), "/api/plan_exercises/add", map[string]any{"plan": fx.plan, "exercise": "Dip",
		"targets": []any{map[string]any{"reps": 8}}})
}

// newImport has the owner import a file and waits until the import has run. The owner's import
// of the "POST /api/imports" row may still run, and a user runs one import at a time (409):
// it waits for that one first. Waiting leaves no import running for the rows that follow.
func (fx *matrixFixture) newImport() string {
	fx.t.Helper()
	deadline := time.Now().Add(time.Minute)
	job := fx.owner().do("POST", "/api/imports", strongFile(fx))
	for ; job.status == http.StatusConflict && time.Now().Before(deadline); job = fx.owner().do("POST", "/api/imports", strongFile(fx)) {
		time.Sleep(20 * time.Millisecond)
	}
	for ; job.status < 300 && job.str("status") == "running" && time.Now().Before(deadline); job = fx.owner().do("GET", "/api/imports/"+job.str("id"), nil) {
		time.Sleep(20 * time.Millisecond)
	}
	if job.str("status") != "done" {
		fx.t.Fatalf("the owner's import: got %d %s", job.status, job.raw)
	}
	return job.str("id")
}

// askOwner has the asker end what it had with the owner and ask again: a request waiting for
// the owner's answer.
func (fx *matrixFixture) askOwner() string {
	fx.t.Helper()
	for _, c := range members(fx.asker.do("GET", "/api/clients/all", nil)) {
		fx.asker.do("DELETE", "/api/clients/"+c["id"].(string), nil)
	}
	return fx.create(fx.asker, "/api/clients/add", map[string]any{"email": "owner@example.com"})
}

// trainerOf signs up a personal trainer (through the PayPal stand-in) who asks the owner to
// be their client, and returns them with the request's id.
func trainerOf(t *testing.T, e *env, pp *paypaltest.Server, email string) (*client, string) {
	t.Helper()
	c, _ := e.signUp(t, email)
	subscribe(t, c, pp)
	return c, c.do("POST", "/api/clients/add", map[string]any{"email": "owner@example.com"}).str("id")
}

// strongFile is a one-set Strong export to import (of a built-in exercise: a custom one would
// make the matrix's "Squat" every importer's own).
func strongFile(*matrixFixture) any {
	return map[string]any{"content": "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps\n2026-01-05 08:00:00,Matrix,30m,Barbell Bench Press,1,60,5\n"}
}

// matrix is every route of the API with its rows, or the test that covers it. A route the
// router serves that has no entry here fails TestAuthorisationMatrix, so a new endpoint comes
// with its rows.
func matrix(fx *matrixFixture) map[string]any {
	byName := func(path string) string {
		if strings.Contains(path, "?") {
			return path + "&user.displayName=Owner"
		}
		return path + "?user.displayName=Owner"
	}
	progress := func(path string) []matrixRow {
		return []matrixRow{{path: path, want: verified(200)}, {path: byName(path), want: followed(200, 403)}}
	}
	set := map[string]any{"session": fx.workout, "exercise": "Squat", "weight": 100, "reps": 5}
	cardio := map[string]any{"session": fx.workout, "exercise": "Running", "distance": 5, "unit": "km"}
	return map[string]any{
		"GET /healthz":                                 []matrixRow{{path: "/healthz", want: public(200)}},
		"GET /readyz":                                  []matrixRow{{path: "/readyz", want: public(200)}},
		"GET /logout":                                  elsewhere("TestRegisterVerifyAndSignIn"),
		"POST /api/login":                              elsewhere("TestRegisterVerifyAndSignIn, TestLoginIsRateLimited"),
		"POST /api/payments/paypal/webhook":            elsewhere("TestWebhookAndRecheckEndTheTrainerAfterThePaidPeriod"),
		"POST /api/users/register":                     elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/verify":                       elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/verify/resend":                elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/forgot-password/send-code":    elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/forgot-password/verify-code":  elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/forgot-password/set-password": elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/change-email":                 elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/change-password":              elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/delete":                       elsewhere("TestAccountAreaAuthorisationMatrix"),
		"POST /api/users/subscribe":                    elsewhere("TestAccountAreaAuthorisationMatrix"),
		"GET /api/payments/config":                     []matrixRow{{path: "/api/payments/config", want: public(200)}},
		"POST /api/calculator": []matrixRow{{path: "/api/calculator", want: public(200), body: func(*matrixFixture) any {
			return map[string]any{"age": 30, "height": 170, "weight": 70, "activityLevel": "moderate", "goal": "lose"}
		}}},
		"GET /api/users/user/me":      []matrixRow{{path: "/api/users/user/me", want: signedIn(200)}},
		"GET /api/users/user/sub-set": []matrixRow{{path: "/api/users/user/sub-set", want: verified(200)}},
		"PUT /api/users/edit": []matrixRow{{path: "/api/users/edit", want: verified(200), body: func(*matrixFixture) any {
			return map[string]any{"firstName": "O", "surname": "W", "displayName": "Owner"}
		}}},
		"PUT /api/users/time-zone": []matrixRow{{path: "/api/users/time-zone", want: verified(200),
			body: func(*matrixFixture) any { return map[string]any{"timeZone": "Europe/London"} }}},

		// Body logs: the owner's alone, a trainer included.
		"GET /api/weights/list":       []matrixRow{{path: "/api/weights/list", want: verified(200)}},
		"POST /api/weights/add":       []matrixRow{{path: "/api/weights/add", want: verified(201), body: func(*matrixFixture) any { return map[string]any{"weight": 81} }}},
		"GET /api/weights/{id}":       []matrixRow{{path: "/api/weights/" + fx.weight, want: ownerOnly(200, 403)}},
		"DELETE /api/weights/{id}":    []matrixRow{{path: "/api/weights/" + fx.newWeight(), want: ownerOnly(204, 403)}},
		"GET /api/weights/chart-data": progress("/api/weights/chart-data"),
		"GET /api/sizes/list":         []matrixRow{{path: "/api/sizes/list?category=Arms", want: verified(200)}},
		"POST /api/sizes/add": []matrixRow{{path: "/api/sizes/add", want: verified(201),
			body: func(*matrixFixture) any { return map[string]any{"measurement": 31, "category": "Neck"} }}},
		"GET /api/sizes/{id}":               []matrixRow{{path: "/api/sizes/" + fx.size, want: ownerOnly(200, 403)}},
		"DELETE /api/sizes/{id}":            []matrixRow{{path: "/api/sizes/" + fx.newSize(), want: ownerOnly(204, 403)}},
		"GET /api/sizes/chart-data":         progress("/api/sizes/chart-data?category=Arms"),
		"GET /api/sizes/chart-enabled":      progress("/api/sizes/chart-enabled"),
		"GET /api/users/progress":           progress("/api/users/progress"),
		"GET /api/muscle-groups/list":       []matrixRow{{path: "/api/muscle-groups/list", want: verified(200)}},
		"GET /api/muscle-groups/chart-data": progress("/api/muscle-groups/chart-data"),

		// Workouts and sets: the owner's; their confirmed trainer reads them.
		"GET /api/sessions/list": []matrixRow{
			{path: "/api/sessions/list", want: verified(200)},
			{path: byName("/api/sessions/list"), want: followed(200, 403)}},
		"GET /api/sessions/unfinished": []matrixRow{{path: "/api/sessions/unfinished", want: verified(200)}},
		"GET /api/sessions/{id}":       []matrixRow{{path: "/api/sessions/" + fx.workout, want: followed(200, 403)}},
		"POST /api/sessions/start": []matrixRow{{path: "/api/sessions/start", want: but(verified(201), "owner", 200),
			body: func(*matrixFixture) any { return map[string]any{"name": "Legs"} }}},
		"POST /api/sessions/start/from-session": []matrixRow{{path: "/api/sessions/start/from-session",
			want: ownerOnly(200, 403), body: func(fx *matrixFixture) any { return map[string]any{"id": fx.workout} }}},
		// Starting from a plan: from one the user may use (their own), else it is not there.
		"POST /api/sessions/start/from-plan": []matrixRow{{path: "/api/sessions/start/from-plan", want: ownerOnly(200, 404),
			body: func(fx *matrixFixture) any { return map[string]any{"id": fx.plan} }}},
		"POST /api/sessions/add": []matrixRow{{path: "/api/sessions/add", want: verified(201), body: func(*matrixFixture) any {
			return map[string]any{"date": "2026-10-01", "startTime": "08:00", "finishTime": "09:00"}
		}}},
		"PUT /api/sessions/edit": []matrixRow{{path: "/api/sessions/edit", want: ownerOnly(200, 403),
			body: func(fx *matrixFixture) any { return map[string]any{"id": fx.workout, "name": "Renamed"} }}},
		"DELETE /api/sessions/{id}":                 []matrixRow{{path: "/api/sessions/" + fx.newWorkout(), want: ownerOnly(204, 403)}},
		"GET /api/sessions/chart-data":              progress("/api/sessions/chart-data"),
		"GET /api/sessions/time/average-duration":   progress("/api/sessions/time/average-duration"),
		"GET /api/sessions/time/average-week-count": progress("/api/sessions/time/average-week-count"),
		"GET /api/sessions/time/days-since-last":    progress("/api/sessions/time/days-since-last"),
		"GET /api/exercise_logs/list/{session}":     []matrixRow{{path: "/api/exercise_logs/list/" + fx.workout, want: followed(200, 403)}},
		"GET /api/exercise_logs/{id}":               []matrixRow{{path: "/api/exercise_logs/" + fx.set, want: followed(200, 403)}},
		"POST /api/exercise_logs/add": []matrixRow{{path: "/api/exercise_logs/add", want: ownerOnly(201, 403),
			body: func(*matrixFixture) any { return set }}},
		"POST /api/exercise_logs/add-cardio": []matrixRow{{path: "/api/exercise_logs/add-cardio", want: ownerOnly(201, 403),
			body: func(*matrixFixture) any { return cardio }}},
		"PUT /api/exercise_logs/done": []matrixRow{{path: "/api/exercise_logs/done", want: ownerOnly(200, 403),
			body: func(fx *matrixFixture) any { return map[string]any{"id": fx.set, "rpe": 8} }}},
		"DELETE /api/exercise_logs/{id}": []matrixRow{{path: "/api/exercise_logs/" + fx.newSet(), want: ownerOnly(204, 403)}},
		"GET /api/exercise_logs/snapshot/{exercise}/current/{session}": []matrixRow{{
			path: "/api/exercise_logs/snapshot/Squat/current/" + fx.workout, want: followed(200, 403)}},
		"GET /api/exercise_logs/snapshot/{exercise}/previous": []matrixRow{{
			path: "/api/exercise_logs/snapshot/Squat/previous", want: verified(200)}},
		"GET /api/exercise_logs/snapshot/{exercise}/previous/{session}": []matrixRow{{
			path: "/api/exercise_logs/snapshot/Squat/previous/" + fx.workout, want: followed(200, 403)}},
		"GET /api/exercise_logs/suggest-next/{exercise}": []matrixRow{{path: "/api/exercise_logs/suggest-next/Squat", want: verified(200)}},
		"GET /api/exercise_logs/pbs":                     []matrixRow{{path: "/api/exercise_logs/pbs", want: verified(200)}},
		"GET /api/exercise_logs/recent":                  []matrixRow{{path: "/api/exercise_logs/recent", want: verified(200)}},
		"GET /api/exercise_logs/chart-data":              progress("/api/exercise_logs/chart-data?name=Squat"),
		"GET /api/exercise_logs/chart-enabled":           progress("/api/exercise_logs/chart-enabled"),
		"GET /api/exercise_logs/personal-bests":          progress("/api/exercise_logs/personal-bests"),
		"GET /api/exercise_details/list":                 []matrixRow{{path: "/api/exercise_details/list", want: verified(200)}},
		// "Squat" is no built-in name: the owner's custom exercise, theirs alone.
		"GET /api/exercise_details/{name}":            []matrixRow{{path: "/api/exercise_details/Squat", want: ownerOnly(200, 404)}},
		"GET /api/exercise_details/suggested/{name}":  []matrixRow{{path: "/api/exercise_details/suggested/Squat", want: verified(200)}},
		"GET /api/exercise_details/recognised/{name}": []matrixRow{{path: "/api/exercise_details/recognised/Squat%20(Barbell)", want: verified(200)}},
		"PUT /api/exercise_details/edit": []matrixRow{{path: "/api/exercise_details/edit", want: ownerOnly(200, 404),
			body: func(*matrixFixture) any { return map[string]any{"exercise": "Squat", "muscleGroupIds": []int{1}} }}},

		// Plans: the owner's; to anyone else not there (404) when read, 403 when changed.
		"GET /api/plans/list": []matrixRow{{path: "/api/plans/list", want: verified(200)},
			{path: "/api/plans/list?userFilter=Owner", want: followed(200, 403)}},
		"GET /api/plans/all": []matrixRow{{path: "/api/plans/all", want: verified(200)}},
		"POST /api/plans/add": []matrixRow{{path: "/api/plans/add", want: verified(201),
			body: func(*matrixFixture) any { return map[string]any{"name": "Pull"} }}},
		"GET /api/plans/{id}":                      []matrixRow{{path: "/api/plans/" + fx.plan, want: followed(200, 404)}},
		"GET /api/plans/{id}/unused-muscle-groups": []matrixRow{{path: "/api/plans/" + fx.plan + "/unused-muscle-groups", want: followed(200, 404)}},
		"PUT /api/plans/edit": []matrixRow{{path: "/api/plans/edit", want: ownerOnly(200, 403),
			body: func(fx *matrixFixture) any { return map[string]any{"id": fx.plan, "name": "Legs"} }}},
		"DELETE /api/plans/{id}":              []matrixRow{{path: "/api/plans/" + fx.newPlan(), want: ownerOnly(204, 403)}},
		"GET /api/plan_exercises/list/{plan}": []matrixRow{{path: "/api/plan_exercises/list/" + fx.plan, want: followed(200, 404)}},
		"GET /api/plan_exercises/{id}":        []matrixRow{{path: "/api/plan_exercises/" + fx.planExerc, want: followed(200, 404)}},
		"POST /api/plan_exercises/add": []matrixRow{
			{path: "/api/plan_exercises/add", want: ownerOnly(201, 403), body: func(fx *matrixFixture) any {
				return map[string]any{"plan": fx.plan, "exercise": "Dip", "targets": []any{map[string]any{"reps": 8}}}
			}},
			{path: "/api/plan_exercises/add", want: ownerOnly(200, 403), body: func(fx *matrixFixture) any {
				return map[string]any{"id": fx.planExerc, "exercise": "Dip", "targets": []any{map[string]any{"reps": 10}}}
			}}},
		"POST /api/plan_exercises/add-cardio": []matrixRow{{path: "/api/plan_exercises/add-cardio", want: ownerOnly(201, 403),
			body: func(fx *matrixFixture) any {
				return map[string]any{"plan": fx.plan, "exercise": "Running", "targets": []any{map[string]any{"distance": 5}}}
			}}},
		// The catalogue, buying, publishing and sharing (with a buyer and a client the plan is
		// shared with too: TestPlanCatalogueAuthorisation). The owner here is no trainer, so
		// publishing and sharing are refused to everyone.
		"GET /api/plans/catalogue":       []matrixRow{{path: "/api/plans/catalogue", want: verified(200)}},
		"GET /api/plans/checkout-config": []matrixRow{{path: "/api/plans/checkout-config", want: verified(200)}},
		"GET /api/plan_exercises/intel":  []matrixRow{{path: "/api/plan_exercises/intel?name=Squat", want: verified(200)}},
		// An order PayPal does not know is refused before the plan is looked at.
		"POST /api/plans/buy": []matrixRow{{path: "/api/plans/buy", want: verified(422),
			body: func(fx *matrixFixture) any { return map[string]any{"planId": fx.plan, "orderId": "O-NONE"} }}},
		"PUT /api/plans/{id}/publish": []matrixRow{{path: "/api/plans/" + fx.plan + "/publish", want: ownerOnly(403, 403),
			body: func(*matrixFixture) any {
				return map[string]any{"price": 9.99, "tagline": "Strong", "level": "Beginner"}
			}}},
		"DELETE /api/plans/{id}/publish": []matrixRow{{path: "/api/plans/" + fx.plan + "/publish", want: ownerOnly(200, 403)}},
		"POST /api/plans/{id}/share": []matrixRow{{path: "/api/plans/" + fx.plan + "/share", want: ownerOnly(403, 403),
			body: func(fx *matrixFixture) any { return map[string]any{"clientId": fx.ownerID} }}},
		"PUT /api/plans/{id}/target": []matrixRow{{path: "/api/plans/" + fx.plan + "/target", want: ownerOnly(403, 403),
			body: func(fx *matrixFixture) any { return map[string]any{"timesAWeek": 3} }}},
		"GET /api/plans/{id}/clients-without": []matrixRow{{path: "/api/plans/" + fx.plan + "/clients-without", want: but(ownerOnly(200, 404), "trainer", 403)}},
		"DELETE /api/plan_exercises/{id}":     []matrixRow{{path: "/api/plan_exercises/" + fx.newPlanExercise(), want: ownerOnly(204, 403)}},

		// History: a workout's is read as the workout is; a plan's as the plan; the body log's
		// and activity are the owner's, and the activity their confirmed trainer's too.
		"GET /api/sessions/{id}/history": []matrixRow{{path: "/api/sessions/" + fx.workout + "/history", want: followed(200, 403)}},
		"GET /api/sessions/{id}/as-of": []matrixRow{{path: "/api/sessions/" + fx.workout + "/as-of?at=2100-01-01T00:00:00Z",
			want: followed(200, 403)}},
		"GET /api/sessions/{id}/undo": []matrixRow{{path: "/api/sessions/" + fx.workout + "/undo", want: ownerOnly(200, 403)}},
		"POST /api/sessions/{id}/undo": []matrixRow{{at: func(fx *matrixFixture) string {
			fx.newSet() // the change the owner's undo takes back
			return "/api/sessions/" + fx.workout + "/undo"
		}, want: ownerOnly(200, 403)}},
		"GET /api/plans/{id}/as-of": []matrixRow{{path: "/api/plans/" + fx.plan + "/as-of?at=2100-01-01T00:00:00Z",
			want: followed(200, 404)}},
		"POST /api/plans/{id}/undo": []matrixRow{{at: func(fx *matrixFixture) string {
			fx.newPlanExercise() // the change the owner's undo takes back
			return "/api/plans/" + fx.plan + "/undo"
		}, want: ownerOnly(200, 403)}},
		"GET /api/plans/{id}/history":      []matrixRow{{path: "/api/plans/" + fx.plan + "/history", want: followed(200, 404)}},
		"GET /api/body-log/history":        []matrixRow{{path: "/api/body-log/history", want: verified(200)}},
		"GET /api/clients/{id}/activity":   []matrixRow{{path: "/api/clients/" + fx.ownerID + "/activity", want: followed(200, 403)}},
		"GET /api/clients/{id}/compliance": []matrixRow{{path: "/api/clients/" + fx.ownerID + "/compliance", want: followed(200, 403)}},

		// Export and import: the signed-in user's own data; an import job is its starter's.
		"GET /api/exports/events":     []matrixRow{{path: "/api/exports/events", want: verified(200)}},
		"GET /api/exports/strong-csv": []matrixRow{{path: "/api/exports/strong-csv", want: verified(200)}},
		"POST /api/imports/preview":   []matrixRow{{path: "/api/imports/preview", want: verified(200), body: strongFile}},
		"POST /api/imports":           []matrixRow{{path: "/api/imports", want: verified(202), body: strongFile}},
		"GET /api/imports/{id}": []matrixRow{{at: func(fx *matrixFixture) string { return "/api/imports/" + fx.newImport() },
			want: ownerOnly(200, 404)}},

		// Trainers and clients: each side sees its own list; only a relationship's two sides
		// answer or end it (to anyone else it is not there); only trainers ask.
		"GET /api/clients":     []matrixRow{{path: "/api/clients", want: verified(200)}},
		"GET /api/clients/all": []matrixRow{{path: "/api/clients/all", want: verified(200)}},
		"POST /api/clients/add": []matrixRow{{path: "/api/clients/add", want: but(ownerOnly(403, 403), "removed", 201, "pending", 422, "trainer", 422),
			body: func(*matrixFixture) any { return map[string]any{"email": "owner@example.com"} }}},
		"DELETE /api/clients/{id}": []matrixRow{{at: func(fx *matrixFixture) string { return "/api/clients/" + fx.askOwner() }, want: ownerOnly(204, 404)}},
		"GET /api/trainers":        []matrixRow{{path: "/api/trainers", want: verified(200)}},
		"PUT /api/trainers/status": []matrixRow{{path: "/api/trainers/status", want: ownerOnly(200, 404),
			body: func(fx *matrixFixture) any { return map[string]any{"id": fx.askOwner(), "confirmed": true} }}},
		"DELETE /api/trainers/{id}": []matrixRow{{at: func(fx *matrixFixture) string { return "/api/trainers/" + fx.askOwner() }, want: ownerOnly(204, 404)}},
	}
}

// TestAuthorisationMatrix tries every route of the API as each role: anonymous, signed up but
// not verified, another user, a trainer of the owner who was removed, one whose request waits,
// the owner's confirmed trainer, and the owner. The route list comes from the router, so a
// route without rows (or rows for a route that is gone) fails.
func TestAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		owner, ownerID := e.signUp(t, "owner@example.com")
		owner.mustStatus(200, "PUT", "/api/users/edit", map[string]any{"firstName": "O", "surname": "W", "displayName": "Owner"})
		other, _ := e.signUp(t, "other@example.com")
		unverified := e.client(t)
		if res := unverified.do("POST", "/api/users/register", registration("unverified@example.com")); res.status != 201 {
			t.Fatalf("register: %d", res.status)
		}
		trainer, confirmed := trainerOf(t, e, pp, "trainer@example.com")
		pending, _ := trainerOf(t, e, pp, "pending@example.com")
		removed, ended := trainerOf(t, e, pp, "removed@example.com")
		asker, _ := trainerOf(t, e, pp, "asker@example.com")
		for _, id := range []string{confirmed, ended} {
			owner.mustStatus(200, "PUT", "/api/trainers/status", map[string]any{"id": id, "confirmed": true})
		}
		removed.mustStatus(204, "DELETE", "/api/clients/"+ended, nil)

		fx := &matrixFixture{t: t, e: e, asker: asker, ownerID: ownerID, roles: map[string]*client{"anonymous": e.client(t),
			"unverified": unverified, "other": other, "removed": removed, "pending": pending, "trainer": trainer, "owner": owner}}
		fx.weight, fx.size, fx.plan = fx.newWeight(), fx.newSize(), fx.newPlan()
		fx.workout = fx.create(owner, "/api/sessions/start", map[string]any{"name": "Legs"})
		fx.set, fx.planExerc = fx.newSet(), fx.newPlanExercise()

		routes := e.api.Routes()
		rows := matrix(fx)
		requests := 0
		for _, route := range routes {
			entry, ok := rows[route]
			if !ok {
				t.Errorf("%s has no rows in the authorisation matrix", route)
				continue
			}
			delete(rows, route)
			list, ok := entry.([]matrixRow)
			if !ok {
				continue // covered by the test it names
			}
			method := strings.Fields(route)[0]
			for _, row := range list {
				if row.at != nil {
					row.path = row.at(fx)
				}
				for _, role := range matrixRoles {
					var body any
					if row.body != nil {
						body = row.body(fx)
					}
					requests++
					if got := fx.roles[role].do(method, row.path, body); got.status != row.want[role] {
						t.Errorf("%s %s as %s: got %d, want %d (%.200s)", method, row.path, role, got.status, row.want[role], got.raw)
					}
				}
			}
		}
		for route := range rows {
			t.Errorf("the matrix has rows for %s, which the router does not serve", route)
		}
		t.Logf("%d routes, %d requests", len(routes), requests)
		if !slices.Contains(routes, "GET /api/sessions/{id}") {
			t.Fatalf("the route list looks wrong: %v", routes)
		}
	})
}

// authzCase is one row of the account area's matrix: a request and the status each role gets.
type authzCase struct {
	method, path string
	body         any
	want         map[string]int
}

func contains(r response, id string) bool {
	for _, m := range r.body["hydra:member"].([]any) {
		if m.(map[string]any)["id"] == id {
			return true
		}
	}
	return false
}
