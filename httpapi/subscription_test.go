package httpapi_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/httpapi"
	"github.com/gymlog/gymlog/httpapi/paypal"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// withPayPal starts the PayPal stand-in and configures the API to use it.
func withPayPal(t testing.TB) (*paypaltest.Server, func(*httpapi.Deps)) {
	pp := paypaltest.New()
	srv := httptest.NewServer(pp)
	t.Cleanup(srv.Close)
	return pp, func(d *httpapi.Deps) {
		d.Payments = paypal.Config{APIURL: srv.URL, SDKURL: srv.URL + "/sdk/js", ClientID: paypaltest.ClientID,
			Secret: paypaltest.Secret, PlanID: paypaltest.PlanID, WebhookID: paypaltest.WebhookID}
	}
}

// backendsWithPayPal runs test on each backend with its own PayPal stand-in.
func backendsWithPayPal(t *testing.T, test func(t *testing.T, e *env, pp *paypaltest.Server)) {
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			pp, opt := withPayPal(t)
			test(t, newEnv(t, backend, opt), pp)
		})
	}
}

func webhook(eventID, eventType, subID string) []byte {
	return []byte(fmt.Sprintf(`{"id":%q,"event_type":%q,"resource_type":"subscription","resource":{"id":%q,"status":"CANCELLED"}}`,
		eventID, eventType, subID))
}

func (c *client) postRaw(path string, body []byte, h http.Header) response {
	c.t.Helper()
	req, _ := http.NewRequest("POST", c.e.srv.URL+path, bytes.NewReader(body))
	req.Header = h.Clone()
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(res.Body)
	return response{status: res.StatusCode, header: res.Header, raw: buf.String()}
}

func TestPaymentsNotConfigured(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	res := e.client(t).do("GET", "/api/payments/config", nil)
	if res.status != 200 || res.body["configured"] != false || res.body["sdkUrl"] != nil {
		t.Errorf("config: got %d %s", res.status, res.raw)
	}
	c, _ := e.signUp(t, "ada@example.com")
	if res := c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": "I-1"}); res.status != 404 {
		t.Errorf("subscribe: got %d %s, want 404", res.status, res.raw)
	}
}

func TestSubscribeVerifiesWithPayPal(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		cfg := e.client(t).do("GET", "/api/payments/config", nil)
		if cfg.body["configured"] != true || cfg.body["planId"] != paypaltest.PlanID ||
			!strings.Contains(cfg.str("sdkUrl"), "/sdk/js?client-id="+paypaltest.ClientID) {
			t.Errorf("config: got %s", cfg.raw)
		}
		c, _ := e.signUp(t, "ada@example.com")
		cases := []struct {
			subID, want string
		}{
			{"I-MADEUP", "The subscription could not be found."},
			{pp.Add(paypaltest.PlanID, "APPROVAL_PENDING"), "The subscription is not active."},
			{pp.Add("P-OTHER", "ACTIVE"), "The subscription is not for the trainer plan."},
		}
		for _, tc := range cases {
			res := c.do("POST", "/api/users/subscribe", map[string]any{"paymentSource": "paypal", "orderId": "O1", "subscriptionId": tc.subID})
			if res.status != 422 || res.violation("subscriptionId") != tc.want {
				t.Errorf("subscription %s: got %d %s, want 422 %q", tc.subID, res.status, res.raw, tc.want)
			}
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.body["trainer"] != false {
			t.Fatalf("trainer before a good subscription: %s", me.raw)
		}
		good := pp.Add(paypaltest.PlanID, "ACTIVE")
		for i := range 2 {
			res := c.do("POST", "/api/users/subscribe", map[string]any{"paymentSource": "paypal", "orderId": "O1", "subscriptionId": good})
			if res.status != 200 || res.body["trainer"] != true {
				t.Fatalf("subscribe (attempt %d): got %d %s", i+1, res.status, res.raw)
			}
		}
		another := pp.Add(paypaltest.PlanID, "ACTIVE")
		if res := c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": another}); res.status != 409 {
			t.Errorf("a second subscription: got %d %s, want 409", res.status, res.raw)
		}
	})
}

func TestWebhookAndRecheckEndTheTrainerAfterThePaidPeriod(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		c, _ := e.signUp(t, "ada@example.com")
		sub := pp.Add(paypaltest.PlanID, "ACTIVE")
		if res := c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": sub}); res.status != 200 {
			t.Fatalf("subscribe: %d %s", res.status, res.raw)
		}
		paidUntil := e.now.Add(10 * 24 * time.Hour)
		pp.SetStatus(sub, "CANCELLED", paidUntil)
		payPal := e.client(t)
		body := webhook("WH-1", "BILLING.SUBSCRIPTION.CANCELLED", sub)

		// Unsigned, badly signed, signed for another webhook, or tampered after signing: refused.
		bad := pp.Sign(body, paypaltest.WebhookID)
		bad.Set("Paypal-Transmission-Sig", "AAAA")
		tampered := webhook("WH-1", "BILLING.SUBSCRIPTION.CANCELLED", "I-OTHER")
		for name, tc := range map[string]struct {
			body []byte
			h    http.Header
		}{
			"unsigned": {body, http.Header{}}, "bad signature": {body, bad},
			"another webhook": {body, pp.Sign(body, "WH-ELSEWHERE")}, "tampered": {tampered, pp.Sign(body, paypaltest.WebhookID)},
			"not JSON": {[]byte("{"), pp.Sign([]byte("{"), paypaltest.WebhookID)},
		} {
			if res := payPal.postRaw("/api/payments/paypal/webhook", tc.body, tc.h); res.status != 401 {
				t.Errorf("%s: got %d %s, want 401", name, res.status, res.raw)
			}
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.body["trainer"] != true {
			t.Fatalf("after refused webhooks: want still a trainer, got %s", me.raw)
		}

		h := pp.Sign(body, paypaltest.WebhookID)
		for i := range 2 { // the second is a replay of the same notification
			if res := payPal.postRaw("/api/payments/paypal/webhook", body, h); res.status != 200 {
				t.Fatalf("webhook %d: got %d %s", i+1, res.status, res.raw)
			}
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.body["trainer"] != true {
			t.Errorf("cancelled within the paid period: want still a trainer, got %s", me.raw)
		}
		unknown := webhook("WH-2", "BILLING.SUBSCRIPTION.CANCELLED", "I-NOBODY")
		if res := payPal.postRaw("/api/payments/paypal/webhook", unknown, pp.Sign(unknown, paypaltest.WebhookID)); res.status != 200 {
			t.Errorf("an unknown subscription: got %d %s, want 200 (ignored)", res.status, res.raw)
		}

		e.now = paidUntil.Add(time.Minute)
		if err := e.api.RecheckSubscriptions(t.Context()); err != nil {
			t.Fatal(err)
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.body["trainer"] != false {
			t.Errorf("after the paid period: want not a trainer, got %s", me.raw)
		}
	})
}

func TestRecheckSeesACancellationWithoutAWebhook(t *testing.T) {
	t.Parallel()
	pp, opt := withPayPal(t)
	e := newEnv(t, "sqlite", opt)
	c, _ := e.signUp(t, "ada@example.com")
	sub := pp.Add(paypaltest.PlanID, "ACTIVE")
	if res := c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": sub}); res.status != 200 {
		t.Fatalf("subscribe: %d %s", res.status, res.raw)
	}
	pp.SetStatus(sub, "SUSPENDED", e.now.Add(-time.Hour))
	if err := e.api.RecheckSubscriptions(t.Context()); err != nil {
		t.Fatal(err)
	}
	if me := c.do("GET", "/api/users/user/me", nil); me.body["trainer"] != false {
		t.Errorf("suspended and not paid: want not a trainer, got %s", me.raw)
	}
}

func TestContentSecurityPolicyAllowsThePayPalSDK(t *testing.T) {
	t.Parallel()
	pp, opt := withPayPal(t)
	_ = pp
	e := newEnv(t, "sqlite", opt)
	var d httpapi.Deps
	opt(&d)
	origin := strings.TrimSuffix(d.Payments.APIURL, "/")
	for _, path := range []string{"/api/payments/config", "/healthz", "/api/nothing"} {
		res := e.client(t).do("GET", path, nil)
		csp := res.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' "+origin) || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q, want the SDK origin %s in script-src and frame-ancestors 'none'", path, csp, origin)
		}
		if res.header.Get("X-Content-Type-Options") != "nosniff" || res.header.Get("Referrer-Policy") == "" {
			t.Errorf("%s: headers %v", path, res.header)
		}
	}
}
