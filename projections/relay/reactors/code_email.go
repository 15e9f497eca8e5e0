package reactors

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/mailer"
)

// codeMail is what one kind of code e-mail is and says.
type codeMail struct {
	name, eventType, subject string
	// what names the code ("verification code"), purpose completes "Enter it in Gymlog to"
	// and ignore "..., you can ignore this e-mail."
	what, purpose, ignore string
}

// codeIssued is the part of a code-issued event the mail needs, decoded here so that the
// mail does not change with the domain's Go types. Verification and password-reset codes
// share the shape.
type codeIssued struct {
	UserID    string    `json:"userId"`
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	Code      string    `json:"code"`
	IssuedAt  time.Time `json:"issuedAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// codeEmail e-mails a newly issued code to the address it was issued for.
type codeEmail struct {
	kind   codeMail
	sender mailer.Sender
	now    func() time.Time
	log    *slog.Logger
}

// newCodeEmail returns the reactor for kind, sending through sender. now is the clock that
// decides whether a code has expired (time.Now when nil); log defaults to slog.Default().
func newCodeEmail(kind codeMail, sender mailer.Sender, now func() time.Time, log *slog.Logger) codeEmail {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return codeEmail{kind: kind, sender: sender, now: now, log: log}
}

// Name implements relay.Reactor.
func (c *codeEmail) Name() string { return c.kind.name }

// EventTypes implements relay.Reactor.
func (c *codeEmail) EventTypes() []string { return []string{c.kind.eventType} }

// React implements relay.Reactor. A code that has already expired is not sent: it would be
// useless, and a relay that starts again from an old part of the feed (a restored backup)
// would otherwise mail old codes to everyone again.
func (c *codeEmail) React(ctx context.Context, ev relay.Event) error {
	var e codeIssued
	if err := json.Unmarshal(ev.Data, &e); err != nil {
		return fmt.Errorf("%s: decode %s: %w", c.kind.name, ev.ID, err)
	}
	if e.Email == "" || e.Code == "" {
		return fmt.Errorf("%s: event %s has no address or no code", c.kind.name, ev.ID)
	}
	if !e.ExpiresAt.IsZero() && !c.now().Before(e.ExpiresAt) {
		c.log.InfoContext(ctx, c.kind.what+" expired before it could be sent",
			"event", ev.ID, "user", e.UserID, "expiresAt", e.ExpiresAt)
		return nil
	}
	return c.sender.Send(ctx, c.mail(e))
}

func (c *codeEmail) mail(e codeIssued) mailer.Mail {
	greeting := "Hello,"
	if e.FirstName != "" {
		greeting = "Hello " + e.FirstName + ","
	}
	expires := e.ExpiresAt.UTC().Format("2 January 2006 at 15:04 UTC")
	k := c.kind
	text := fmt.Sprintf("%s\n\nYour Gymlog %s is %s.\n\nEnter it in Gymlog to %s. It expires on %s.\n\n"+
		"%s, you can ignore this e-mail.\n", greeting, k.what, e.Code, k.purpose, expires, k.ignore)
	htmlBody := fmt.Sprintf("<p>%s</p>\n<p>Your Gymlog %s is <strong>%s</strong>.</p>\n"+
		"<p>Enter it in Gymlog to %s. It expires on %s.</p>\n<p>%s, you can ignore this e-mail.</p>\n",
		html.EscapeString(greeting), k.what, html.EscapeString(e.Code), k.purpose, html.EscapeString(expires), k.ignore)
	return mailer.Mail{To: []string{e.Email}, Subject: k.subject, Text: text, HTML: htmlBody}
}
