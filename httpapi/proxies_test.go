package httpapi_test

import (
	"net/http"
	"net/netip"
	"testing"

	"github.com/gymlog/gymlog/httpapi"
)

// Behind a trusted load balancer every request comes from its address: the limits must count
// by the client it names, or a stranger could keep the owner out again; a client that is not
// a trusted proxy cannot choose the address it is counted as.
func TestLimitsCountTheClientATrustedProxyNames(t *testing.T) {
	t.Parallel()
	proxies, err := httpapi.ParseProxies("127.0.0.0/8, ::1")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, "sqlite", func(d *httpapi.Deps) { d.TrustedProxies = proxies })
	_, _ = e.signUp(t, "owner@example.com")
	stranger := e.client(t)
	for range 12 {
		stranger.do("POST", "/api/login", map[string]any{"email": "owner@example.com", "password": "Wrong-pass1"},
			"X-Forwarded-For", "203.0.113.7")
	}
	if res := stranger.do("POST", "/api/login", map[string]any{"email": "owner@example.com", "password": "Wrong-pass1"},
		"X-Forwarded-For", "203.0.113.7"); res.status != http.StatusTooManyRequests {
		t.Fatalf("the stranger's guesses: got %d, want 429", res.status)
	}
	owner := e.client(t)
	if res := owner.do("POST", "/api/login", map[string]any{"email": "owner@example.com", "password": registration("x")["password"]},
		"X-Forwarded-For", "198.51.100.2, 203.0.113.200"); res.status != http.StatusOK {
		t.Errorf("the owner from another address: got %d %s, want 200", res.status, res.raw)
	}
	if res := owner.do("GET", "/healthz", nil, "X-Forwarded-Proto", "https"); res.header.Get("Strict-Transport-Security") == "" {
		t.Errorf("HTTPS at the trusted proxy: no Strict-Transport-Security")
	}
}

func TestForwardingHeadersFromOthersAreIgnored(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite") // no trusted proxies: the peer's address counts
	_, _ = e.signUp(t, "owner@example.com")
	stranger := e.client(t)
	limited := false
	for i := range 30 {
		// A new forged address every time: still one client.
		res := stranger.do("POST", "/api/login", map[string]any{"email": "owner@example.com", "password": "Wrong-pass1"},
			"X-Forwarded-For", netip.AddrFrom4([4]byte{203, 0, 113, byte(i)}).String())
		limited = limited || res.status == http.StatusTooManyRequests
	}
	if !limited {
		t.Errorf("forged X-Forwarded-For escaped the per-address limit")
	}
	if res := stranger.do("GET", "/healthz", nil, "X-Forwarded-Proto", "https"); res.header.Get("Strict-Transport-Security") != "" {
		t.Errorf("an untrusted X-Forwarded-Proto turned on Strict-Transport-Security")
	}
}

func TestParseProxies(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"10.0.0.0/33", "example.com", "10.0.0.0/8,,x"} {
		if _, err := httpapi.ParseProxies(bad); err == nil {
			t.Errorf("ParseProxies(%q): want an error", bad)
		}
	}
	if p, err := httpapi.ParseProxies(" 10.0.0.0/8 , 192.168.1.1,::1 "); err != nil || len(p) != 3 {
		t.Errorf("ParseProxies: got %v, %v", p, err)
	}
}
