package account

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypeUserRegistered          = "account.user_registered.v1"
	TypeVerificationCodeIssued  = "account.verification_code_issued.v1"
	TypeVerificationCodeRefused = "account.verification_code_refused.v1"
	TypeUserVerified            = "account.user_verified.v1"
	TypeEmailClaimed            = "account.email_claimed.v1"
	TypeAccountClosed           = "account.closed.v1"
)

// UserRegistered: a person signed up. Weight is in Unit; the password arrives hashed.
type UserRegistered struct {
	UserID       string    `json:"userId"`
	Email        string    `json:"email"`
	FirstName    string    `json:"firstName"`
	Surname      string    `json:"surname"`
	DateOfBirth  *string   `json:"dateOfBirth"`
	Gender       *string   `json:"gender"`
	Unit         string    `json:"unit"`
	Weight       *float64  `json:"weight"`
	PasswordHash string    `json:"passwordHash"`
	RegisteredAt time.Time `json:"registeredAt"`
}

// VerificationCodeIssued: a new e-mail verification code replaced any earlier one. The code
// travels in the event because the mail reactor sends it; it is short-lived and spent after
// a few wrong guesses.
type VerificationCodeIssued struct {
	UserID    string    `json:"userId"`
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	Code      string    `json:"code"`
	IssuedAt  time.Time `json:"issuedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// VerificationCodeRefused: a wrong verification code was entered.
type VerificationCodeRefused struct {
	UserID    string    `json:"userId"`
	RefusedAt time.Time `json:"refusedAt"`
}

// UserVerified: the user proved they own their e-mail address.
type UserVerified struct {
	UserID     string    `json:"userId"`
	VerifiedAt time.Time `json:"verifiedAt"`
}

// EmailClaimed: an e-mail address was taken by a user. It is the only event of an
// `email-<hash>` stream, whose NoStream append makes e-mail addresses unique.
type EmailClaimed struct {
	UserID    string    `json:"userId"`
	ClaimedAt time.Time `json:"claimedAt"`
}

// AccountClosed: the user closed their account. It is stored in the stream
// `closed-<userId>`, which holds no personal data and outlives the erased streams, so every
// read model deletes the user's rows when it sees this event, on a rebuild too.
type AccountClosed struct {
	UserID   string    `json:"userId"`
	ClosedAt time.Time `json:"closedAt"`
}

// EventType implementations name each event as stored.
func (UserRegistered) EventType() string          { return TypeUserRegistered }
func (VerificationCodeIssued) EventType() string  { return TypeVerificationCodeIssued }
func (VerificationCodeRefused) EventType() string { return TypeVerificationCodeRefused }
func (UserVerified) EventType() string            { return TypeUserVerified }
func (EmailClaimed) EventType() string            { return TypeEmailClaimed }
func (AccountClosed) EventType() string           { return TypeAccountClosed }

func init() {
	domain.Register[UserRegistered](TypeUserRegistered)
	domain.Register[VerificationCodeIssued](TypeVerificationCodeIssued)
	domain.Register[VerificationCodeRefused](TypeVerificationCodeRefused)
	domain.Register[UserVerified](TypeUserVerified)
	domain.Register[EmailClaimed](TypeEmailClaimed)
	domain.Register[AccountClosed](TypeAccountClosed)
}
