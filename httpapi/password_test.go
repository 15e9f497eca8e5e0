package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/gymlog/gymlog/domain/account"
)

// resetCode reads the newest password-reset code issued to userID, as the mail reactor would.
func (e *env) resetCode(t testing.TB, userID string) string {
	t.Helper()
	evs, err := e.store.ReadStream(context.Background(), "user-"+userID, 1)
	if err != nil {
		t.Fatal(err)
	}
	code := ""
	for _, ev := range evs {
		if ev.Type == account.TypePasswordResetCodeIssued {
			var issued account.PasswordResetCodeIssued
			_ = json.Unmarshal(ev.Data, &issued)
			code = issued.Code
		}
	}
	if code == "" {
		t.Fatalf("no reset code issued to %s", userID)
	}
	return code
}

func login(c *client, email, password string) int {
	return c.do("POST", "/api/login", map[string]any{"email": email, "password": password}).status
}

func TestChangePasswordEndsEverySession(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		other := e.client(t)
		if got := login(other, "ada@example.com", "Secret123"); got != 200 {
			t.Fatalf("second sign-in: got %d", got)
		}
		res := c.do("POST", "/api/users/change-password", map[string]any{"oldPassword": "Wrong123", "newPassword": "Better456", "confirmPassword": "Better456"})
		if res.status != 422 || res.violation("oldPassword") != "The current password is not correct." {
			t.Fatalf("wrong current password: got %d %s", res.status, res.raw)
		}
		res = c.do("POST", "/api/users/change-password", map[string]any{"oldPassword": "Secret123", "newPassword": "weak", "confirmPassword": "nope"})
		if res.status != 422 || res.violation("newPassword") == "" || res.violation("confirmPassword") != "Passwords do not match." {
			t.Fatalf("weak new password: got %d %s", res.status, res.raw)
		}
		res = c.do("POST", "/api/users/change-password", map[string]any{"oldPassword": "Secret123", "newPassword": "Better456", "confirmPassword": "Better456"})
		if res.status != 200 || res.body["passwordChanged"] != true {
			t.Fatalf("change: got %d %s", res.status, res.raw)
		}
		for name, cl := range map[string]*client{"this": c, "other": other} {
			if got := cl.do("GET", "/api/users/user/me", nil).status; got != 401 {
				t.Errorf("%s session after the change: got %d, want 401", name, got)
			}
		}
		if got := login(e.client(t), "ada@example.com", "Secret123"); got != 401 {
			t.Errorf("old password: got %d, want 401", got)
		}
		if got := login(e.client(t), "ada@example.com", "Better456"); got != 200 {
			t.Errorf("new password: got %d, want 200", got)
		}
	})
}

func TestForgotPassword(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		signedIn, id := e.signUp(t, "ada@example.com")
		anon := e.client(t)
		known := anon.do("POST", "/api/users/forgot-password/send-code", map[string]any{"email": "Ada@Example.com"})
		unknown := anon.do("POST", "/api/users/forgot-password/send-code", map[string]any{"email": "nobody@example.com"})
		if known.status != 200 || known.raw != unknown.raw || known.status != unknown.status {
			t.Errorf("send-code: known %d %s, unknown %d %s; want the same 200", known.status, known.raw, unknown.status, unknown.raw)
		}
		code := e.resetCode(t, id)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		res := anon.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "ada@example.com", "passwordCode": wrong})
		if res.status != 422 || res.violation("passwordCode") != "The code is not correct." {
			t.Errorf("wrong code: got %d %s", res.status, res.raw)
		}
		nobody := anon.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "nobody@example.com", "passwordCode": wrong})
		if nobody.status != 422 || nobody.violation("passwordCode") != "The code is not correct." {
			t.Errorf("unknown e-mail: got %d %s, want the wrong-code answer", nobody.status, nobody.raw)
		}
		res = anon.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "ada@example.com", "passwordCode": code})
		if res.status != 200 || res.body["valid"] != true {
			t.Fatalf("right code: got %d %s", res.status, res.raw)
		}
		res = anon.do("POST", "/api/users/forgot-password/set-password", map[string]any{"email": "ada@example.com", "passwordCode": code,
			"newPassword": "Better456", "confirmPassword": "Better456"})
		if res.status != 200 || res.body["passwordSet"] != true {
			t.Fatalf("set-password: got %d %s", res.status, res.raw)
		}
		if got := signedIn.do("GET", "/api/users/user/me", nil).status; got != 401 {
			t.Errorf("a session after the reset: got %d, want 401", got)
		}
		if got := login(e.client(t), "ada@example.com", "Better456"); got != 200 {
			t.Errorf("sign in with the new password: got %d", got)
		}
		res = anon.do("POST", "/api/users/forgot-password/set-password", map[string]any{"email": "ada@example.com", "passwordCode": code,
			"newPassword": "Again7890", "confirmPassword": "Again7890"})
		if res.status != 422 || res.violation("passwordCode") != "This code can no longer be used. Please request a new code." {
			t.Errorf("a used code: got %d %s", res.status, res.raw)
		}
	})
}

// TestResetCodeCannotBeBruteForced: five wrong guesses spend the code (a domain rule, so it
// holds across nodes), and the checks are rate-limited per e-mail and per address.
func TestResetCodeCannotBeBruteForced(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	_, id := e.signUp(t, "ada@example.com")
	c := e.client(t)
	c.do("POST", "/api/users/forgot-password/send-code", map[string]any{"email": "ada@example.com"})
	code := e.resetCode(t, id)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range 5 {
		res := c.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "ada@example.com", "passwordCode": wrong})
		if res.status != 422 {
			t.Fatalf("guess %d: got %d %s", i+1, res.status, res.raw)
		}
	}
	res := c.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "ada@example.com", "passwordCode": code})
	if res.status != 429 || res.header.Get("Retry-After") == "" {
		t.Errorf("sixth check within a minute: got %d %s, want 429 with Retry-After", res.status, res.raw)
	}
	e.now = e.now.Add(2 * 60e9)
	res = c.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "ada@example.com", "passwordCode": code})
	if res.status != 422 || res.violation("passwordCode") != "This code can no longer be used. Please request a new code." {
		t.Errorf("the right code after five wrong ones: got %d %s", res.status, res.raw)
	}
	c.do("POST", "/api/users/forgot-password/send-code", map[string]any{"email": "ada@example.com"})
	res = c.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "ada@example.com", "passwordCode": e.resetCode(t, id)})
	if res.status != 200 {
		t.Errorf("a new code: got %d %s, want 200", res.status, res.raw)
	}
}

func TestCodeChecksAreRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c := e.client(t)
	limited := false
	for i := range 40 {
		res := c.do("POST", "/api/users/forgot-password/verify-code", map[string]any{"email": "u" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + "@example.com", "passwordCode": "123456"})
		if res.status == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("40 code checks for different e-mails from one address: never 429")
	}
}

func TestSessionIDRotatesOnSignIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "ada@example.com")
	before := c.http.Jar.Cookies(mustURL(e.srv.URL))[0].Value
	if got := login(c, "ada@example.com", "Secret123"); got != 200 {
		t.Fatalf("sign in: %d", got)
	}
	after := c.http.Jar.Cookies(mustURL(e.srv.URL))[0].Value
	if before == after {
		t.Fatal("session id did not change on sign-in")
	}
	stale := e.client(t)
	stale.http.Jar.SetCookies(mustURL(e.srv.URL), []*http.Cookie{{Name: "gymlog_session", Value: before, Path: "/"}})
	if got := stale.do("GET", "/api/users/user/me", nil).status; got != 401 {
		t.Errorf("the old session id: got %d, want 401", got)
	}
}
