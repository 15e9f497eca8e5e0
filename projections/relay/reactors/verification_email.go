// Package reactors holds the relay's reactors: the side effects Gymlog performs when events
// happen, such as e-mailing a verification code.
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

// VerificationSubject is the subject of the verification e-mail.
const VerificationSubject = "Your Gymlog verification code"

// VerificationEmail e-mails a new verification code to the address it was issued for.
type VerificationEmail struct {
	sender mailer.Sender
	now    func() time.Time
	log    *slog.Logger
}

// NewVerificationEmail returns the reactor sending through sender. now is the clock that
// decides whether a code has expired (time.Now when nil); log defaults to slog.Default().
func NewVerificationEmail(sender mailer.Sender, now func() time.Time, log *slog.Logger) *VerificationEmail {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &VerificationEmail{sender: sender, now: now, log: log}
}

// verificationCodeIssued is the part of account.verification_code_issued.v1 the mail needs,
// decoded here so that the mail does not change with the domain's Go types.
type verificationCodeIssued struct {
	UserID    string    `json:"userId"`
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	Code      string    `json:"code"`
	IssuedAt  time.Time `json:"issuedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Name implements relay.Reactor.
func (*VerificationEmail) Name() string { return "verification-email" }

// EventTypes implements relay.Reactor.
func (*VerificationEmail) EventTypes() []string {
	return []string{account.TypeVerificationCodeIssued}
}

// React implements relay.Reactor. A code that has already expired is not sent: it would be
// useless, and a relay that starts again from an old part of the feed (a restored backup)
// would otherwise mail old codes to everyone again.
func (v *VerificationEmail) React(ctx context.Context, ev relay.Event) error {
	var e verificationCodeIssued
	if err := json.Unmarshal(ev.Data, &e); err != nil {
		return fmt.Errorf("verification e-mail: decode %s: %w", ev.ID, err)
	}
	if e.Email == "" || e.Code == "" {
		return fmt.Errorf("verification e-mail: event %s has no address or no code", ev.ID)
	}
	if !e.ExpiresAt.IsZero() && !v.now().Before(e.ExpiresAt) {
		v.log.InfoContext(ctx, "verification code expired before it could be sent",
			"event", ev.ID, "user", e.UserID, "expiresAt", e.ExpiresAt)
		return nil
	}
	return v.sender.Send(ctx, verificationMail(e))
}

func verificationMail(e verificationCodeIssued) mailer.Mail {
	greeting := "Hello,"
	if e.FirstName != "" {
		greeting = "Hello " + e.FirstName + ","
	}
	expires := e.ExpiresAt.UTC().Format("2 January 2006 at 15:04 UTC")
	text := fmt.Sprintf("%s\n\nYour Gymlog verification code is %s.\n\n"+
		"Enter it in Gymlog to verify your e-mail address. It expires on %s.\n\n"+
		"If you did not sign up for Gymlog, you can ignore this e-mail.\n", greeting, e.Code, expires)
	htmlBody := fmt.Sprintf("<p>%s</p>\n<p>Your Gymlog verification code is <strong>%s</strong>.</p>\n"+
		"<p>Enter it in Gymlog to verify your e-mail address. It expires on %s.</p>\n"+
		"<p>If you did not sign up for Gymlog, you can ignore this e-mail.</p>\n",
		html.EscapeString(greeting), html.EscapeString(e.Code), html.EscapeString(expires))
	return mailer.Mail{To: []string{e.Email}, Subject: VerificationSubject, Text: text, HTML: htmlBody}
}
