package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// planNamed is the plan called name in c's list of plans, or nil.
func planNamed(c *client, name string) map[string]any {
	for _, p := range members(c.mustStatus(200, "GET", "/api/plans/all", nil)) {
		if p["name"] == name {
			return p
		}
	}
	return nil
}

// TestWhatWasPaidForStays: a buyer follows the plan they bought while its trainer keeps it,
// edited or taken off the catalogue; when the trainer deletes it or closes their account, the
// buyer and each client it was shared with keep it in full, as it stood, "By a former
// trainer": its exercises and targets, a workout started from it; nobody changes it.
func TestWhatWasPaidForStays(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		coach := trainer(t, e, pp, "coach@example.com", "Coach Carter")
		buyer, _ := e.signUp(t, "buyer@example.com")
		sharedWith, clientID := e.signUp(t, "client@example.com")
		coachID := coach.mustStatus(200, "GET", "/api/users/user/me", nil).str("id")

		block := publishedPlan(t, coach, "Strength block", 9.99)
		buyer.mustStatus(200, "POST", "/api/plans/buy", map[string]any{"planId": block, "orderId": pp.AddOrder("GBP", "9.99", "COMPLETED")})
		e.shareDirectly(t, coachID, block, clientID)
		private := publishedPlan(t, coach, "Client plan", 5)
		e.shareDirectly(t, coachID, private, clientID)

		// While the trainer keeps it, the buyer follows its changes, and keeps it unpublished.
		coach.mustStatus(200, "PUT", "/api/plans/edit", map[string]any{"id": block, "name": "Strength block v2", "notes": "Secret notes"})
		coach.mustStatus(200, "DELETE", "/api/plans/"+block+"/publish", nil)
		if got := buyer.mustStatus(200, "GET", "/api/plans/"+block, nil).str("name"); got != "Strength block v2" {
			t.Fatalf("the buyer sees %q", got)
		}

		// The trainer deletes the plan shared with the client: the client keeps a copy.
		coach.mustStatus(204, "DELETE", "/api/plans/"+private, nil)
		kept := planNamed(sharedWith, "Client plan")
		if kept == nil || kept["createdByDisplayName"] != "a former trainer" || kept["userId"] != "" || kept["id"] == private {
			t.Fatalf("the client's list holds %v", kept)
		}
		if planNamed(coach, "Client plan") != nil {
			t.Fatal("the trainer still has the plan they deleted")
		}
		sharedWith.mustStatus(http.StatusForbidden, "PUT", "/api/plans/edit", map[string]any{"id": kept["id"], "name": "Mine now"})
		sharedWith.mustStatus(http.StatusForbidden, "DELETE", "/api/plans/"+kept["id"].(string), nil)

		// The trainer closes their account: the buyer keeps the plan as it stood, in full.
		coach.mustStatus(200, "POST", "/api/users/delete", map[string]any{"userId": coachID, "accountClose": true})
		for _, c := range []*client{buyer, sharedWith} {
			p := planNamed(c, "Strength block v2")
			if p == nil || p["createdByDisplayName"] != "a former trainer" || p["notes"] != "Secret notes" || p["id"] == block {
				t.Fatalf("after the trainer closed their account, the list holds %v", p)
			}
			id := p["id"].(string)
			xs := members(c.mustStatus(200, "GET", "/api/plan_exercises/list/"+id, nil))
			if len(xs) != 1 || xs[0]["exercise"] != "Front Squat" || xs[0]["notes"] != "Secret cue" {
				t.Fatalf("the kept plan's exercises: %v", xs)
			}
			w := c.mustStatus(201, "POST", "/api/sessions/start/from-plan", map[string]any{"id": id, "startTime": "18:00"}).str("id")
			sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+w, nil))
			if len(sets) != 1 || sets[0]["exercise"] != "Front Squat" || sets[0]["weight"] != 100.0 {
				t.Fatalf("a workout started from the kept plan holds %v", sets)
			}
			c.mustStatus(204, "DELETE", "/api/sessions/"+w, nil)
		}
		buyer.mustStatus(http.StatusNotFound, "GET", "/api/plans/"+block, nil)
		if got := buyer.mustStatus(200, "GET", "/api/plans/all", nil).body["hydra:totalItems"]; got != 1.0 {
			t.Fatalf("the buyer has %v plans, want the one kept", got)
		}
	})
}
