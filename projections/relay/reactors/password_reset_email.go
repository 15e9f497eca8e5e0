package reactors

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/mailer"
)

// PasswordResetSubject is the subject of the password-reset e-mail.
const PasswordResetSubject = "Your Gymlog password reset code"

// PasswordResetEmail e-mails a forgotten-password code to the account's address.
type PasswordResetEmail struct {
	sender mailer.Sender
	now    func() time.Time
	log    *slog.Logger
}

// NewPasswordResetEmail returns the reactor sending through sender; now (time.Now when nil)
// decides whether a code has expired; log defaults to slog.Default().
func NewPasswordResetEmail(sender mailer.Sender, now func() time.Time, log *slog.Logger) *PasswordResetEmail {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &PasswordResetEmail{sender: sender, now: now, log: log}
}

// Name implements relay.Reactor.
func (*PasswordResetEmail) Name() string { return "password-reset-email" }

// EventTypes implements relay.Reactor.
func (*PasswordResetEmail) EventTypes() []string {
	return []string{account.TypePasswordResetCodeIssued}
}

// React implements relay.Reactor. Like the verification mail, an expired code is not sent.
func (p *PasswordResetEmail) React(ctx context.Context, ev relay.Event) error {
	// The payload has the verification code's shape: decoded here, apart from the domain's types.
	var e verificationCodeIssued
	if err := json.Unmarshal(ev.Data, &e); err != nil {
		return fmt.Errorf("password reset e-mail: decode %s: %w", ev.ID, err)
	}
	if e.Email == "" || e.Code == "" {
		return fmt.Errorf("password reset e-mail: event %s has no address or no code", ev.ID)
	}
	if !e.ExpiresAt.IsZero() && !p.now().Before(e.ExpiresAt) {
		p.log.InfoContext(ctx, "password reset code expired before it could be sent", "event", ev.ID, "user", e.UserID)
		return nil
	}
	return p.sender.Send(ctx, passwordResetMail(e))
}

func passwordResetMail(e verificationCodeIssued) mailer.Mail {
	greeting := "Hello,"
	if e.FirstName != "" {
		greeting = "Hello " + e.FirstName + ","
	}
	expires := e.ExpiresAt.UTC().Format("2 January 2006 at 15:04 UTC")
	text := fmt.Sprintf("%s\n\nYour Gymlog password reset code is %s.\n\n"+
		"Enter it in Gymlog to choose a new password. It expires on %s.\n\n"+
		"If you did not ask to reset your password, you can ignore this e-mail.\n", greeting, e.Code, expires)
	htmlBody := fmt.Sprintf("<p>%s</p>\n<p>Your Gymlog password reset code is <strong>%s</strong>.</p>\n"+
		"<p>Enter it in Gymlog to choose a new password. It expires on %s.</p>\n"+
		"<p>If you did not ask to reset your password, you can ignore this e-mail.</p>\n",
		html.EscapeString(greeting), html.EscapeString(e.Code), html.EscapeString(expires))
	return mailer.Mail{To: []string{e.Email}, Subject: PasswordResetSubject, Text: text, HTML: htmlBody}
}
