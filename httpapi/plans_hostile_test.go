package httpapi_test

import (
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// TestHostileCatalogueRequestsNeverStopAReadModel sends a seeded random sequence of
// publishing, buying, sharing, catalogue and Training Intel requests full of hostile input,
// as a trainer and two other users: no answer is a 5xx, and afterwards every read model is
// running at the head and a rebuild of each equals what was built live.
func TestHostileCatalogueRequestsNeverStopAReadModel(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		h := &hostile{rng: rand.New(rand.NewPCG(13, 2026))}
		coach := trainer(t, e, pp, "coach@example.com", "Coach")
		buyer, _ := e.signUp(t, "buyer@example.com")
		other, clientID := e.signUp(t, "other@example.com")
		users := []*client{coach, coach, buyer, other}
		var planIDs []string
		for _, name := range []string{"Strong", "Lean", "Quick"} {
			planIDs = append(planIDs, publishedPlan(t, coach, name, 9.99))
		}
		planIDs = append(planIDs, buyer.do("POST", "/api/plans/add", map[string]any{"name": "Mine"}).str("id"))
		orders := []string{pp.AddOrder("GBP", "9.99", "COMPLETED"), pp.AddOrder("GBP", "9.99", "COMPLETED"),
			pp.AddOrder("GBP", "9.99", "APPROVED"), pp.AddOrder("USD", "9.99", "COMPLETED"), pp.AddOrder("GBP", "1.00", "COMPLETED")}
		bought := 0
		const requests = 200
		for i := range requests {
			c := users[h.rng.IntN(len(users))]
			h.mean = h.rng.IntN(3) == 0
			method, path, body := "", "", ""
			switch h.rng.IntN(7) {
			case 0, 1:
				method, path, body = "PUT", "/api/plans/"+h.pathID(planIDs)+"/publish", object("price", h.number("9.99", "0.99", "199.99", "20"),
					"tagline", h.text("Get strong", "Lean in"), "level", h.text("Beginner", "Advanced", "intermediate"))
			case 2:
				method, path = "DELETE", "/api/plans/"+h.pathID(planIDs)+"/publish"
			case 3:
				method, path, body = "POST", "/api/plans/buy", object("planId", h.id(planIDs), "orderId", h.id(orders))
			case 4:
				method, path, body = "POST", "/api/plans/"+h.pathID(planIDs)+"/share", object("clientId", h.id([]string{clientID}))
			case 5:
				method, path = "GET", "/api/plans/catalogue?page="+h.number("1", "2")
			default:
				method, path = "GET", "/api/plan_exercises/intel?name="+h.pathID([]string{"Squat", "Front%20Squat"})
			}
			var payload any
			if body != "" {
				payload = body
			}
			headers := []string{}
			if k := h.key(); k != "" {
				headers = append(headers, "Idempotency-Key", k)
			}
			res := c.do(method, path, payload, headers...)
			if res.status >= 500 {
				t.Fatalf("request %d: %s %s %.300s: got %d %s", i, method, path, body, res.status, res.raw)
			}
			if path == "/api/plans/buy" && res.status == 200 {
				bought++
			}
		}
		purchases := 0
		for _, o := range orders {
			if n := e.purchases(t, o); n > 1 {
				t.Errorf("order %s bought %d times", o, n)
			} else {
				purchases += n
			}
		}
		t.Logf("%d requests, %d purchases answered, %d stored", requests, bought, purchases)
		if purchases == 0 || purchases > 2 {
			t.Errorf("purchases stored: %d, want 1 or 2 (two captured GBP orders at the price)", purchases)
		}
		e.checkReadModels(t)
	})
}

// The catalogue, sharing and purchase events as a careless or older writer might have
// stored them (nothing but an owner; about plans the read model does not hold; text the
// store now refuses) are applied live and rebuilt alike on both backends.
func TestOddCatalogueEventsApplyAndRebuild(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, userID := e.signUp(t, "odd@example.com")
		id := c.do("POST", "/api/plans/add", map[string]any{"name": "Odd"}).str("id")
		for _, typ := range []string{plan.TypePlanPublished, plan.TypePlanUnpublished, plan.TypePlanShared, plan.TypePlanBought} {
			e.appendUnchecked(t, "plan-"+id, typ, []byte(`{"userId":"`+userID+`"}`))
			e.appendUnchecked(t, "plan-nope", typ, []byte(`{"planId":"nope","userId":"u","clientId":"c","pricePence":-1}`))
		}
		e.appendUnchecked(t, "plan-"+id, plan.TypePlanPublished, []byte(`{"planId":"`+id+`","userId":"`+userID+
			`","pricePence":999,"currency":"GBP","tagline":"N\u0000ul \ud800","level":"`+strings.Repeat("L", 5000)+`"}`))
		e.appendUnchecked(t, "plan-"+id, plan.TypePlanShared, []byte(`{"planId":"`+id+`","userId":"`+userID+`","clientId":"\u0000"}`))
		e.appendUnchecked(t, "order-X", plan.TypePlanBought, []byte(`{"orderId":"X","planId":"`+id+`","userId":"someone"}`))
		// Kept plans: nothing but a keeper; onto someone's plan id, as its owner; odd text and
		// exercises without fields or ids.
		e.appendUnchecked(t, "plan-k0", plan.TypePlanKept, []byte(`{"userId":"u"}`))
		e.appendUnchecked(t, "plan-"+id, plan.TypePlanKept, []byte(`{"planId":"`+id+`","userId":"intruder","role":"owner",
			"exercises":[{"exerciseId":"kx","exercise":"Sneaky"}]}`))
		e.appendUnchecked(t, "plan-k1", plan.TypePlanKept, []byte(`{"planId":"k1","userId":"`+userID+`","role":"owner",
			"reason":"?","name":"Odd kept \u0000 \ud800","exercises":[{},{"exerciseId":"kx2","targets":[{"weight":-1e308}]},null]}`))
		e.checkReadModels(t)
		if xs := members(c.mustStatus(200, "GET", "/api/plan_exercises/list/"+id, nil)); len(xs) != 0 {
			t.Errorf("a kept plan's event under the plan's id added %v to it", xs)
		}
		for _, p := range members(c.mustStatus(200, "GET", "/api/plans/all", nil)) {
			if p["id"] == "k1" && p["createdByDisplayName"] != "a former trainer" {
				t.Errorf("the odd kept plan: %v", p)
			}
		}
		c.mustStatus(http.StatusForbidden, "PUT", "/api/plans/edit", map[string]any{"id": "k1", "name": "Owner now?"})
		if res := c.do("GET", "/api/plans/catalogue", nil); res.status != 200 {
			t.Errorf("catalogue: %d %s", res.status, res.raw)
		}
	})
}
