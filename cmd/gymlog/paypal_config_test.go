package main

import "testing"

func TestPayPalConfiguration(t *testing.T) {
	cfg, _, err := parseConfig("serve", nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.payPal().Configured() {
		t.Error("payments configured without a client id, secret and plan")
	}
	t.Setenv("GYMLOG_PAYPAL_CLIENT_ID", "cid")
	t.Setenv("GYMLOG_PAYPAL_SECRET", "secret")
	cfg, _, err = parseConfig("serve", []string{"--paypal-plan-id", "P-1", "--paypal-api-url", "http://127.0.0.1:8090"})
	if err != nil {
		t.Fatal(err)
	}
	p := cfg.payPal()
	if !p.Configured() || p.PlanID != "P-1" || p.APIURL != "http://127.0.0.1:8090" || p.ClientID != "cid" || cfg.PayPalRecheck != "1h" {
		t.Errorf("got %+v (re-check %q)", p, cfg.PayPalRecheck)
	}
}
