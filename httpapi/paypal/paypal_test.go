package paypal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/httpapi/paypal"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// post sends body to the stand-in at path as the JS SDK does, and returns the status and
// the decoded answer.
func post(t *testing.T, base, path, body string) (int, map[string]any) {
	t.Helper()
	res, err := http.Post(base+path, "application/json", bytes.NewBufferString(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// An order goes as on PayPal: created by the button, approved by the buyer, captured once;
// the server reads it back with its captured amount. A capture before approval, a second
// capture and a declined funding source are refused with PayPal's issues.
func TestOrdersAsPayPalServesThem(t *testing.T) {
	pp := paypaltest.New()
	srv := httptest.NewServer(pp)
	defer srv.Close()
	c := paypal.New(paypal.Config{APIURL: srv.URL, ClientID: paypaltest.ClientID, Secret: paypaltest.Secret}, nil)
	ctx := context.Background()

	status, created := post(t, srv.URL, "/sdk/orders",
		`{"intent":"CAPTURE","purchase_units":[{"description":"Strong","amount":{"currency_code":"GBP","value":"9.99"}}]}`)
	id, _ := created["id"].(string)
	if status != http.StatusCreated || created["status"] != "CREATED" || id == "" {
		t.Fatalf("create: got %d %v", status, created)
	}
	if status, out := post(t, srv.URL, "/sdk/orders/"+id+"/capture", ``); status != 422 || !strings.Contains(mustJSON(out), "ORDER_NOT_APPROVED") {
		t.Fatalf("capture before approval: got %d %v", status, out)
	}
	o, err := c.Order(ctx, id)
	if _, captured := o.Captured(); err != nil || o.Status != "CREATED" || captured {
		t.Fatalf("read before capture: got %+v, %v", o, err)
	}
	post(t, srv.URL, "/sdk/orders/"+id+"/approve", ``)
	pp.DeclineCaptures(true)
	if status, out := post(t, srv.URL, "/sdk/orders/"+id+"/capture", ``); status != 422 || !strings.Contains(mustJSON(out), "INSTRUMENT_DECLINED") {
		t.Fatalf("declined capture: got %d %v", status, out)
	}
	pp.DeclineCaptures(false)
	if status, out := post(t, srv.URL, "/sdk/orders/"+id+"/capture", ``); status != http.StatusCreated || out["status"] != "COMPLETED" {
		t.Fatalf("capture: got %d %v", status, out)
	}
	if status, _ := post(t, srv.URL, "/sdk/orders/"+id+"/capture", ``); status != 422 {
		t.Fatalf("second capture: got %d, want 422", status)
	}
	o, err = c.Order(ctx, id)
	amount, captured := o.Captured()
	if err != nil || o.Status != "COMPLETED" || !captured || amount != (paypal.Money{CurrencyCode: "GBP", Value: "9.99"}) ||
		o.PurchaseUnits[0].Description != "Strong" {
		t.Fatalf("read after capture: got %+v, %v", o, err)
	}
	if _, err := c.Order(ctx, "NOSUCHORDER"); !errors.Is(err, paypal.ErrNotFound) {
		t.Fatalf("unknown order: got %v, want ErrNotFound", err)
	}
	for _, bad := range []string{`{`, `{"intent":"AUTHORIZE","purchase_units":[{"amount":{"currency_code":"GBP","value":"1.00"}}]}`,
		`{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"GBP","value":"1.5"}}]}`, `{"intent":"CAPTURE"}`} {
		if status, _ := post(t, srv.URL, "/sdk/orders", bad); status < 400 || status >= 500 {
			t.Errorf("create %s: got %d, want a 4xx", bad, status)
		}
	}
	// The REST API wants the token.
	res, err := http.Get(srv.URL + "/v2/checkout/orders/" + id)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("read without a token: got %d, want 401", res.StatusCode)
	}
}

// A capture is refunded in full once, as Payments v2 does it: the client's retry (the same
// PayPal-Request-Id) is answered with the first refund, another request for the same capture
// is refused CAPTURE_FULLY_REFUNDED, which the client counts as refunded, and a capture PayPal
// does not know is an error.
func TestRefundsAsPayPalServesThem(t *testing.T) {
	pp := paypaltest.New()
	srv := httptest.NewServer(pp)
	defer srv.Close()
	c := paypal.New(paypal.Config{APIURL: srv.URL, ClientID: paypaltest.ClientID, Secret: paypaltest.Secret}, nil)
	ctx := context.Background()
	id := pp.AddOrder("GBP", "9.99", paypaltest.OrderCompleted)
	o, err := c.Order(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	capture := o.PurchaseUnits[0].Payments.Captures[0].ID
	for range 2 {
		if err := c.Refund(ctx, capture); err != nil {
			t.Fatalf("refund: %v", err)
		}
	}
	first, _ := pp.GetOrder(id)
	if first.RefundID == "" {
		t.Fatalf("refund: the stand-in holds none: %+v", first)
	}

	tokenReq, _ := http.NewRequest(http.MethodPost, srv.URL+"/v1/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	tokenReq.SetBasicAuth(paypaltest.ClientID, paypaltest.Secret)
	tokenRes, err := http.DefaultClient.Do(tokenReq)
	if err != nil {
		t.Fatal(err)
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(tokenRes.Body).Decode(&tok)
	tokenRes.Body.Close()
	refund := func(requestID string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v2/payments/captures/"+capture+"/refund", strings.NewReader(`{}`))
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		req.Header.Set("PayPal-Request-Id", requestID)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, mustJSON(out)
	}
	if status, out := refund("another-request"); status != 422 || !strings.Contains(out, "CAPTURE_FULLY_REFUNDED") {
		t.Errorf("a second refund: got %d %s", status, out)
	}
	if status, out := refund("refund-" + capture); status != http.StatusCreated || !strings.Contains(out, first.RefundID) {
		t.Errorf("the first refund's request again: got %d %s", status, out)
	}
	var ae *paypal.APIError
	if err := c.Refund(ctx, "NOSUCHCAPTURE"); !errors.Is(err, paypal.ErrNotFound) && !errors.As(err, &ae) {
		t.Errorf("refund of an unknown capture: got %v", err)
	}
	if after, _ := pp.GetOrder(id); after.RefundID != first.RefundID {
		t.Errorf("refunded again: %+v, was %+v", after, first)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestCheckoutScriptURL(t *testing.T) {
	got := paypal.Config{SDKURL: "http://x/sdk/js", ClientID: "c"}.CheckoutScriptURL("GBP")
	if want := "http://x/sdk/js?client-id=c&currency=GBP&intent=capture"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// A subscription is cancelled as on PayPal, which refuses to cancel one that is no longer
// active (422 SUBSCRIPTION_STATUS_INVALID): the client takes that as done, so a cancel run
// again (a closing finished after a crash) succeeds; a subscription PayPal does not know is
// still an error.
func TestCancellingASubscriptionTwice(t *testing.T) {
	pp := paypaltest.New()
	srv := httptest.NewServer(pp)
	defer srv.Close()
	c := paypal.New(paypal.Config{APIURL: srv.URL, ClientID: paypaltest.ClientID, Secret: paypaltest.Secret}, nil)
	ctx := context.Background()
	id := pp.Add(paypaltest.PlanID, "ACTIVE")
	for range 2 {
		if err := c.Cancel(ctx, id, "Account closed"); err != nil {
			t.Fatalf("cancel: %v", err)
		}
	}
	if s, _ := pp.Get(id); !s.Cancelled || s.Status != "CANCELLED" {
		t.Fatalf("the subscription: %+v", s)
	}
	if err := c.Cancel(ctx, "I-NOBODY", "Account closed"); !errors.Is(err, paypal.ErrNotFound) {
		t.Fatalf("cancel an unknown subscription: %v", err)
	}
}
