package httpapi_test

import (
	"strings"
	"testing"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// fuzzCatalogueDecoder sends arbitrary bodies to one catalogue endpoint as a trainer who owns
// a published plan, with PayPal's stand-in configured; {plan} in the path and the seeds
// names that plan and {order} a captured order for it. Whatever arrives, the answer is never
// a 500.
func fuzzCatalogueDecoder(f *testing.F, method, path string, seeds ...string) {
	pp, opt := withPayPal(f)
	e := newEnv(f, "sqlite", opt)
	c, _ := e.signUp(f, "fuzz-catalogue@example.com")
	c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": pp.Add(paypaltest.PlanID, "ACTIVE")})
	plan := c.do("POST", "/api/plans/add", map[string]any{"name": "Strong"}).str("id")
	c.do("PUT", "/api/plans/"+plan+"/publish", map[string]any{"price": 9.99, "tagline": "x", "level": "Beginner"})
	order := pp.AddOrder("GBP", "9.99", paypaltest.OrderCompleted)
	fuzzBodies(f, e, c, method, path, strings.NewReplacer("{plan}", plan, "{order}", order), seeds)
}

func FuzzPublishPlan(f *testing.F) {
	fuzzCatalogueDecoder(f, "PUT", "/api/plans/{plan}/publish", `{"price":9.99,"tagline":"Get strong","level":"Beginner"}`,
		`{"price":"9.999","tagline":7,"level":null}`, `{"price":1e308,"tagline":"\u0000","level":"beginner"}`, `[]`, `{"price":-0}`)
}

func FuzzBuyPlan(f *testing.F) {
	fuzzCatalogueDecoder(f, "POST", "/api/plans/buy", `{"planId":"{plan}","orderId":"{order}"}`, `{"planId":"{plan}","orderId":"a/../b"}`,
		`{"planId":7,"orderId":["x"]}`, `{"planId":"","orderId":""}`, `{"orderId":"`+strings.Repeat("A", 70)+`"}`)
}

func FuzzSharePlan(f *testing.F) {
	fuzzCatalogueDecoder(f, "POST", "/api/plans/{plan}/share", `{"clientId":"c1"}`, `{"clientId":""}`, `{"clientId":{}}`, `null`)
}

func FuzzSetPlanTarget(f *testing.F) {
	fuzzCatalogueDecoder(f, "PUT", "/api/plans/{plan}/target", `{"timesAWeek":3}`, `{"timesAWeek":"3"}`, `{"timesAWeek":1e308}`,
		`{"timesAWeek":-0}`, `{"timesAWeek":2.5}`, `{"timesAWeek":[3]}`, `{}`, `null`)
}
