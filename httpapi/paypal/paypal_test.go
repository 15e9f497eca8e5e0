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
