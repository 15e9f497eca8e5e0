package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestRegisterVerifyAndSignIn(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c := e.client(t)
		res := c.do("POST", "/api/users/register", registration("Ada@Example.com"))
		if res.status != http.StatusCreated {
			t.Fatalf("register: got %d %s, want 201", res.status, res.raw)
		}
		id := res.str("id")
		if got, want := res.header.Get("Location"), "/api/users/"+id; got != want {
			t.Errorf("Location: got %q, want %q", got, want)
		}
		cookie := res.header.Get("Set-Cookie")
		for _, attr := range []string{"gymlog_session=", "HttpOnly", "SameSite=Lax"} {
			if !strings.Contains(cookie, attr) {
				t.Errorf("Set-Cookie %q lacks %s", cookie, attr)
			}
		}

		me := c.do("GET", "/api/users/user/me", nil)
		if me.status != http.StatusOK {
			t.Fatalf("me: got %d %s", me.status, me.raw)
		}
		want := map[string]any{"@type": "User", "email": "ada@example.com", "firstName": "Ada", "surname": "Lovelace",
			"unit": "kg", "gender": "Female", "dateOfBirth": "1990-12-10", "isVerified": false, "icon": "fa-user",
			"dashboardChart": "Weight", "loggedInName": "Ada", "trainer": false, "currentWeightKg": 72.46, "age": 35.0}
		for k, v := range want {
			if me.body[k] != v {
				t.Errorf("me.%s: got %v, want %v", k, me.body[k], v)
			}
		}

		if res := c.do("GET", "/api/weights/list", nil); res.status != http.StatusForbidden || res.str("hydra:description") != "Account not verified" {
			t.Errorf("unverified weights: got %d %s, want 403 Account not verified", res.status, res.raw)
		}

		if res := c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": "000000x"}); res.status != http.StatusUnprocessableEntity || res.violation("authCode") == "" {
			t.Errorf("wrong code: got %d %s, want 422 on authCode", res.status, res.raw)
		}
		code := e.verificationCode(t, id)
		if res := c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": code}); res.status != http.StatusOK {
			t.Fatalf("verify: got %d %s, want 200", res.status, res.raw)
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.body["isVerified"] != true {
			t.Errorf("after verify isVerified: got %v, want true", me.body["isVerified"])
		}

		if res := c.do("GET", "/logout", nil); res.status != http.StatusOK {
			t.Errorf("logout: got %d", res.status)
		}
		if res := c.do("GET", "/api/users/user/me", nil); res.status != http.StatusUnauthorized {
			t.Errorf("me after logout: got %d, want 401", res.status)
		}
		if res := c.do("POST", "/api/login", map[string]any{"email": "ada@example.com", "password": "Wrong1234"}); res.status != http.StatusUnauthorized {
			t.Errorf("bad password: got %d, want 401", res.status)
		}
		if res := c.do("POST", "/api/login", map[string]any{"email": "nobody@example.com", "password": "Secret123"}); res.status != http.StatusUnauthorized {
			t.Errorf("unknown e-mail: got %d, want 401", res.status)
		}
		if res := c.do("POST", "/api/login", map[string]any{"email": " ADA@example.com", "password": "Secret123"}); res.status != http.StatusOK || res.str("id") != id {
			t.Errorf("login: got %d %s, want 200 with the user", res.status, res.raw)
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.status != http.StatusOK {
			t.Errorf("me after login: got %d", me.status)
		}
	})
}

func TestRegisterViolations(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c := e.client(t)
		bad := registration("not-an-email")
		bad["firstName"], bad["weight"], bad["password"], bad["unit"] = "", "heavy", "short", "stone"
		res := c.do("POST", "/api/users/register", bad)
		if res.status != http.StatusUnprocessableEntity {
			t.Fatalf("got %d %s, want 422", res.status, res.raw)
		}
		for field, want := range map[string]string{
			"weight": "Please enter a number", "firstName": "Please enter your first name.",
			"email": "Please enter a valid e-mail address.", "unit": "Unit must be kg or lbs.",
		} {
			if got := res.violation(field); got != want {
				t.Errorf("%s: got %q, want %q", field, got, want)
			}
		}
		if res.violation("password") == "" || res.violation("confirmPassword") == "" {
			t.Errorf("password violations missing: %s", res.raw)
		}
		if res.str("hydra:title") == "" || res.str("hydra:description") == "" {
			t.Errorf("hydra title/description missing: %s", res.raw)
		}

		e.signUp(t, "taken@example.com")
		res = e.client(t).do("POST", "/api/users/register", registration("TAKEN@example.com"))
		if got, want := res.violation("email"), "This e-mail address is already registered."; res.status != 422 || got != want {
			t.Errorf("duplicate e-mail: got %d %q, want 422 %q", res.status, got, want)
		}
	})
}

func TestRegisterIsIdempotent(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c := e.client(t)
		first := c.do("POST", "/api/users/register", registration("retry@example.com"), "Idempotency-Key", "k-1")
		again := c.do("POST", "/api/users/register", registration("retry@example.com"), "Idempotency-Key", "k-1")
		if first.status != 201 || again.status != 201 || first.str("id") != again.str("id") {
			t.Errorf("retry: got %d %s and %d %s, want two 201s for one user", first.status, first.str("id"), again.status, again.str("id"))
		}
	})
}

func TestLoginIsRateLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	e.signUp(t, "limit@example.com")
	c := e.client(t)
	var last response
	for range 6 {
		last = c.do("POST", "/api/login", map[string]any{"email": "limit@example.com", "password": "Wrong1234"})
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Errorf("sixth wrong password: got %d (Retry-After %q), want 429 with Retry-After", last.status, last.header.Get("Retry-After"))
	}
	if res := c.do("POST", "/api/login", map[string]any{"email": "limit@example.com", "password": "Secret123"}); res.status != http.StatusTooManyRequests {
		t.Errorf("right password while limited: got %d, want 429", res.status)
	}
}

func TestVerificationCodeCannotBeBruteForced(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c := e.client(t)
	res := c.do("POST", "/api/users/register", registration("brute@example.com"))
	id := res.str("id")
	code := e.verificationCode(t, id)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for range 5 {
		c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": wrong})
	}
	res = c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": code})
	if res.status == http.StatusOK {
		t.Fatalf("the right code after five wrong ones verified the account")
	}
	if res := c.do("POST", "/api/users/verify/resend", nil); res.status != http.StatusOK {
		t.Fatalf("resend: got %d %s", res.status, res.raw)
	}
	if res := c.do("POST", "/api/users/verify/resend", nil); res.status != http.StatusTooManyRequests {
		t.Errorf("second resend at once: got %d, want 429", res.status)
	}
	e.now = e.now.Add(2 * 60e9)
	if res := c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": e.verificationCode(t, id)}); res.status != http.StatusOK {
		t.Errorf("new code: got %d %s, want 200", res.status, res.raw)
	}
}

func TestCrossSiteMutationsAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "csrf@example.com")
	for _, h := range [][]string{{"Sec-Fetch-Site", "cross-site"}, {"Origin", "https://evil.example"}} {
		res := c.do("POST", "/api/weights/add", map[string]any{"weight": 80}, h...)
		if res.status != http.StatusForbidden {
			t.Errorf("%s: got %d, want 403", h[0], res.status)
		}
	}
	if res := c.do("POST", "/api/weights/add", "weight=80", "Content-Type", "application/x-www-form-urlencoded"); res.status != http.StatusUnsupportedMediaType {
		t.Errorf("form body: got %d, want 415", res.status)
	}
	if res := c.do("POST", "/api/weights/add", map[string]any{"weight": 80}, "Sec-Fetch-Site", "same-origin"); res.status != http.StatusCreated {
		t.Errorf("same-origin: got %d %s, want 201", res.status, res.raw)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	res := e.client(t).do("GET", "/healthz", nil)
	for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin"} {
		if got := res.header.Get(k); got != want {
			t.Errorf("%s: got %q, want %q", k, got, want)
		}
	}
	if csp := res.header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q lacks frame-ancestors", csp)
	}
}

func TestReplayedRegistrationNeedsThePassword(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	victim := e.client(t)
	if res := victim.do("POST", "/api/users/register", registration("victim@example.com"), "Idempotency-Key", "leaked"); res.status != 201 {
		t.Fatalf("register: got %d", res.status)
	}
	attack := registration("victim@example.com")
	attack["password"], attack["confirmPassword"] = "Attacker1", "Attacker1"
	res := e.client(t).do("POST", "/api/users/register", attack, "Idempotency-Key", "leaked")
	if res.status == 201 || res.header.Get("Set-Cookie") != "" {
		t.Errorf("replay with another password: got %d and cookie %q, want no session", res.status, res.header.Get("Set-Cookie"))
	}
}
