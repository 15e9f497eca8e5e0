package account_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func registered() account.UserRegistered {
	return account.UserRegistered{UserID: "u1", Email: "ada@example.com", FirstName: "Ada", Unit: "kg"}
}

func issued(code string, at time.Time) account.VerificationCodeIssued {
	return account.VerificationCodeIssued{UserID: "u1", Email: "ada@example.com", FirstName: "Ada",
		Code: code, IssuedAt: at, ExpiresAt: at.Add(account.CodeTTL)}
}

func refused(at time.Time) account.VerificationCodeRefused {
	return account.VerificationCodeRefused{UserID: "u1", RefusedAt: at}
}

func given(events ...domain.Event) *account.User {
	u := &account.User{}
	for _, e := range events {
		u.Apply(e)
	}
	return u
}

// violation returns the message on field, or "" when err has none there.
func violation(err error, field string) string {
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		for _, v := range ve.Violations {
			if v.PropertyPath == field {
				return v.Message
			}
		}
	}
	return ""
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name      string
		given     []domain.Event
		code      string
		at        time.Time
		want      []domain.Event
		wantError string // the authCode violation, "" for none
	}{
		{"right code verifies", []domain.Event{registered(), issued("123456", t0)}, "123456", t0.Add(time.Minute),
			[]domain.Event{account.UserVerified{UserID: "u1", VerifiedAt: t0.Add(time.Minute)}}, ""},
		{"wrong code is counted and refused", []domain.Event{registered(), issued("123456", t0)}, "000000", t0,
			[]domain.Event{refused(t0)}, "The code is not correct."},
		{"fifth wrong code spends the code", []domain.Event{registered(), issued("123456", t0),
			refused(t0), refused(t0), refused(t0), refused(t0)}, "000000", t0,
			[]domain.Event{refused(t0)}, "Too many wrong codes. Please request a new code."},
		{"right code after five wrong ones is refused", []domain.Event{registered(), issued("123456", t0),
			refused(t0), refused(t0), refused(t0), refused(t0), refused(t0)}, "123456", t0,
			nil, "This code can no longer be used. Please request a new code."},
		{"a new code resets the count", []domain.Event{registered(), issued("111111", t0),
			refused(t0), refused(t0), refused(t0), refused(t0), refused(t0), issued("222222", t0)}, "222222", t0,
			[]domain.Event{account.UserVerified{UserID: "u1", VerifiedAt: t0}}, ""},
		{"the old code dies with a new one", []domain.Event{registered(), issued("111111", t0), issued("222222", t0)},
			"111111", t0, []domain.Event{refused(t0)}, "The code is not correct."},
		{"expired code is refused", []domain.Event{registered(), issued("123456", t0)}, "123456",
			t0.Add(account.CodeTTL), nil, "This code has expired. Please request a new code."},
		{"no code issued", []domain.Event{registered()}, "123456", t0,
			nil, "This code can no longer be used. Please request a new code."},
		{"already verified changes nothing", []domain.Event{registered(), issued("123456", t0),
			account.UserVerified{UserID: "u1", VerifiedAt: t0}}, "999999", t0, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := given(tt.given...).Verify(tt.code, tt.at)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events: got %#v, want %#v", got, tt.want)
			}
			if msg := violation(err, "authCode"); msg != tt.wantError {
				t.Errorf("error: got %v (authCode %q), want authCode %q", err, msg, tt.wantError)
			}
			if tt.wantError == "" && err != nil {
				t.Errorf("error: got %v, want none", err)
			}
		})
	}
}

func TestIssueVerificationCode(t *testing.T) {
	got, err := given(registered()).IssueVerificationCode("123456", t0)
	if want := []domain.Event{issued("123456", t0)}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v; want %#v", got, err, want)
	}
	got, err = given(registered(), account.UserVerified{UserID: "u1"}).IssueVerificationCode("123456", t0)
	if err != nil || got != nil {
		t.Errorf("verified user: got %#v, %v; want nothing", got, err)
	}
	if _, err := given().IssueVerificationCode("123456", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown user: got %v, want not found", err)
	}
}

func TestRegisterTwiceIsAConflict(t *testing.T) {
	reg := account.Registration{UserID: "u1", Email: "ada@example.com", FirstName: "Ada", Surname: "L", Unit: "kg"}
	if _, err := given(registered()).Register(reg, "hash", t0); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("got %v, want conflict", err)
	}
	got, err := given().Register(reg, "hash", t0)
	want := []domain.Event{account.UserRegistered{UserID: "u1", Email: "ada@example.com", FirstName: "Ada",
		Surname: "L", Unit: "kg", PasswordHash: "hash", RegisteredAt: t0}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v; want %#v", got, err, want)
	}
}

func TestEmailClaim(t *testing.T) {
	claimed := func(userID string) *account.EmailClaim {
		c := &account.EmailClaim{}
		c.Apply(account.EmailClaimed{UserID: userID, ClaimedAt: t0})
		return c
	}
	tests := []struct {
		name       string
		claim      *account.EmailClaim
		holderGone bool
		want       []domain.Event
		wantErr    string
	}{
		{"free address is claimed", &account.EmailClaim{}, true,
			[]domain.Event{account.EmailClaimed{UserID: "u2", ClaimedAt: t0}}, ""},
		{"own claim again changes nothing", claimed("u2"), false, nil, ""},
		{"someone else's address is refused", claimed("u1"), false, nil, "This e-mail address is already registered."},
		{"an abandoned claim passes on", claimed("u1"), true,
			[]domain.Event{account.EmailClaimed{UserID: "u2", ClaimedAt: t0}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.claim.Claim("u2", tt.holderGone, t0)
			if !reflect.DeepEqual(got, tt.want) || violation(err, "email") != tt.wantErr {
				t.Errorf("got %#v, %v; want %#v, %q", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
