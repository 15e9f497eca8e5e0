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

	TypePasswordChanged              = "account.password_changed.v1"
	TypePasswordResetCodeIssued      = "account.password_reset_code_issued.v1"
	TypePasswordResetCodeRefused     = "account.password_reset_code_refused.v1"
	TypePasswordReset                = "account.password_reset.v1"
	TypeEmailChanged                 = "account.email_changed.v1"
	TypeEmailReleased                = "account.email_released.v1"
	TypeProfileEdited                = "account.profile_edited.v1"
	TypeTrainerSubscribed            = "account.trainer_subscribed.v1"
	TypeTrainerSubscriptionCancelled = "account.trainer_subscription_cancelled.v1"
	TypeTrainerSubscriptionEnded     = "account.trainer_subscription_ended.v1"
	TypeTimeZoneSet                  = "account.time_zone_set.v1"
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

// PasswordChanged: the user chose a new password, knowing the old one. Every session ends.
type PasswordChanged struct {
	UserID       string    `json:"userId"`
	PasswordHash string    `json:"passwordHash"`
	ChangedAt    time.Time `json:"changedAt"`
}

// PasswordResetCodeIssued: a forgotten-password code was issued, replacing any earlier one.
// Like the verification code it travels in the event for the mail reactor, and dies after
// CodeTTL or MaxCodeAttempts wrong guesses.
type PasswordResetCodeIssued struct {
	UserID    string    `json:"userId"`
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	Code      string    `json:"code"`
	IssuedAt  time.Time `json:"issuedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// PasswordResetCodeRefused: a wrong password-reset code was entered.
type PasswordResetCodeRefused struct {
	UserID    string    `json:"userId"`
	RefusedAt time.Time `json:"refusedAt"`
}

// PasswordReset: the user set a new password with a reset code, which is now spent.
type PasswordReset struct {
	UserID       string    `json:"userId"`
	PasswordHash string    `json:"passwordHash"`
	ResetAt      time.Time `json:"resetAt"`
}

// EmailChanged: the user moved their account to a new address, which is unverified until
// its code is entered.
type EmailChanged struct {
	UserID    string    `json:"userId"`
	Email     string    `json:"email"`
	ChangedAt time.Time `json:"changedAt"`
}

// EmailReleased: the holder of an e-mail claim gave the address up (they changed address),
// so anyone may claim it again. It is stored in the `email-<hash>` stream.
type EmailReleased struct {
	UserID     string    `json:"userId"`
	ReleasedAt time.Time `json:"releasedAt"`
}

// ProfileEdited: the user saved "Your Details"; the event holds the whole profile.
type ProfileEdited struct {
	UserID         string    `json:"userId"`
	FirstName      string    `json:"firstName"`
	Surname        string    `json:"surname"`
	DateOfBirth    *string   `json:"dateOfBirth"`
	Gender         *string   `json:"gender"`
	DisplayName    *string   `json:"displayName"`
	DashboardChart string    `json:"dashboardChart"`
	Icon           string    `json:"icon"`
	Height         *int64    `json:"height"`
	EditedAt       time.Time `json:"editedAt"`
}

// TrainerSubscribed: the payment provider confirmed an active subscription to the trainer
// plan, so the user became a Personal Trainer.
type TrainerSubscribed struct {
	UserID         string    `json:"userId"`
	SubscriptionID string    `json:"subscriptionId"`
	PlanID         string    `json:"planId"`
	PaymentSource  string    `json:"paymentSource"`
	OrderID        string    `json:"orderId"`
	SubscribedAt   time.Time `json:"subscribedAt"`
}

// TrainerSubscriptionCancelled: the provider reported the subscription cancelled, suspended
// or expired (Status). The user stays a trainer until PaidUntil, the end of the paid period.
type TrainerSubscriptionCancelled struct {
	UserID         string     `json:"userId"`
	SubscriptionID string     `json:"subscriptionId"`
	Status         string     `json:"status"`
	PaidUntil      *time.Time `json:"paidUntil"`
	CancelledAt    time.Time  `json:"cancelledAt"`
}

// TrainerSubscriptionEnded: the paid period of a cancelled subscription is over; the user is
// a Standard user again.
type TrainerSubscriptionEnded struct {
	UserID         string    `json:"userId"`
	SubscriptionID string    `json:"subscriptionId"`
	EndedAt        time.Time `json:"endedAt"`
}

// TimeZoneSet: the user's days and weeks are now those of TimeZone, an IANA name. A user
// without one is on DefaultTimeZone.
type TimeZoneSet struct {
	UserID   string    `json:"userId"`
	TimeZone string    `json:"timeZone"`
	SetAt    time.Time `json:"setAt"`
}

// EventType implementations name each event as stored.
func (UserRegistered) EventType() string          { return TypeUserRegistered }
func (VerificationCodeIssued) EventType() string  { return TypeVerificationCodeIssued }
func (VerificationCodeRefused) EventType() string { return TypeVerificationCodeRefused }
func (UserVerified) EventType() string            { return TypeUserVerified }
func (EmailClaimed) EventType() string            { return TypeEmailClaimed }
func (AccountClosed) EventType() string           { return TypeAccountClosed }
func (PasswordChanged) EventType() string         { return TypePasswordChanged }
func (PasswordResetCodeIssued) EventType() string { return TypePasswordResetCodeIssued }
func (PasswordResetCodeRefused) EventType() string {
	return TypePasswordResetCodeRefused
}
func (PasswordReset) EventType() string     { return TypePasswordReset }
func (EmailChanged) EventType() string      { return TypeEmailChanged }
func (EmailReleased) EventType() string     { return TypeEmailReleased }
func (ProfileEdited) EventType() string     { return TypeProfileEdited }
func (TrainerSubscribed) EventType() string { return TypeTrainerSubscribed }
func (TrainerSubscriptionCancelled) EventType() string {
	return TypeTrainerSubscriptionCancelled
}
func (TrainerSubscriptionEnded) EventType() string { return TypeTrainerSubscriptionEnded }
func (TimeZoneSet) EventType() string              { return TypeTimeZoneSet }

// OwnerID implementations name the user each event is about (domain.Owned).
func (e UserRegistered) OwnerID() string               { return e.UserID }
func (e VerificationCodeIssued) OwnerID() string       { return e.UserID }
func (e VerificationCodeRefused) OwnerID() string      { return e.UserID }
func (e UserVerified) OwnerID() string                 { return e.UserID }
func (e EmailClaimed) OwnerID() string                 { return e.UserID }
func (e AccountClosed) OwnerID() string                { return e.UserID }
func (e PasswordChanged) OwnerID() string              { return e.UserID }
func (e PasswordResetCodeIssued) OwnerID() string      { return e.UserID }
func (e PasswordResetCodeRefused) OwnerID() string     { return e.UserID }
func (e PasswordReset) OwnerID() string                { return e.UserID }
func (e EmailChanged) OwnerID() string                 { return e.UserID }
func (e EmailReleased) OwnerID() string                { return e.UserID }
func (e ProfileEdited) OwnerID() string                { return e.UserID }
func (e TrainerSubscribed) OwnerID() string            { return e.UserID }
func (e TrainerSubscriptionCancelled) OwnerID() string { return e.UserID }
func (e TrainerSubscriptionEnded) OwnerID() string     { return e.UserID }
func (e TimeZoneSet) OwnerID() string                  { return e.UserID }

func init() {
	domain.Register[UserRegistered](TypeUserRegistered)
	domain.Register[VerificationCodeIssued](TypeVerificationCodeIssued)
	domain.Register[VerificationCodeRefused](TypeVerificationCodeRefused)
	domain.Register[UserVerified](TypeUserVerified)
	domain.Register[EmailClaimed](TypeEmailClaimed)
	domain.Register[AccountClosed](TypeAccountClosed)
	domain.Register[PasswordChanged](TypePasswordChanged)
	domain.Register[PasswordResetCodeIssued](TypePasswordResetCodeIssued)
	domain.Register[PasswordResetCodeRefused](TypePasswordResetCodeRefused)
	domain.Register[PasswordReset](TypePasswordReset)
	domain.Register[EmailChanged](TypeEmailChanged)
	domain.Register[EmailReleased](TypeEmailReleased)
	domain.Register[ProfileEdited](TypeProfileEdited)
	domain.Register[TrainerSubscribed](TypeTrainerSubscribed)
	domain.Register[TrainerSubscriptionCancelled](TypeTrainerSubscriptionCancelled)
	domain.Register[TrainerSubscriptionEnded](TypeTrainerSubscriptionEnded)
	domain.Register[TimeZoneSet](TypeTimeZoneSet)
}
