package mailer

import (
	"context"
	"crypto/tls"
	"fmt"
	"net/url"
	"strconv"

	"github.com/wneessen/go-mail"
)

// SMTP sends mail through an SMTP server, one connection per mail: verification mails are
// few, and a fresh connection never finds a server-side timeout.
type SMTP struct {
	from    string
	host    string
	options []mail.Option
}

// SMTPOption configures an SMTP sender.
type SMTPOption func(*smtpConfig)

type smtpConfig struct {
	tls *tls.Config
}

// WithTLSConfig sets the TLS configuration of STARTTLS, for a server whose certificate a
// private CA signed. Without it, the system's roots check the certificate against the URL's
// host.
func WithTLSConfig(cfg *tls.Config) SMTPOption { return func(c *smtpConfig) { c.tls = cfg } }

// NewSMTP returns a sender for the server at rawURL, smtp://[user:pass@]host:port (port 25
// when absent). It upgrades the connection with STARTTLS when the server offers it, and
// authenticates when the URL has a user, choosing the strongest mechanism both sides know;
// a password is never sent in the clear.
func NewSMTP(rawURL, from string, opts ...SMTPOption) (*SMTP, error) {
	var cfg smtpConfig
	for _, o := range opts {
		o(&cfg)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("mailer: SMTP URL: %w", err)
	}
	if u.Scheme != "smtp" || u.Hostname() == "" {
		return nil, fmt.Errorf("mailer: SMTP URL must look like smtp://[user:pass@]host:port, got scheme %q host %q",
			u.Scheme, u.Hostname())
	}
	port := 25
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("mailer: SMTP URL port %q: %w", p, err)
		}
	}
	if from == "" {
		from = DefaultFrom
	}
	options := []mail.Option{mail.WithPort(port), mail.WithTLSPolicy(mail.TLSOpportunistic)}
	if cfg.tls != nil {
		t := cfg.tls.Clone()
		if t.ServerName == "" {
			t.ServerName = u.Hostname()
		}
		options = append(options, mail.WithTLSConfig(t))
	}
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		options = append(options, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover),
			mail.WithUsername(user), mail.WithPassword(pass))
	}
	return &SMTP{from: from, host: u.Hostname(), options: options}, nil
}

// Send implements Sender.
func (s *SMTP) Send(ctx context.Context, m Mail) error {
	msg := mail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("mailer: from %q: %w", s.from, err)
	}
	if err := msg.To(m.To...); err != nil {
		return fmt.Errorf("mailer: to %v: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(mail.TypeTextHTML, m.HTML)
	}
	client, err := mail.NewClient(s.host, s.options...)
	if err != nil {
		return fmt.Errorf("mailer: SMTP client: %w", err)
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mailer: send %q to %v: %w", m.Subject, m.To, err)
	}
	return nil
}
