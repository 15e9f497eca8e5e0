package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestForeignOriginWinsOverSameOriginFetchSite(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "csrf@example.com")
	res := c.do("POST", "/api/weights/add", map[string]any{"weight": 80}, "Sec-Fetch-Site", "same-origin", "Origin", "https://evil.example")
	if res.status != http.StatusForbidden {
		t.Errorf("same-origin fetch site with a foreign Origin: got %d %s, want 403", res.status, res.raw)
	}
	res = c.do("POST", "/api/weights/add", map[string]any{"weight": 80}, "Sec-Fetch-Site", "same-origin", "Origin", e.srv.URL)
	if res.status != http.StatusCreated {
		t.Errorf("same-origin fetch site with this Origin: got %d %s, want 201", res.status, res.raw)
	}
}

func TestResendIsAPost(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c := e.client(t)
	if res := c.do("POST", "/api/users/register", registration("resend@example.com")); res.status != http.StatusCreated {
		t.Fatalf("register: got %d", res.status)
	}
	if res := c.do("GET", "/api/users/verify/resend?resend=true", nil); res.status != http.StatusMethodNotAllowed || res.str("@type") != "hydra:Error" {
		t.Errorf("GET resend: got %d %s, want a 405 hydra error", res.status, res.raw)
	}
	if res := c.do("POST", "/api/users/verify/resend", map[string]any{"resend": true}); res.status != http.StatusOK {
		t.Errorf("POST resend: got %d %s, want 200", res.status, res.raw)
	}
}

func TestStrictTransportSecurityOverTLS(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	if got := e.client(t).do("GET", "/healthz", nil).header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("over plain HTTP: got Strict-Transport-Security %q, want none", got)
	}
	tls := httptest.NewTLSServer(e.api)
	defer tls.Close()
	res, err := tls.Client().Get(tls.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := res.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("over TLS: got Strict-Transport-Security %q, want max-age", got)
	}
}

func TestMetricsAreNotAmongTheAPIsRoutes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	e.client(t).do("GET", "/healthz", nil)
	if res := e.client(t).do("GET", "/metrics", nil); strings.Contains(res.raw, "gymlog_http_request_duration_seconds") {
		t.Errorf("GET /metrics on the API answered the metrics: %d", res.status)
	}
	rec := httptest.NewRecorder()
	e.api.Metrics().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if body, _ := io.ReadAll(rec.Body); !strings.Contains(string(body), "gymlog_http_request_duration_seconds") {
		t.Errorf("Metrics: got %d %.200s, want the request metrics", rec.Code, body)
	}
}
