// Package mailer sends Gymlog's e-mail: through an SMTP server in production, or into a
// development mailbox folder when none is configured, where developers and the end-to-end
// browser tests read it.
package mailer

import (
	"context"
	"log/slog"
)

// DefaultFrom is the sender of Gymlog's e-mail unless configured otherwise.
const DefaultFrom = "Gymlog <no-reply@gymlog.local>"

// Mail is one e-mail to send. HTML is an optional alternative to the plain-text body.
type Mail struct {
	To      []string
	Subject string
	Text    string
	HTML    string
}

// Sender sends e-mail. Send returns once the mail is handed over (to the SMTP server, or
// written to the mailbox); an error means it was not, and the caller may try again.
type Sender interface {
	Send(ctx context.Context, m Mail) error
}

// New returns the SMTP sender for smtpURL, or the development mailbox in mailboxDir when
// smtpURL is empty. from is the sender address (DefaultFrom when empty).
func New(smtpURL, from, mailboxDir string, log *slog.Logger) (Sender, error) {
	if smtpURL == "" {
		return NewMailbox(mailboxDir, from, log)
	}
	return NewSMTP(smtpURL, from)
}
