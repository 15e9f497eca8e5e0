package account_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

func resetIssued(code string, at time.Time) account.PasswordResetCodeIssued {
	return account.PasswordResetCodeIssued{UserID: "u1", Email: "ada@example.com", FirstName: "Ada",
		Code: code, IssuedAt: at, ExpiresAt: at.Add(account.CodeTTL)}
}

func resetRefused(at time.Time) account.PasswordResetCodeRefused {
	return account.PasswordResetCodeRefused{UserID: "u1", RefusedAt: at}
}

func TestResetPassword(t *testing.T) {
	reset := account.PasswordReset{UserID: "u1", PasswordHash: "new", ResetAt: t0}
	tests := []struct {
		name      string
		given     []domain.Event
		code      string
		at        time.Time
		want      []domain.Event
		wantError string
	}{
		{"right code sets the password", []domain.Event{registered(), resetIssued("123456", t0)}, "123456", t0,
			[]domain.Event{reset}, ""},
		{"wrong code is counted", []domain.Event{registered(), resetIssued("123456", t0)}, "000000", t0,
			[]domain.Event{resetRefused(t0)}, "The code is not correct."},
		{"fifth wrong code spends it", []domain.Event{registered(), resetIssued("123456", t0),
			resetRefused(t0), resetRefused(t0), resetRefused(t0), resetRefused(t0)}, "000000", t0,
			[]domain.Event{resetRefused(t0)}, "Too many wrong codes. Please request a new code."},
		{"the right code after five wrong ones is refused", []domain.Event{registered(), resetIssued("123456", t0),
			resetRefused(t0), resetRefused(t0), resetRefused(t0), resetRefused(t0), resetRefused(t0)}, "123456", t0,
			nil, "This code can no longer be used. Please request a new code."},
		{"a new code starts again", []domain.Event{registered(), resetIssued("111111", t0),
			resetRefused(t0), resetRefused(t0), resetRefused(t0), resetRefused(t0), resetRefused(t0), resetIssued("123456", t0)},
			"123456", t0, []domain.Event{reset}, ""},
		{"expired", []domain.Event{registered(), resetIssued("123456", t0)}, "123456", t0.Add(account.CodeTTL),
			nil, "This code has expired. Please request a new code."},
		{"a code is spent by use", []domain.Event{registered(), resetIssued("123456", t0), reset}, "123456", t0,
			nil, "This code can no longer be used. Please request a new code."},
		{"no code issued", []domain.Event{registered()}, "123456", t0,
			nil, "This code can no longer be used. Please request a new code."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := given(tt.given...).ResetPassword(tt.code, "new", tt.at)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events: got %#v, want %#v", got, tt.want)
			}
			if msg := violation(err, "passwordCode"); msg != tt.wantError || (tt.wantError == "" && err != nil) {
				t.Errorf("error: got %v, want passwordCode %q", err, tt.wantError)
			}
		})
	}
}

func TestCheckPasswordResetCodeDoesNotSpendIt(t *testing.T) {
	u := given(registered(), resetIssued("123456", t0))
	for range 3 {
		if got, err := u.CheckPasswordResetCode("123456", t0); err != nil || got != nil {
			t.Fatalf("got %#v, %v; want nothing", got, err)
		}
	}
}

func TestChangePassword(t *testing.T) {
	got, err := given(registered()).ChangePassword("h2", t0)
	if want := []domain.Event{account.PasswordChanged{UserID: "u1", PasswordHash: "h2", ChangedAt: t0}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v; want %#v", got, err, want)
	}
	if _, err := given().ChangePassword("h2", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown user: got %v, want not found", err)
	}
}

func TestChangeEmail(t *testing.T) {
	verified := account.UserVerified{UserID: "u1", VerifiedAt: t0}
	tests := []struct {
		name, email string
		want        []domain.Event
		wantError   string
	}{
		{"a new address is unverified with a new code", "new@example.com", []domain.Event{
			account.EmailChanged{UserID: "u1", Email: "new@example.com", ChangedAt: t0},
			account.VerificationCodeIssued{UserID: "u1", Email: "new@example.com", FirstName: "Ada", Code: "654321",
				IssuedAt: t0, ExpiresAt: t0.Add(account.CodeTTL)}}, ""},
		{"the same address", "ada@example.com", nil, "This is already your e-mail address."},
		{"a bad address", "nope", nil, "Please enter a valid e-mail address."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := given(registered(), verified)
			got, err := u.ChangeEmail(tt.email, "654321", t0)
			if !reflect.DeepEqual(got, tt.want) || violation(err, "email") != tt.wantError {
				t.Errorf("got %#v, %v; want %#v, %q", got, err, tt.want, tt.wantError)
			}
			for _, e := range got {
				u.Apply(e)
			}
			if tt.want != nil && (u.Verified() || u.Email() != tt.email) {
				t.Errorf("after the change: verified %v, e-mail %q; want unverified at %q", u.Verified(), u.Email(), tt.email)
			}
		})
	}
}

func TestEmailClaimRelease(t *testing.T) {
	c := &account.EmailClaim{}
	c.Apply(account.EmailClaimed{UserID: "u1", ClaimedAt: t0})
	if got, _ := c.Release("u2", t0); got != nil {
		t.Errorf("someone else's release: got %#v, want nothing", got)
	}
	got, err := c.Release("u1", t0)
	if want := []domain.Event{account.EmailReleased{UserID: "u1", ReleasedAt: t0}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v, %v; want %#v", got, err, want)
	}
	c.Apply(got[0])
	if c.Holder() != "" {
		t.Errorf("holder after release: got %q, want none", c.Holder())
	}
}
