package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/accounts"
)

// An account through its use cases, below HTTP, on both backends: a sign-up claims the address
// and issues a code (with the weight it gave in the body log); a second sign-up at the address
// is refused; a wrong code is refused and counted, the right one verifies; the profile and the
// time zone are kept and read back; the password is changed, then reset with a code used once;
// a new address is claimed, the old released, and the account verified anew. Each password
// is the one that signs in afterwards, and a wrong current password changes nothing.
func TestAnAccountsCommandsAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
		a := useCases(t, b, now)
		kg := 80.0
		reg, err := account.NewRegistration("u1", account.RegistrationInput{Email: "Ada@Example.com", Password: "Secret123",
			ConfirmPassword: "Secret123", FirstName: "Ada", Surname: "Lovelace", Unit: "kg", Weight: &kg}, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Register(ctx, app.Register{Meta: meta("u1", "sign up"), UserID: "u1", Registration: reg}); err != nil {
			t.Fatal(err)
		}
		user, _ := appended(t, b.Store, app.UserStream("u1"))
		if kinds(user) != "account.UserRegistered account.VerificationCodeIssued" {
			t.Fatalf("the sign-up appended %q", kinds(user))
		}
		// A code sent again replaces the first.
		if err := a.ResendVerificationCode(ctx, app.ResendVerificationCode{Meta: meta("u1", "resend"), UserID: "u1"}); err != nil {
			t.Fatal(err)
		}
		user, _ = appended(t, b.Store, app.UserStream("u1"))
		if kinds(user) != "account.UserRegistered account.VerificationCodeIssued account.VerificationCodeIssued" {
			t.Fatalf("the code sent again appended %q", kinds(user))
		}
		code := user[2].(account.VerificationCodeIssued).Code
		if weights, _ := appended(t, b.Store, app.BodyStream("u1")); kinds(weights) != "body.WeightLogged" {
			t.Errorf("the sign-up's weight: %q", kinds(weights))
		}
		other, _ := account.NewRegistration("u2", account.RegistrationInput{Email: "ada@example.com", Password: "Secret123",
			ConfirmPassword: "Secret123", FirstName: "Ada", Surname: "Other", Unit: "kg"}, now)
		if err := a.Register(ctx, app.Register{Meta: meta("u2", "sign up"), UserID: "u2", Registration: other}); domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("a second sign-up at the address: %v, want refused", err)
		}
		if events, _ := appended(t, b.Store, app.UserStream("u2")); len(events) != 0 {
			t.Errorf("the refused sign-up appended %q", kinds(events))
		}

		wrong := "000000"
		if wrong == code {
			wrong = "111111"
		}
		if err := a.Verify(ctx, app.Verify{Meta: meta("u1", "wrong code"), UserID: "u1", Code: wrong, Address: "192.0.2.1"}); domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("a wrong code: %v, want refused", err)
		}
		if err := a.Verify(ctx, app.Verify{Meta: meta("u1", "code"), UserID: "u1", Code: code, Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
		if events, _ := appended(t, b.Store, app.UserStream("u1")); kinds(events[3:]) != "account.VerificationCodeRefused account.UserVerified" {
			t.Errorf("the codes appended %q", kinds(events[3:]))
		}

		display := "Countess"
		if err := a.EditProfile(ctx, app.EditProfile{Meta: meta("u1", "profile"), UserID: "u1",
			Profile: account.Profile{FirstName: "Ada", Surname: "King", DisplayName: &display, Icon: "fa-user"}}); err != nil {
			t.Fatal(err)
		}
		if err := a.SetTimeZone(ctx, app.SetTimeZone{Meta: meta("u1", "zone"), UserID: "u1", TimeZone: "Europe/London"}); err != nil {
			t.Fatal(err)
		}
		if events, _ := appended(t, b.Store, app.UserStream("u1")); kinds(events[5:]) != "account.ProfileEdited account.TimeZoneSet" {
			t.Errorf("the profile and the zone appended %q", kinds(events[5:]))
		}
		u, err := accounts.NewQueries(b.DB).ByID(ctx, "u1")
		if err != nil || !u.Verified || u.Surname != "King" || u.Email != "ada@example.com" {
			t.Errorf("the account as read: %+v %v", u, err)
		}

		// The password: changed; then forgotten, a reset code sent, checked and used once.
		expect := tail(t, b.Store, app.UserStream("u1"))
		expect("so far", "account.UserRegistered account.VerificationCodeIssued account.VerificationCodeIssued "+
			"account.VerificationCodeRefused account.UserVerified "+
			"account.ProfileEdited account.TimeZoneSet")
		if err := a.ChangePassword(ctx, app.ChangePassword{Meta: meta("u1", "wrong password"), UserID: "u1",
			OldPassword: "Secret124", NewPassword: "Secret456", Address: "192.0.2.1"}); !hasViolation(err, "oldPassword") {
			t.Errorf("a change with a wrong current password: %v, want refused under oldPassword", err)
		}
		if err := a.ChangePassword(ctx, app.ChangePassword{Meta: meta("u1", "same password"), UserID: "u1",
			OldPassword: "Secret123", NewPassword: "Secret123", Address: "192.0.2.1"}); !hasViolation(err, "newPassword") {
			t.Errorf("a change to the same password: %v, want refused under newPassword", err)
		}
		expect("the refused changes", "")
		if err := a.ChangePassword(ctx, app.ChangePassword{Meta: meta("u1", "password"), UserID: "u1",
			OldPassword: "Secret123", NewPassword: "Secret456", Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
		expect("a new password", "account.PasswordChanged")
		signIn(t, a, "ada@example.com", "Secret456", "u1")
		if err := a.SendPasswordResetCode(ctx, app.SendPasswordResetCode{Meta: meta("", "forgot"), Email: "ada@example.com",
			Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
		issued := expect("a reset code", "account.PasswordResetCodeIssued")[0].(account.PasswordResetCodeIssued)
		reset := issued.Code
		if err := a.SendPasswordResetCode(ctx, app.SendPasswordResetCode{Meta: meta("", "forgot nobody"), Email: "nobody@example.com",
			Address: "192.0.2.1"}); err != nil {
			t.Errorf("a reset code for an address nobody holds: %v, want the same answer", err)
		}
		if err := a.CheckPasswordResetCode(ctx, app.CheckPasswordResetCode{Meta: meta("", "check"), Email: "ada@example.com",
			Code: reset, Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
		expect("the code checked", "")
		if err := a.CheckPasswordResetCode(ctx, app.CheckPasswordResetCode{Meta: meta("", "check nobody"), Email: "nobody@example.com",
			Code: reset, Address: "192.0.2.1"}); !hasViolation(err, "passwordCode") {
			t.Errorf("a code for an address nobody holds: %v, want the wrong code's answer", err)
		}
		reseter, err := a.ResetPassword(ctx, app.ResetPassword{Meta: meta("", "reset"), Email: "ada@example.com", Code: reset,
			Password: "Secret789", Address: "192.0.2.1"})
		if err != nil || reseter != "u1" {
			t.Fatalf("the reset: %q %v", reseter, err)
		}
		expect("the reset", "account.PasswordReset")
		signIn(t, a, "ada@example.com", "Secret789", "u1")
		if _, err := a.ResetPassword(ctx, app.ResetPassword{Meta: meta("", "reset again"), Email: "ada@example.com", Code: reset,
			Password: "Secret000", Address: "192.0.2.1"}); err == nil {
			t.Error("a reset code used twice")
		}

		// The address: a new one is claimed and the old one released; the user verifies it anew.
		if err := a.ChangeEmail(ctx, app.ChangeEmail{Meta: meta("u1", "email wrong password"), UserID: "u1",
			Email: "ada@lovelace.example", Password: "Secret123", Address: "192.0.2.1"}); !hasViolation(err, "password") {
			t.Errorf("a change of address with a wrong password: %v, want refused under password", err)
		}
		if err := a.ChangeEmail(ctx, app.ChangeEmail{Meta: meta("u1", "email"), UserID: "u1", Email: "ada@lovelace.example",
			Password: "Secret789", Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
		if u, err := accounts.NewQueries(b.DB).ByID(ctx, "u1"); err != nil || u.Email != "ada@lovelace.example" || u.Verified {
			t.Errorf("the account after the change of address: %+v %v", u, err)
		}
		if _, err := accounts.NewQueries(b.DB).ByEmail(ctx, "ada@example.com"); domain.KindOf(err) != domain.KindNotFound {
			t.Errorf("the old address still finds an account: %v", err)
		}
	})
}

// signIn signs in with email and password and expects the account of userID.
func signIn(t *testing.T, a *app.App, email, password, userID string) {
	t.Helper()
	u, err := a.SignIn(context.Background(), app.SignIn{Email: email, Password: password, Address: "192.0.2.1"})
	if err != nil || u.ID != userID {
		t.Fatalf("sign-in as %s: %q %v, want %s", email, u.ID, err, userID)
	}
}

// hasViolation reports whether err is a refusal of the input naming field.
func hasViolation(err error, field string) bool {
	var invalid *domain.ValidationError
	if !errors.As(err, &invalid) {
		return false
	}
	for _, v := range invalid.Violations {
		if v.PropertyPath == field {
			return true
		}
	}
	return false
}
