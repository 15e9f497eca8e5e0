package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
	"github.com/gymlog/gymlog/projections/plans"
)

// shareDirectly records that the owner shared planID with clientID, as the share endpoint
// will once trainers have confirmed clients (issue #14), and waits for the plans read model.
func (e *env) shareDirectly(t *testing.T, ownerID, planID, clientID string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	data, _ := json.Marshal(plan.PlanShared{PlanID: planID, UserID: ownerID, ClientID: clientID, SharedAt: e.now})
	res, err := e.store.Append(ctx, "plan-"+planID, eventstore.Any, eventstore.EventData{ID: uuid.NewString(),
		Type: plan.TypePlanShared, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.runner.WaitFor(ctx, res.Position, plans.Name); err != nil {
		t.Fatal(err)
	}
}

// TestPlanCatalogueAuthorisationMatrix tries every catalogue, buying, publishing, sharing and
// Training Intel endpoint, and the plan endpoints whose answer depends on who has the plan, as
// each role: anonymous, unverified, the owner (a trainer), another user, a buyer and a client
// the plan is shared with. Those who have the plan see it in full; others see the preview of a
// published plan (and are refused its exercises) and nothing of an unpublished one; only the
// owner changes it.
func TestPlanCatalogueAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		owner := trainer(t, e, pp, "owner@example.com", "Owner")
		ownerID := owner.mustStatus(200, "GET", "/api/users/user/me", nil).str("id")
		other, _ := e.signUp(t, "other@example.com")
		buyer, _ := e.signUp(t, "buyer@example.com")
		sharedWith, clientID := e.signUp(t, "client@example.com")
		unverified := e.client(t)
		if res := unverified.do("POST", "/api/users/register", registration("unverified@example.com")); res.status != 201 {
			t.Fatalf("register: %d", res.status)
		}
		anonymous := e.client(t)

		onSale := publishedPlan(t, owner, "On sale", 5)
		buyer.mustStatus(200, "POST", "/api/plans/buy", map[string]any{"planId": onSale, "orderId": pp.AddOrder("GBP", "5.00", "COMPLETED")})
		e.shareDirectly(t, ownerID, onSale, clientID)
		private := owner.do("POST", "/api/plans/add", map[string]any{"name": "Private"}).str("id")
		e.shareDirectly(t, ownerID, private, clientID)
		exercise := owner.do("GET", "/api/plan_exercises/list/"+onSale, nil).body["hydra:member"].([]any)[0].(map[string]any)["id"].(string)

		roles := map[string]*client{"anonymous": anonymous, "unverified": unverified, "owner": owner, "other": other,
			"buyer": buyer, "client": sharedWith}
		listing := map[string]any{"price": 5, "tagline": "Get strong", "level": "Beginner"}
		share := map[string]any{"clientId": clientID}
		cases := []authzCase{
			{"GET", "/api/plans/catalogue", nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 200, "buyer": 200, "client": 200}},
			{"GET", "/api/plans/checkout-config", nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 200, "buyer": 200, "client": 200}},
			{"GET", "/api/plans/" + onSale, nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 200, "buyer": 200, "client": 200}},
			{"GET", "/api/plans/" + private, nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 404, "buyer": 404, "client": 200}},
			{"GET", "/api/plan_exercises/list/" + onSale, nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 403, "buyer": 200, "client": 200}},
			{"GET", "/api/plan_exercises/list/" + private, nil, map[string]int{"owner": 200, "other": 404, "buyer": 404, "client": 200}},
			{"GET", "/api/plan_exercises/" + exercise, nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 403, "buyer": 200, "client": 200}},
			{"GET", "/api/plans/" + onSale + "/unused-muscle-groups", nil, map[string]int{"owner": 200, "other": 403, "buyer": 200, "client": 200}},
			{"PUT", "/api/plans/" + onSale + "/publish", listing, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 403, "buyer": 403, "client": 403}},
			{"PUT", "/api/plans/" + private + "/publish", listing, map[string]int{"other": 403, "buyer": 403, "client": 403}},
			{"POST", "/api/plans/" + onSale + "/share", share, map[string]int{"anonymous": 401, "unverified": 403, "owner": 422, "other": 403, "buyer": 403, "client": 403}},
			{"GET", "/api/plans/" + onSale + "/clients-without", nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 403, "buyer": 403, "client": 403}},
			{"GET", "/api/plans/" + private + "/clients-without", nil, map[string]int{"owner": 200, "other": 404, "buyer": 404, "client": 403}},
			{"POST", "/api/plans/buy", map[string]any{"planId": onSale, "orderId": "NOSUCHORDER"}, map[string]int{"anonymous": 401, "unverified": 403, "owner": 422, "other": 422, "buyer": 422, "client": 422}},
			{"GET", "/api/plan_exercises/intel?name=Squat", nil, map[string]int{"anonymous": 401, "unverified": 403, "owner": 200, "other": 200, "buyer": 200, "client": 200}},
			{"PUT", "/api/plans/edit", map[string]any{"id": onSale, "name": "Renamed"}, map[string]int{"owner": 200, "other": 403, "buyer": 403, "client": 403}},
			{"DELETE", "/api/plan_exercises/" + exercise, nil, map[string]int{"other": 403, "buyer": 403, "client": 403}},
			{"DELETE", "/api/plans/" + onSale + "/publish", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "buyer": 403, "client": 403, "owner": 200}},
			{"DELETE", "/api/plans/" + onSale, nil, map[string]int{"other": 403, "buyer": 403, "client": 403, "owner": 204}},
		}
		for _, tc := range cases {
			for _, role := range []string{"anonymous", "unverified", "other", "buyer", "client", "owner"} {
				want, ok := tc.want[role]
				if !ok {
					continue
				}
				if got := roles[role].do(tc.method, tc.path, tc.body); got.status != want {
					t.Errorf("%s %s as %s: got %d, want %d (%.200s)", tc.method, tc.path, role, got.status, want, got.raw)
				}
			}
		}
		// The preview tells nothing but the listing; the client's list holds the plan with who made it.
		if res := other.do("GET", "/api/plans/"+private, nil); res.status != 404 {
			t.Errorf("private plan to another user: %d", res.status)
		}
		if list := sharedWith.do("GET", "/api/plans/list", nil); !contains(list, private) {
			t.Errorf("the client's list does not hold the plan shared with them: %s", list.raw)
		}
		if got := owner.do("GET", "/api/plans/"+private, nil); !strings.Contains(got.raw, `"sharedPlans":[{"clientId":"`+clientID+`"}]`) {
			t.Errorf("the owner does not see whom the plan was shared with: %s", got.raw)
		}
		if got := sharedWith.do("GET", "/api/plans/"+private, nil); !strings.Contains(got.raw, `"sharedPlans":[]`) ||
			!strings.Contains(got.raw, `"createdByDisplayName":"Owner"`) {
			t.Errorf("the client sees whom else the plan was shared with, or not who made it: %s", got.raw)
		}
		if list := buyer.do("GET", "/api/plans/list", nil); contains(list, private) {
			t.Errorf("the buyer's list holds a plan not theirs: %s", list.raw)
		}
	})
}
