package account

import (
	"crypto/subtle"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// ChangePassword records a new password hash. The caller has checked the current password
// (hashing is not the domain's business) and the new one against PasswordProblem.
func (u *User) ChangePassword(passwordHash string, now time.Time) ([]domain.Event, error) {
	if !u.Registered() {
		return nil, domain.NotFound("User not found.")
	}
	return []domain.Event{PasswordChanged{UserID: u.id, PasswordHash: passwordHash, ChangedAt: now}}, nil
}

// IssuePasswordResetCode replaces any earlier reset code with code, valid for CodeTTL.
func (u *User) IssuePasswordResetCode(code string, now time.Time) ([]domain.Event, error) {
	if !u.Registered() {
		return nil, domain.NotFound("User not found.")
	}
	return []domain.Event{PasswordResetCodeIssued{
		UserID: u.id, Email: u.email, FirstName: u.firstName, Code: code,
		IssuedAt: now, ExpiresAt: now.Add(CodeTTL),
	}}, nil
}

// CheckPasswordResetCode checks code without spending it. A wrong code is recorded (so
// guesses are counted) and also returned as a validation error on passwordCode.
func (u *User) CheckPasswordResetCode(code string, now time.Time) ([]domain.Event, error) {
	switch {
	case !u.Registered():
		return nil, domain.NotFound("User not found.")
	case u.resetCode == "" || u.resetCodeRefusals >= MaxCodeAttempts:
		return nil, domain.Invalid("passwordCode", "This code can no longer be used. Please request a new code.")
	case !now.Before(u.resetCodeExpiresAt):
		return nil, domain.Invalid("passwordCode", "This code has expired. Please request a new code.")
	case subtle.ConstantTimeCompare([]byte(code), []byte(u.resetCode)) != 1:
		refused := []domain.Event{PasswordResetCodeRefused{UserID: u.id, RefusedAt: now}}
		if u.resetCodeRefusals+1 >= MaxCodeAttempts {
			return refused, domain.Invalid("passwordCode", "Too many wrong codes. Please request a new code.")
		}
		return refused, domain.Invalid("passwordCode", WrongCode)
	}
	return nil, nil
}

// WrongCode is the message for a code that does not match, also given for an address that
// has no account, so the answer does not tell which addresses are registered.
const WrongCode = "The code is not correct."

// ResetPassword sets a new password hash with a reset code, which it spends. The code is
// checked as CheckPasswordResetCode checks it, wrong guesses counted.
func (u *User) ResetPassword(code, passwordHash string, now time.Time) ([]domain.Event, error) {
	if refused, err := u.CheckPasswordResetCode(code, now); err != nil {
		return refused, err
	}
	return []domain.Event{PasswordReset{UserID: u.id, PasswordHash: passwordHash, ResetAt: now}}, nil
}

// ChangeEmail moves the account to email (normalised and claimed by the caller) and issues
// a verification code to it: the user is unverified until they enter it.
func (u *User) ChangeEmail(email, code string, now time.Time) ([]domain.Event, error) {
	switch {
	case !u.Registered():
		return nil, domain.NotFound("User not found.")
	case email == u.email:
		return nil, domain.Invalid("email", "This is already your e-mail address.")
	case !ValidEmail(email):
		return nil, domain.Invalid("email", "Please enter a valid e-mail address.")
	}
	return []domain.Event{
		EmailChanged{UserID: u.id, Email: email, ChangedAt: now},
		VerificationCodeIssued{UserID: u.id, Email: email, FirstName: u.firstName, Code: code,
			IssuedAt: now, ExpiresAt: now.Add(CodeTTL)},
	}, nil
}
