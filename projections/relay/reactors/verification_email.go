// Package reactors holds the relay's reactors: the side effects Gymlog performs when events
// happen, such as e-mailing a verification code.
package reactors

import (
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/relay/mailer"
)

// VerificationSubject is the subject of the verification e-mail.
const VerificationSubject = "Your Gymlog verification code"

// VerificationEmail e-mails a new verification code to the address it was issued for.
type VerificationEmail struct{ codeEmail }

// NewVerificationEmail returns the reactor sending through sender. now is the clock that
// decides whether a code has expired (time.Now when nil); log defaults to slog.Default().
func NewVerificationEmail(sender mailer.Sender, now func() time.Time, log *slog.Logger) *VerificationEmail {
	return &VerificationEmail{newCodeEmail(codeMail{
		name: "verification-email", eventType: account.TypeVerificationCodeIssued, subject: VerificationSubject,
		what: "verification code", purpose: "verify your e-mail address", ignore: "If you did not sign up for Gymlog",
	}, sender, now, log)}
}
