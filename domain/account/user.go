package account

// Rules of the User aggregate (stream user-<id>):
//   - A user registers once; registering an id that exists is a conflict.
//   - A verification code lives CodeTTL and allows MaxCodeAttempts wrong guesses; then it is
//     spent and only a newly issued code can verify. Issuing a code replaces the old one.
//   - Verifying an already verified user changes nothing; issuing a code to one does neither.
//   - A password-reset code follows the verification code's rules (CodeTTL, MaxCodeAttempts,
//     a new one replaces the old); setting a password with it spends it.
//   - Changing the e-mail address makes the user unverified and issues a code to the new one.
//   - A user becomes a trainer only with an ACTIVE subscription to the trainer plan, as the
//     provider reports it; one active subscription at a time. A subscription the provider
//     reports cancelled, suspended or expired keeps the user a trainer until its paid period
//     ends.

import (
	"crypto/subtle"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// CodeTTL is how long a verification code can be used.
const CodeTTL = 30 * time.Minute

// MaxCodeAttempts is how many wrong codes spend a code, so six digits cannot be brute-forced.
const MaxCodeAttempts = 5

// User is the account aggregate, folded from its stream.
type User struct {
	id        string
	email     string
	firstName string
	verified  bool

	code          string
	codeExpiresAt time.Time
	codeRefusals  int

	resetCode          string
	resetCodeExpiresAt time.Time
	resetCodeRefusals  int

	subscriptionID string
	cancelled      bool
	paidUntil      *time.Time
	trainer        bool

	timeZone string
}

// Registered reports whether the stream holds a registration.
func (u *User) Registered() bool { return u.id != "" }

// Verified reports whether the user has verified their e-mail address.
func (u *User) Verified() bool { return u.verified }

// Email is the user's current e-mail address.
func (u *User) Email() string { return u.email }

// Apply is the one transition switch of the aggregate.
func (u *User) Apply(e domain.Event) {
	switch e := e.(type) {
	case UserRegistered:
		u.id, u.email, u.firstName = e.UserID, e.Email, e.FirstName
	case VerificationCodeIssued:
		u.code, u.codeExpiresAt, u.codeRefusals = e.Code, e.ExpiresAt, 0
	case VerificationCodeRefused:
		u.codeRefusals++
	case UserVerified:
		u.verified, u.code = true, ""
	case PasswordResetCodeIssued:
		u.resetCode, u.resetCodeExpiresAt, u.resetCodeRefusals = e.Code, e.ExpiresAt, 0
	case PasswordResetCodeRefused:
		u.resetCodeRefusals++
	case PasswordReset:
		u.resetCode = ""
	case EmailChanged:
		u.email, u.verified, u.code = e.Email, false, ""
	case ProfileEdited:
		u.firstName = e.FirstName
	case TrainerSubscribed:
		u.subscriptionID, u.cancelled, u.paidUntil, u.trainer = e.SubscriptionID, false, nil, true
	case TrainerSubscriptionCancelled:
		u.cancelled, u.paidUntil = true, e.PaidUntil
	case TrainerSubscriptionEnded:
		u.trainer = false
	case TimeZoneSet:
		u.timeZone = e.TimeZone
	}
}

// Register records a new user from a validated registration and the hash of its password.
func (u *User) Register(r Registration, passwordHash string, now time.Time) ([]domain.Event, error) {
	if u.Registered() {
		return nil, domain.Conflict("user %s is already registered", r.UserID)
	}
	return []domain.Event{UserRegistered{
		UserID: r.UserID, Email: r.Email, FirstName: r.FirstName, Surname: r.Surname,
		DateOfBirth: r.DateOfBirth, Gender: r.Gender, Unit: r.Unit, Weight: r.Weight,
		PasswordHash: passwordHash, RegisteredAt: now,
	}}, nil
}

// IssueVerificationCode replaces any earlier code with code, valid for CodeTTL.
func (u *User) IssueVerificationCode(code string, now time.Time) ([]domain.Event, error) {
	if !u.Registered() {
		return nil, domain.NotFound("User not found.")
	}
	if u.verified {
		return nil, nil
	}
	return []domain.Event{VerificationCodeIssued{
		UserID: u.id, Email: u.email, FirstName: u.firstName, Code: code,
		IssuedAt: now, ExpiresAt: now.Add(CodeTTL),
	}}, nil
}

// Verify checks code. A wrong code is recorded (so guesses are counted) and also returned as
// a validation error on authCode: the caller stores the events and reports the error.
func (u *User) Verify(code string, now time.Time) ([]domain.Event, error) {
	switch {
	case !u.Registered():
		return nil, domain.NotFound("User not found.")
	case u.verified:
		return nil, nil
	case u.code == "" || u.codeRefusals >= MaxCodeAttempts:
		return nil, domain.Invalid("authCode", "This code can no longer be used. Please request a new code.")
	case !now.Before(u.codeExpiresAt):
		return nil, domain.Invalid("authCode", "This code has expired. Please request a new code.")
	case subtle.ConstantTimeCompare([]byte(code), []byte(u.code)) != 1:
		refused := []domain.Event{VerificationCodeRefused{UserID: u.id, RefusedAt: now}}
		if u.codeRefusals+1 >= MaxCodeAttempts {
			return refused, domain.Invalid("authCode", "Too many wrong codes. Please request a new code.")
		}
		return refused, domain.Invalid("authCode", "The code is not correct.")
	}
	return []domain.Event{UserVerified{UserID: u.id, VerifiedAt: now}}, nil
}

// EmailClaim is the aggregate of an `email-<hash>` stream: who holds the address.
type EmailClaim struct {
	userID string
}

// Apply is the one transition switch of the claim.
func (c *EmailClaim) Apply(e domain.Event) {
	switch e := e.(type) {
	case EmailClaimed:
		c.userID = e.UserID
	case EmailReleased:
		if c.userID == e.UserID {
			c.userID = ""
		}
	}
}

// Release gives the address up for userID; releasing an address held by someone else (or
// no one) changes nothing.
func (c *EmailClaim) Release(userID string, now time.Time) ([]domain.Event, error) {
	if c.userID == "" || c.userID != userID {
		return nil, nil
	}
	return []domain.Event{EmailReleased{UserID: userID, ReleasedAt: now}}, nil
}

// Holder is the id of the user holding the address, or "" when it is free.
func (c *EmailClaim) Holder() string { return c.userID }

// Claim takes the address for userID. An address held by someone else is a validation error
// on email, unless holderGone says that user never finished registering (or was erased):
// then the address passes on. Claiming it again for the same user changes nothing.
func (c *EmailClaim) Claim(userID string, holderGone bool, now time.Time) ([]domain.Event, error) {
	switch {
	case c.userID == userID:
		return nil, nil
	case c.userID == "" || holderGone:
		return []domain.Event{EmailClaimed{UserID: userID, ClaimedAt: now}}, nil
	}
	return nil, domain.Invalid("email", "This e-mail address is already registered.")
}
