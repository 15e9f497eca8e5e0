package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// trainer signs up email, names them displayName and makes them a trainer with a
// subscription the stand-in holds.
func trainer(t *testing.T, e *env, pp *paypaltest.Server, email, displayName string) *client {
	t.Helper()
	c, _ := e.signUp(t, email)
	c.mustStatus(200, "PUT", "/api/users/edit", map[string]any{"firstName": "T", "surname": "R", "displayName": displayName})
	c.mustStatus(200, "POST", "/api/users/subscribe", map[string]any{"subscriptionId": pp.Add(paypaltest.PlanID, "ACTIVE")})
	return c
}

// publishedPlan creates a plan with one exercise as c and publishes it at price.
func publishedPlan(t *testing.T, c *client, name string, price float64) string {
	t.Helper()
	id := c.do("POST", "/api/plans/add", map[string]any{"name": name, "notes": "Secret notes"}).str("id")
	c.mustStatus(201, "POST", "/api/plan_exercises/add", map[string]any{"plan": id, "exercise": "Front Squat",
		"targets": []any{map[string]any{"weight": 100, "reps": 5}}, "notes": "Secret cue"})
	c.mustStatus(200, "PUT", "/api/plans/"+id+"/publish", map[string]any{"price": price, "tagline": "Get strong", "level": "Beginner"})
	return id
}

// standIn sends a request to the stand-in as the JS SDK would.
func standIn(pp *paypaltest.Server, method, path, body string) int {
	rec := httptest.NewRecorder()
	pp.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader(body)))
	return rec.Code
}

// purchases counts the purchases stored in an order's stream.
func (e *env) purchases(t *testing.T, orderID string) int {
	t.Helper()
	events, err := e.store.ReadStream(context.Background(), "order-"+orderID, 0)
	if err != nil {
		return 0
	}
	n := 0
	for _, ev := range events {
		if ev.Type == plan.TypePlanBought {
			n++
		}
	}
	return n
}

// A trainer publishes a plan; it shows in the catalogue and as a preview to others; a buyer
// pays with a captured order the server reads back from PayPal and then has the plan in
// full; the same order again is answered without a second purchase; the order for another
// buyer or plan, a capture PayPal refused, another amount or currency, and an unknown order
// buy nothing.
func TestBuyingACataloguePlan(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		coach := trainer(t, e, pp, "coach@example.com", "Coach")
		buyer, _ := e.signUp(t, "buyer@example.com")
		other, _ := e.signUp(t, "other@example.com")

		empty := buyer.mustStatus(200, "GET", "/api/plans/catalogue", nil)
		if empty.body["hydra:totalItems"] != float64(0) {
			t.Fatalf("empty catalogue: %s", empty.raw)
		}
		strong := publishedPlan(t, coach, "Strong", 9.99)
		second := publishedPlan(t, coach, "Second", 19.5)

		// Publishing: every field checked, trainers only.
		bad := coach.mustStatus(422, "PUT", "/api/plans/"+strong+"/publish", map[string]any{"price": 0.5, "tagline": "", "level": "Pro"})
		for _, field := range []string{"price", "tagline", "level"} {
			if bad.violation(field) == "" {
				t.Errorf("publish: no violation on %s: %s", field, bad.raw)
			}
		}
		mine := buyer.do("POST", "/api/plans/add", map[string]any{"name": "Mine"}).str("id")
		buyer.mustStatus(403, "PUT", "/api/plans/"+mine+"/publish", map[string]any{"price": 5, "tagline": "x", "level": "Advanced"})

		page := buyer.mustStatus(200, "GET", "/api/plans/catalogue?page=1", nil)
		members, _ := page.body["hydra:member"].([]any)
		if page.body["hydra:totalItems"] != float64(2) || len(members) != 2 {
			t.Fatalf("catalogue: %s", page.raw)
		}
		row := members[1].(map[string]any)
		if row["name"] != "Strong" || row["price"] != 9.99 || row["tagline"] != "Get strong" || row["level"] != "Beginner" ||
			row["createdByDisplayName"] != "Coach" || row["owned"] != false || row["notes"] != nil {
			t.Errorf("catalogue row: %v", row)
		}

		// Others see the preview: the listing and the exercises' names, nothing more.
		preview := buyer.mustStatus(200, "GET", "/api/plans/"+strong, nil)
		if preview.body["preview"] != true || preview.body["notes"] != nil || texts(preview.body["exercises"])[0] != "Front Squat" ||
			strings.Contains(preview.raw, "Secret") {
			t.Errorf("preview: %s", preview.raw)
		}
		buyer.mustStatus(403, "GET", "/api/plan_exercises/list/"+strong, nil)

		// A capture PayPal refused leaves an order that buys nothing.
		declined := pp.AddOrder("GBP", "9.99", paypaltest.OrderApproved)
		pp.DeclineCaptures(true)
		if code := standIn(pp, "POST", "/sdk/orders/"+declined+"/capture", ""); code != 422 {
			t.Fatalf("declined capture: got %d", code)
		}
		pp.DeclineCaptures(false)
		for name, order := range map[string]string{"declined": declined, "another amount": pp.AddOrder("GBP", "0.99", "COMPLETED"),
			"another currency": pp.AddOrder("USD", "9.99", "COMPLETED"), "unknown": "NOSUCHORDER1"} {
			res := buyer.mustStatus(422, "POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": order})
			if res.violation("orderId") == "" {
				t.Errorf("%s order: %s", name, res.raw)
			}
		}

		// The browser's order: created for the plan's name and price, approved, captured.
		paid := pp.AddOrder("GBP", "9.99", paypaltest.OrderApproved)
		if code := standIn(pp, "POST", "/sdk/orders/"+paid+"/capture", ""); code != 201 {
			t.Fatalf("capture: got %d", code)
		}
		coach.mustStatus(422, "POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": paid}) // the owner
		full := buyer.mustStatus(200, "POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": paid})
		if full.body["preview"] != nil || full.str("notes") != "Secret notes" {
			t.Fatalf("bought: %s", full.raw)
		}
		buyer.mustStatus(200, "POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": paid}, "Idempotency-Key", "again")
		if n := e.purchases(t, paid); n != 1 {
			t.Errorf("replayed order: %d purchases, want 1", n)
		}
		other.mustStatus(422, "POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": paid})
		buyer.mustStatus(422, "POST", "/api/plans/buy", map[string]any{"planId": second, "orderId": paid})
		if n := e.purchases(t, paid); n != 1 {
			t.Errorf("reused order: %d purchases, want 1", n)
		}

		// A second payment for the plan the buyer has (another window, a double tap) buys
		// nothing and is refunded through PayPal, once, however often it is sent.
		twice := pp.AddOrder("GBP", "9.99", paypaltest.OrderCompleted)
		for range 2 {
			res := buyer.mustStatus(422, "POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": twice})
			if got, want := res.violation("orderId"), "You have this plan already, so this payment was refunded."; got != want {
				t.Errorf("second payment: got %q, want %q", got, want)
			}
		}
		if n := e.purchases(t, twice); n != 0 {
			t.Errorf("second payment: %d purchases, want 0", n)
		}
		if o, _ := pp.GetOrder(twice); o.RefundID == "" {
			t.Errorf("second payment: not refunded: %+v", o)
		}
		if o, _ := pp.GetOrder(paid); o.RefundID != "" {
			t.Errorf("the first payment was refunded: %+v", o)
		}

		// The buyer has it in full, in their list, with who made it; it is owned in the catalogue.
		buyer.mustStatus(200, "GET", "/api/plan_exercises/list/"+strong, nil)
		list := buyer.mustStatus(200, "GET", "/api/plans/list", nil)
		if !contains(list, strong) || !strings.Contains(list.raw, `"createdByDisplayName":"Coach"`) || strings.Contains(list.raw, "sharedPlans\":[{") {
			t.Errorf("buyer's list: %s", list.raw)
		}
		if page := buyer.mustStatus(200, "GET", "/api/plans/catalogue", nil); !strings.Contains(page.raw, `"owned":true`) {
			t.Errorf("catalogue after buying: %s", page.raw)
		}

		// Unpublished: gone from the catalogue and from strangers; the buyer keeps it.
		coach.mustStatus(200, "DELETE", "/api/plans/"+strong+"/publish", nil)
		if page := other.mustStatus(200, "GET", "/api/plans/catalogue", nil); page.body["hydra:totalItems"] != float64(1) {
			t.Errorf("catalogue after unpublishing: %s", page.raw)
		}
		other.mustStatus(404, "GET", "/api/plans/"+strong, nil)
		buyer.mustStatus(200, "GET", "/api/plans/"+strong, nil)
		if res := buyer.mustStatus(404, "POST", "/api/plans/buy", map[string]any{"planId": strong,
			"orderId": pp.AddOrder("GBP", "9.99", "COMPLETED")}); res.status != 404 {
			t.Errorf("buying an unpublished plan: %s", res.raw)
		}
	})
}

// Without PayPal configured, buying answers that payments are off, and the checkout
// configuration says so.
func TestBuyingWithoutPayments(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "nopay@example.com")
	if cfg := c.mustStatus(200, "GET", "/api/plans/checkout-config", nil); cfg.body["configured"] != false || cfg.str("currency") != "GBP" {
		t.Errorf("checkout config: %s", cfg.raw)
	}
	c.mustStatus(404, "POST", "/api/plans/buy", map[string]any{"planId": "p", "orderId": "O1"})
}

func TestCheckoutConfig(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, _ *paypaltest.Server) {
		c, _ := e.signUp(t, "cfg@example.com")
		cfg := c.mustStatus(200, "GET", "/api/plans/checkout-config", nil)
		if cfg.body["configured"] != true || !strings.Contains(cfg.str("sdkUrl"), "currency=GBP") ||
			!strings.Contains(cfg.str("sdkUrl"), "intent=capture") {
			t.Errorf("checkout config: %s", cfg.raw)
		}
	})
}

// Sharing needs a confirmed client, and there are none until trainers have clients (issue
// #14): a trainer owner is told the user is not their client, anyone else may not share.
func TestSharingAPlan(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		coach := trainer(t, e, pp, "coach@example.com", "Coach")
		client, clientID := e.signUp(t, "client@example.com")
		id := coach.do("POST", "/api/plans/add", map[string]any{"name": "For you"}).str("id")
		res := coach.mustStatus(422, "POST", "/api/plans/"+id+"/share", map[string]any{"clientId": clientID})
		if res.violation("clientId") != "This user is not your client." {
			t.Errorf("share: %s", res.raw)
		}
		coach.mustStatus(422, "POST", "/api/plans/"+id+"/share", map[string]any{"clientId": ""})
		client.mustStatus(403, "POST", "/api/plans/"+id+"/share", map[string]any{"clientId": clientID})
		without := coach.mustStatus(200, "GET", "/api/plans/"+id+"/clients-without", nil)
		if without.body["hydra:totalItems"] != float64(0) {
			t.Errorf("clients without: %s", without.raw)
		}
		client.mustStatus(404, "GET", "/api/plans/"+id+"/clients-without", nil)
	})
}

// Training Intel shows the user's last three workouts with the exercise, newest first,
// with their sets in the user's unit, and the personal best; no clients yet.
func TestTrainingIntel(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "intel@example.com")
		empty := c.mustStatus(200, "GET", "/api/plan_exercises/intel?name=Front%20Squat", nil)
		if len(empty.body["sessions"].([]any)) != 0 || empty.body["best"] != nil || len(empty.body["clients"].([]any)) != 0 {
			t.Fatalf("no history: %s", empty.raw)
		}
		for i, day := range []string{"2026-11-01", "2026-11-03", "2026-11-05", "2026-11-07"} {
			w := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": day, "startTime": "08:00",
				"finishTime": "09:00", "name": "Legs"}).str("id")
			set := c.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": w, "exercise": "Front Squat",
				"weight": 100 + 5*i, "reps": 5}).str("id")
			c.mustStatus(200, "PUT", "/api/exercise_logs/done", map[string]any{"id": set, "rpe": 8})
		}
		intel := c.mustStatus(200, "GET", "/api/plan_exercises/intel?name=front%20squat", nil)
		sessions, _ := intel.body["sessions"].([]any)
		if len(sessions) != 3 || sessions[0].(map[string]any)["date"] != "2026-11-07" || sessions[2].(map[string]any)["date"] != "2026-11-03" {
			t.Fatalf("sessions: %s", intel.raw)
		}
		first := sessions[0].(map[string]any)["sets"].([]any)[0].(map[string]any)
		if first["weight"] != float64(115) || first["reps"] != float64(5) || first["weightUnit"] != "kg" {
			t.Errorf("latest set: %v", first)
		}
		if best, _ := intel.body["best"].(map[string]any); best == nil || best["weight"] != float64(115) {
			t.Errorf("best: %s", intel.raw)
		}
		c.mustStatus(422, "GET", "/api/plan_exercises/intel?name=", nil)
		c.mustStatus(422, "GET", "/api/plan_exercises/intel?name="+strings.Repeat("a", 101), nil)
		if res := e.client(t).do("GET", "/api/plan_exercises/intel?name=Squat", nil); res.status != http.StatusUnauthorized {
			t.Errorf("anonymous: got %d", res.status)
		}
	})
}

// Orders paid for the same plan at the same instant (two windows, a double tap) buy it once:
// the first to claim it; every other is refused and refunded through PayPal.
func TestSimultaneousOrdersBuyOnce(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		coach := trainer(t, e, pp, "coach@example.com", "Coach")
		buyer, _ := e.signUp(t, "buyer@example.com")
		strong := publishedPlan(t, coach, "Strong", 9.99)
		const n = 4
		orders := make([]string, n)
		for i := range orders {
			orders[i] = pp.AddOrder("GBP", "9.99", paypaltest.OrderCompleted)
		}
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i, order := range orders {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = buyer.do("POST", "/api/plans/buy", map[string]any{"planId": strong, "orderId": order}).status
			}()
		}
		wg.Wait()
		bought, refunded := 0, 0
		for i, order := range orders {
			o, _ := pp.GetOrder(order)
			switch p := e.purchases(t, order); {
			case statuses[i] == 200 && p == 1 && o.RefundID == "":
				bought++
			case statuses[i] == 422 && p == 0 && o.RefundID != "":
				refunded++
			default:
				t.Errorf("order %d: answered %d, %d purchases, refund %q", i, statuses[i], p, o.RefundID)
			}
		}
		if bought != 1 || refunded != n-1 {
			t.Errorf("%d orders bought the plan and %d were refunded, want 1 and %d", bought, refunded, n-1)
		}
	})
}
