package httpapi_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// clientFrom is a browser whose requests come from address (the API limits by the client's
// address; every other client of the harness comes from the loopback address).
func (e *env) clientFrom(t *testing.T, address string) *client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.RemoteAddr = net.JoinHostPort(address, "40000")
		e.api.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	from := *e
	from.srv = srv
	return from.client(t)
}

// isTooManyAttempts reports whether res is the app's usual 429: a hydra error with a
// Retry-After header.
func isTooManyAttempts(res response) bool {
	return res.status == http.StatusTooManyRequests && res.header.Get("Retry-After") != "" &&
		res.str("@type") == "hydra:Error" && strings.HasPrefix(res.str("hydra:description"), "Too many attempts")
}

// TestAStrangerCannotLockTheOwnerOut: wrong passwords from one address spend that address's
// budget for the account, not the owner's, who signs in from elsewhere.
func TestAStrangerCannotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		e.signUp(t, "owner@example.com")
		attacker := e.clientFrom(t, "203.0.113.66")
		limited := false
		for range 30 {
			if res := attacker.do("POST", "/api/login", map[string]any{"email": "owner@example.com", "password": "Wrong1234"}); isTooManyAttempts(res) {
				limited = true
			}
		}
		if !limited {
			t.Error("30 wrong passwords from one address: never 429")
		}
		if got := login(attacker, "owner@example.com", "Secret123"); got != http.StatusTooManyRequests {
			t.Errorf("the right password from the guessing address: got %d, want 429", got)
		}
		if got := login(e.clientFrom(t, "198.51.100.7"), "owner@example.com", "Secret123"); got != http.StatusOK {
			t.Errorf("the owner from another address while a stranger guesses: got %d, want 200", got)
		}
	})
}

// TestGuessesFromManyAddressesSlowTheAccountButNotItsOwnDevices: the account-wide budget
// stops a guesser with many addresses, and an address the owner signed in from is spared it.
func TestGuessesFromManyAddressesSlowTheAccountButNotItsOwnDevices(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	e.signUp(t, "owner@example.com")
	phone := e.clientFrom(t, "198.51.100.7")
	if got := login(phone, "owner@example.com", "Secret123"); got != http.StatusOK {
		t.Fatalf("sign in from the phone: got %d", got)
	}
	for i := range 10 {
		guesser := e.clientFrom(t, fmt.Sprintf("203.0.113.%d", i+1))
		for range 5 {
			login(guesser, "owner@example.com", "Wrong1234")
		}
	}
	if res := e.clientFrom(t, "192.0.2.1").do("POST", "/api/login", map[string]any{"email": "owner@example.com", "password": "Secret123"}); !isTooManyAttempts(res) {
		t.Errorf("a new address after 50 wrong passwords from 10 addresses: got %d %s, want 429", res.status, res.raw)
	}
	if got := login(phone, "owner@example.com", "Secret123"); got != http.StatusOK {
		t.Errorf("the owner's phone after 50 wrong passwords from 10 addresses: got %d, want 200", got)
	}
}

// TestRightPasswordsSpendNoBudget: signing in, changing the password and changing the
// e-mail, each with the right password, again and again, never answers 429.
func TestRightPasswordsSpendNoBudget(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		password := "Secret123"
		for i := 1; i <= 4; i++ {
			if got := login(c, "ada@example.com", password); got != http.StatusOK {
				t.Fatalf("round %d, sign in: got %d, want 200", i, got)
			}
			next := fmt.Sprintf("Secret12%d4", i)
			res := c.do("POST", "/api/users/change-password", map[string]any{"oldPassword": password, "newPassword": next, "confirmPassword": next})
			if res.status != http.StatusOK {
				t.Fatalf("round %d, change password: got %d %s, want 200", i, res.status, res.raw)
			}
			password = next
		}
		if got := login(c, "ada@example.com", password); got != http.StatusOK {
			t.Fatalf("sign in again: got %d, want 200", got)
		}
		res := c.do("POST", "/api/users/change-email", map[string]any{"password": password, "email": "ada@example.org"})
		if res.status != http.StatusOK {
			t.Fatalf("change e-mail: got %d %s, want 200", res.status, res.raw)
		}
	})
}

// TestSignUpCannotBeAskedWhichEmailsAreRegisteredWithoutEnd: failed sign-ups from one
// address are limited (each says the e-mail is taken); sign-ups that create an account are
// not, and other addresses are not.
func TestSignUpCannotBeAskedWhichEmailsAreRegisteredWithoutEnd(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		e.signUp(t, "taken@example.com")
		prober := e.clientFrom(t, "203.0.113.66")
		for i := range 10 {
			res := prober.do("POST", "/api/users/register", registration("taken@example.com"))
			if res.status != http.StatusUnprocessableEntity || res.violation("email") != "This e-mail address is already registered." {
				t.Fatalf("try %d: got %d %s, want 422 already registered", i+1, res.status, res.raw)
			}
		}
		for _, email := range []string{"taken@example.com", "free@example.com"} {
			if res := prober.do("POST", "/api/users/register", registration(email)); !isTooManyAttempts(res) {
				t.Errorf("%s after 10 failed sign-ups: got %d %s, want 429", email, res.status, res.raw)
			}
		}
		if res := e.clientFrom(t, "198.51.100.7").do("POST", "/api/users/register", registration("taken@example.com")); res.status != http.StatusUnprocessableEntity {
			t.Errorf("another address: got %d %s, want 422", res.status, res.raw)
		}
		newcomers := e.clientFrom(t, "192.0.2.1")
		for i := range 15 {
			if res := newcomers.do("POST", "/api/users/register", registration(fmt.Sprintf("new%d@example.com", i))); res.status != http.StatusCreated {
				t.Fatalf("sign-up %d from one address: got %d %s, want 201", i+1, res.status, res.raw)
			}
		}
	})
}

// TestChangeEmailToTakenAddressesIsLimitedPerAddress: a signed-in user cannot ask without
// end which addresses are registered either.
func TestChangeEmailToTakenAddressesIsLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	e.signUp(t, "taken@example.com")
	e.signUp(t, "ada@example.com")
	c := e.clientFrom(t, "203.0.113.66")
	if got := login(c, "ada@example.com", "Secret123"); got != http.StatusOK {
		t.Fatalf("sign in: got %d", got)
	}
	change := map[string]any{"password": "Secret123", "email": "taken@example.com"}
	for i := range 10 {
		if res := c.do("POST", "/api/users/change-email", change); res.status != http.StatusUnprocessableEntity {
			t.Fatalf("try %d: got %d %s, want 422", i+1, res.status, res.raw)
		}
	}
	if res := c.do("POST", "/api/users/change-email", change); !isTooManyAttempts(res) {
		t.Errorf("after 10 tries: got %d %s, want 429", res.status, res.raw)
	}
}
