package app_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/app/limits"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// movableClock is a clock the test moves on.
type movableClock struct{ now time.Time }

func (c *movableClock) read() time.Time { return c.now }

// register signs up email as userID with password, from address.
func register(t *testing.T, a *app.App, userID, email, password, address string) error {
	t.Helper()
	reg, err := account.NewRegistration(userID, account.RegistrationInput{Email: email, Password: password,
		ConfirmPassword: password, FirstName: "Ada", Surname: "Lovelace", Unit: "kg"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return a.Register(context.Background(), app.Register{Meta: meta(userID, "sign up "+email), UserID: userID,
		Registration: reg, Address: address})
}

func exceeded(err error) bool {
	var e *limits.Exceeded
	return errors.As(err, &e) && e.Wait > 0
}

// Signing in, below HTTP: the right password answers the account, a wrong one and an address
// nobody holds the same refusal; the limits on guessing hold (five wrong passwords from one
// address for one account, then even the right one waits, until time refills the budget), a
// stranger's guesses from many addresses do not keep the owner's own device out, and right
// passwords spend nothing.
func TestSignInUnderTheLimitsOnGuessing(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		clock := &movableClock{now: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
		a := useCases(t, b, clock.now, app.WithClock(clock.read))
		if err := register(t, a, "u1", "ada@example.com", "Secret123", "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		signIn := func(email, password, address string) error {
			_, err := a.SignIn(ctx, app.SignIn{Email: email, Password: password, Address: address})
			return err
		}
		refused := func(err error) bool {
			return domain.KindOf(err) == domain.KindUnauthorized && err.Error() == "Invalid credentials."
		}
		if u, err := a.SignIn(ctx, app.SignIn{Email: " ADA@example.com ", Password: "Secret123", Address: "192.0.2.1"}); err != nil || u.ID != "u1" {
			t.Fatalf("the right password, the address as typed: %q %v", u.ID, err)
		}
		if err := signIn("ada@example.com", "Secret124", "198.51.100.1"); !refused(err) {
			t.Errorf("a wrong password: %v, want Invalid credentials.", err)
		}
		if err := signIn("nobody@example.com", "Secret123", "198.51.100.1"); !refused(err) {
			t.Errorf("an address nobody holds: %v, want the same answer as a wrong password", err)
		}

		// Right passwords spend nothing: thirty in a row from one address.
		for i := range 30 {
			if err := signIn("ada@example.com", "Secret123", "192.0.2.1"); err != nil {
				t.Fatalf("right sign-in %d: %v", i+1, err)
			}
		}

		// One address guessing one account: the first wrong answer above and four more, then
		// the right password too waits; a minute later one more try is allowed.
		for i := range 4 {
			if err := signIn("ada@example.com", fmt.Sprintf("Guess%03d", i), "198.51.100.1"); !refused(err) {
				t.Fatalf("guess %d: %v, want refused", i+2, err)
			}
		}
		if err := signIn("ada@example.com", "Secret123", "198.51.100.1"); !exceeded(err) {
			t.Errorf("the right password after five wrong ones: %v, want too many attempts", err)
		}
		clock.now = clock.now.Add(time.Minute)
		if err := signIn("ada@example.com", "Secret123", "198.51.100.1"); err != nil {
			t.Errorf("a minute later, the right password: %v", err)
		}

		// Many addresses guessing one account spend the account's budget, which slows the
		// guesser; the owner's device, which signed in lately, is spared it.
		spent := false
		for i := range 40 {
			err := signIn("ada@example.com", "Guess999", fmt.Sprintf("203.0.113.%d", i+1))
			if exceeded(err) {
				spent = true
				break
			}
			if !refused(err) {
				t.Fatalf("a guess from address %d: %v", i+1, err)
			}
		}
		if !spent {
			t.Fatal("forty addresses guessed one account's password unslowed")
		}
		if err := signIn("ada@example.com", "Secret123", "192.0.2.1"); err != nil {
			t.Errorf("the owner's own device while the account's budget is spent: %v", err)
		}
		if err := signIn("ada@example.com", "Secret123", "192.0.2.99"); !exceeded(err) {
			t.Errorf("a new address while the account's budget is spent: %v, want too many attempts", err)
		}
	})
}

// Signing up cannot be asked without end which addresses are registered: each refusal (the
// address is taken) spends the client address's budget of ten, a sign-up that succeeds spends
// none; a retried sign-up answers as the first only with the same password.
func TestSignUpsThatFailSpendTheAddressBudget(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		clock := &movableClock{now: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
		a := useCases(t, b, clock.now, app.WithClock(clock.read))
		for i := range 12 {
			if err := register(t, a, fmt.Sprintf("u%d", i), fmt.Sprintf("lifter%d@example.com", i), "Secret123", "192.0.2.1"); err != nil {
				t.Fatalf("sign-up %d: %v", i+1, err)
			}
		}
		if err := register(t, a, "u0", "lifter0@example.com", "Secret123", "192.0.2.1"); err != nil {
			t.Errorf("a retried sign-up with the same password: %v", err)
		}
		if err := register(t, a, "u0", "lifter0@example.com", "Other1234", "192.0.2.1"); domain.KindOf(err) != domain.KindConflict {
			t.Errorf("a retried sign-up with another password: %v, want a conflict", err)
		}
		for i := range 9 {
			if err := register(t, a, fmt.Sprintf("x%d", i), "lifter1@example.com", "Secret123", "192.0.2.1"); domain.KindOf(err) != domain.KindInvalid {
				t.Fatalf("sign-up %d at a taken address: %v, want refused", i+1, err)
			}
		}
		if err := register(t, a, "y", "lifter1@example.com", "Secret123", "192.0.2.1"); !exceeded(err) {
			t.Errorf("the eleventh failing sign-up from one address: %v, want too many attempts", err)
		}
		if err := register(t, a, "z", "lifter99@example.com", "Secret123", "192.0.2.2"); err != nil {
			t.Errorf("a sign-up from another address: %v", err)
		}
	})
}
