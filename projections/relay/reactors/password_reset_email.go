package reactors

import (
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/relay/mailer"
)

// PasswordResetSubject is the subject of the password-reset e-mail.
const PasswordResetSubject = "Your Gymlog password reset code"

// PasswordResetEmail e-mails a forgotten-password code to the account's address.
type PasswordResetEmail struct{ codeEmail }

// NewPasswordResetEmail returns the reactor sending through sender; now (time.Now when nil)
// decides whether a code has expired; log defaults to slog.Default().
func NewPasswordResetEmail(sender mailer.Sender, now func() time.Time, log *slog.Logger) *PasswordResetEmail {
	return &PasswordResetEmail{newCodeEmail(codeMail{
		name: "password-reset-email", eventType: account.TypePasswordResetCodeIssued, subject: PasswordResetSubject,
		what: "password reset code", purpose: "choose a new password",
		ignore: "If you did not ask to reset your password",
	}, sender, now, log)}
}
