package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// subscribe makes c a personal trainer through the PayPal stand-in.
func subscribe(t *testing.T, c *client, pp *paypaltest.Server) {
	t.Helper()
	res := c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": pp.Add(paypaltest.PlanID, "ACTIVE")})
	if res.status != http.StatusOK || res.body["trainer"] != true {
		t.Fatalf("subscribe: got %d %s", res.status, res.raw)
	}
}

// named gives c a display name, the user filter's key.
func named(t *testing.T, c *client, name string) {
	t.Helper()
	res := c.do("PUT", "/api/users/edit", map[string]any{"firstName": "Ada", "surname": "Lovelace", "displayName": name,
		"dashboardChart": "Weight", "icon": "fa-user"})
	if res.status != http.StatusOK {
		t.Fatalf("edit profile: got %d %s", res.status, res.raw)
	}
}

// A trainer asks an account holder and an address nobody has signed up with; the first
// accepts, the second signs up and rejects; only while confirmed does the trainer follow the
// client's progress; strangers can neither answer nor end a relationship; either side ends it.
func TestTrainersAndClients(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		trainer, _ := e.signUp(t, "tia@example.com")
		ada, adaID := e.signUp(t, "ada@example.com")
		stranger, _ := e.signUp(t, "sam@example.com")
		named(t, ada, "AdaL")
		const progress = "/api/sessions/time/average-duration?user.displayName=AdaL"
		workout := ada.do("POST", "/api/sessions/start", map[string]any{"name": "Legs"}).str("id")
		ada.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": workout, "exercise": "Squat", "weight": 100, "reps": 5})
		// reads is what a trainer may read of a confirmed client's: their workouts and sets.
		reads := func(c *client, want int) {
			t.Helper()
			for _, path := range []string{progress, "/api/sessions/" + workout, "/api/exercise_logs/list/" + workout,
				"/api/sessions/list?user.displayName=AdaL"} {
				if res := c.do("GET", path, nil); res.status != want {
					t.Errorf("GET %s: got %d %s, want %d", path, res.status, res.raw, want)
				}
			}
		}

		if res := ada.do("POST", "/api/clients/add", map[string]any{"email": "sam@example.com"}); res.status != http.StatusForbidden {
			t.Errorf("a standard user adding a client: got %d %s, want 403", res.status, res.raw)
		}
		subscribe(t, trainer, pp)
		for _, bad := range []map[string]any{{"email": "ada@"}, {}, {"email": 7}, {"email": "x\u0000@example.com"}, {"email": "tia@example.com"}} {
			if res := trainer.do("POST", "/api/clients/add", bad); res.status != 422 || res.violation("email") == "" {
				t.Errorf("add %v: got %d %s, want 422 on email", bad, res.status, res.raw)
			}
		}
		add := trainer.do("POST", "/api/clients/add", map[string]any{"email": " Ada@Example.com"})
		if add.status != http.StatusCreated || add.str("status") != "Requested" || add.str("clientDisplayName") != "AdaL" ||
			add.str("clientId") != adaID {
			t.Fatalf("add ada: got %d %s", add.status, add.raw)
		}
		adaRel := add.str("id")
		if res := trainer.do("POST", "/api/clients/add", map[string]any{"email": "ada@example.com"}); res.status != 422 {
			t.Errorf("asking twice: got %d %s, want 422", res.status, res.raw)
		}
		invite := trainer.do("POST", "/api/clients/add", map[string]any{"email": "new@example.com"})
		if invite.status != http.StatusCreated || invite.str("status") != "Invited" || invite.str("clientDisplayName") != "new@example.com" {
			t.Fatalf("invite: got %d %s", invite.status, invite.raw)
		}

		if me := ada.do("GET", "/api/users/user/me", nil); me.body["pendingTrainers"] != 1.0 || me.body["trainersClient"] != false {
			t.Errorf("ada before answering: %s", me.raw)
		}
		list := members(ada.do("GET", "/api/trainers", nil))
		if len(list) != 1 || list[0]["trainerDisplayName"] != "Ada Lovelace" || list[0]["status"] != "Requested" {
			t.Errorf("ada's trainers: %v", list)
		}
		reads(trainer, http.StatusForbidden) // a pending request follows nobody
		for _, c := range []*client{stranger, trainer} {
			if res := c.do("PUT", "/api/trainers/status", map[string]any{"id": adaRel, "confirmed": true}); res.status != http.StatusNotFound {
				t.Errorf("someone else accepting: got %d %s, want 404", res.status, res.raw)
			}
		}
		if res := stranger.do("DELETE", "/api/clients/"+adaRel, nil); res.status != http.StatusNotFound {
			t.Errorf("a stranger ending it: got %d, want 404", res.status)
		}
		if res := ada.do("PUT", "/api/trainers/status", map[string]any{"id": adaRel}); res.status != 422 {
			t.Errorf("no answer: got %d %s, want 422", res.status, res.raw)
		}
		res := ada.do("PUT", "/api/trainers/status", map[string]any{"id": adaRel, "confirmed": true, "rejected": false})
		if res.status != 200 || res.str("status") != "Confirmed" || res.body["trainersClient"] != true || res.body["pendingTrainers"] != 0.0 {
			t.Fatalf("accept: got %d %s", res.status, res.raw)
		}
		if res := ada.do("PUT", "/api/trainers/status", map[string]any{"id": adaRel, "rejected": true}); res.status != 422 {
			t.Errorf("answering twice: got %d %s, want 422", res.status, res.raw)
		}
		reads(trainer, http.StatusOK)
		reads(stranger, http.StatusForbidden)
		list = members(trainer.do("GET", "/api/sessions/list?user.displayName=AdaL", nil))
		if len(list) != 1 || list[0]["id"] != workout || list[0]["userDisplayName"] != "AdaL" {
			t.Errorf("ada's workouts as her trainer sees them: %v", list)
		}
		// Her workout, opened by her trainer, says whose it is; to her it does not.
		if res := trainer.do("GET", "/api/sessions/"+workout, nil); res.status != 200 || res.body["userDisplayName"] != "AdaL" {
			t.Errorf("ada's workout as her trainer opens it: %d %s", res.status, res.raw)
		}
		if res := ada.do("GET", "/api/sessions/"+workout, nil); res.status != 200 || res.body["userDisplayName"] != nil {
			t.Errorf("ada's workout as she opens it: %d %s", res.status, res.raw)
		}
		plan := ada.do("POST", "/api/plans/add", map[string]any{"name": "Ada's own"}).str("id")
		if list := members(trainer.do("GET", "/api/plans/list?userFilter=AdaL", nil)); len(list) != 1 || list[0]["id"] != plan {
			t.Errorf("ada's plans as her trainer sees them: %v", list)
		}
		trainer.mustStatus(200, "GET", "/api/plans/"+plan, nil)
		if res := trainer.do("PUT", "/api/plans/edit", map[string]any{"id": plan, "name": "Mine"}); res.status != http.StatusForbidden {
			t.Errorf("the trainer editing her plan: got %d %s, want 403", res.status, res.raw)
		}
		// Training Intel: the trainer's card holds her performance of the exercise.
		intel := trainer.do("GET", "/api/plan_exercises/intel?name=Squat", nil)
		if cs, _ := intel.body["clients"].([]any); len(cs) != 1 || cs[0].(map[string]any)["clientDisplayName"] != "AdaL" ||
			len(cs[0].(map[string]any)["sessions"].([]any)) != 1 {
			t.Errorf("the trainer's Training Intel: %s", intel.raw)
		}
		// Reading is all: the trainer changes nothing of hers.
		if res := trainer.do("PUT", "/api/sessions/edit", map[string]any{"id": workout, "name": "Mine"}); res.status != http.StatusForbidden {
			t.Errorf("the trainer editing her workout: got %d %s, want 403", res.status, res.raw)
		}
		if res := trainer.do("DELETE", "/api/sessions/"+workout, nil); res.status != http.StatusForbidden {
			t.Errorf("the trainer deleting her workout: got %d %s, want 403", res.status, res.raw)
		}

		// A client without a display name is followed by the name the list shows them by.
		if res := trainer.do("GET", "/api/sessions/list?userFilter=Nobody%20Named", nil); res.status != http.StatusForbidden {
			t.Errorf("a name that is no client's: got %d, want 403", res.status)
		}

		// The invited address signs up: the request reaches them, and the trainer sees it as
		// Requested from then on.
		newcomer, _ := e.signUp(t, "new@example.com")
		if list := members(newcomer.do("GET", "/api/trainers", nil)); len(list) != 1 || list[0]["id"] != invite.str("id") {
			t.Fatalf("the newcomer's trainers: %v", list)
		}
		clients := members(trainer.do("GET", "/api/clients", nil))
		if len(clients) != 2 || clients[0]["status"] != "Requested" || clients[0]["clientDisplayName"] != "Ada Lovelace" ||
			clients[1]["status"] != "Confirmed" {
			t.Errorf("the trainer's clients: %v", clients)
		}
		if res := newcomer.do("PUT", "/api/trainers/status", map[string]any{"id": invite.str("id"), "rejected": true}); res.str("status") != "Rejected" {
			t.Errorf("reject: got %d %s", res.status, res.raw)
		}
		// A no holds for 30 days: asking again before is refused on the address, with the day
		// it may be asked again; from then the request goes out.
		declined := e.now
		e.now = declined.AddDate(0, 0, 30).Add(-time.Minute)
		res = trainer.do("POST", "/api/clients/add", map[string]any{"email": "new@example.com"})
		if want := "This person declined your request on " + declined.Format("02/01/2006") + ". You can ask again from " +
			declined.AddDate(0, 0, 30).Format("02/01/2006") + "."; res.status != 422 || res.violation("email") != want {
			t.Errorf("asking again within 30 days of the rejection: got %d %s", res.status, res.raw)
		}
		// (The sessions would have ended by then: the trainer signs in again, and the clock goes
		// back for the rest of the test.)
		e.now = declined.AddDate(0, 0, 30)
		if got := login(trainer, "tia@example.com", "Secret123"); got != http.StatusOK {
			t.Fatalf("the trainer signing in again: %d", got)
		}
		if res := trainer.do("POST", "/api/clients/add", map[string]any{"email": "new@example.com"}); res.status != http.StatusCreated {
			t.Errorf("asking again 30 days after the rejection: got %d %s", res.status, res.raw)
		}
		e.now = declined

		// The trainer removes ada: the trainer follows her no more, and may ask again.
		if res := trainer.do("DELETE", "/api/clients/"+adaRel, nil); res.status != http.StatusNoContent {
			t.Fatalf("remove: got %d %s", res.status, res.raw)
		}
		reads(trainer, http.StatusForbidden) // a removed client is followed no more
		if list := members(ada.do("GET", "/api/trainers", nil)); len(list) != 0 {
			t.Errorf("ada's trainers after removal: %v", list)
		}
		if res := trainer.do("POST", "/api/clients/add", map[string]any{"email": "ada@example.com"}); res.status != http.StatusCreated {
			t.Errorf("asking again: got %d %s", res.status, res.raw)
		}
		if res := ada.do("DELETE", "/api/trainers/"+adaRel, nil); res.status != http.StatusNoContent {
			t.Errorf("ada withdrawing from the new request: got %d %s", res.status, res.raw)
		}
		e.checkReadModels(t)
	})
}

// Closing an account ends its relationships on both sides, and erases the person's address
// from the requests sent to it before they signed up.
func TestClosingAnAccountEndsItsRelationships(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		trainer, _ := e.signUp(t, "tia@example.com")
		subscribe(t, trainer, pp)
		ada, adaID := e.signUp(t, "ada.quetzal@example.com")
		rel := trainer.do("POST", "/api/clients/add", map[string]any{"email": "ada.quetzal@example.com"}).str("id")
		ada.mustStatus(200, "PUT", "/api/trainers/status", map[string]any{"id": rel, "confirmed": true})
		plan := trainer.do("POST", "/api/plans/add", map[string]any{"name": "Push A"}).str("id")
		if res := trainer.do("POST", "/api/plans/"+plan+"/share", map[string]any{"clientId": adaID}); res.status >= 300 {
			t.Fatalf("share: %d %s", res.status, res.raw)
		}
		if !strings.Contains(e.readModelDump(t), adaID) {
			t.Fatal("before closing, the client's id is in no read model: the test would prove nothing")
		}
		// The For column names a client who chose no display name by their names, as the
		// client list does.
		if got := trainer.do("GET", "/api/plans/"+plan, nil); !strings.Contains(got.raw, `"createdFor":["Ada Lovelace"]`) ||
			!strings.Contains(got.raw, `"sharedPlans":[{"clientId":"`+adaID+`"}]`) {
			t.Errorf("the plan shared with a client without a display name: %s", got.raw)
		}
		trainer.mustStatus(201, "POST", "/api/clients/add", map[string]any{"email": "late.zebu@example.com"})
		late, lateID := e.signUp(t, "late.zebu@example.com")
		if list := members(late.do("GET", "/api/trainers", nil)); len(list) != 1 {
			t.Fatalf("the late sign-up's trainers: %v", list)
		}

		for _, c := range []struct {
			who *client
			id  string
		}{{ada, adaID}, {late, lateID}} {
			if res := c.who.do("POST", "/api/users/delete", map[string]any{"userId": c.id, "accountClose": true}); res.status != 200 {
				t.Fatalf("close: got %d %s", res.status, res.raw)
			}
		}
		if list := members(trainer.do("GET", "/api/clients", nil)); len(list) != 0 {
			t.Errorf("the trainer's clients after both closed: %v", list)
		}
		if me := trainer.do("GET", "/api/users/user/me", nil); me.status != 200 {
			t.Errorf("the trainer: %d", me.status)
		}
		dump := e.dump(t)
		for _, s := range []string{"ada.quetzal@example.com", "late.zebu@example.com"} {
			if strings.Contains(dump, s) {
				t.Errorf("after closing, %q is still in the database", s)
			}
		}
		// The trainer's own events keep naming the client (the plan shared with them); no read
		// model does: not the plan's clients (the For column, sharedPlans).
		models := e.readModelDump(t)
		for _, id := range []string{adaID, lateID} {
			for _, row := range strings.Split(models, "\n") {
				if strings.Contains(row, id) {
					t.Errorf("after closing, a read model still holds %s: %.300s", id, row)
				}
			}
		}
		if got := trainer.do("GET", "/api/plans/"+plan, nil); !strings.Contains(got.raw, `"sharedPlans":[]`) {
			t.Errorf("the plan shared with the closed client: %s", got.raw)
		}
		e.checkReadModels(t)
	})
}
