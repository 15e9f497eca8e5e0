package mailer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections/relay/mailer"
	"github.com/gymlog/gymlog/projections/relay/mailer/smtptest"
)

func TestSMTPSendsTextAndHTML(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts smtptest.Options
	}{
		{"plain connection", smtptest.Options{}},
		{"STARTTLS", smtptest.Options{StartTLS: true}},
		{"STARTTLS and authentication", smtptest.Options{StartTLS: true, User: "gymlog", Pass: "s3cret"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := smtptest.NewServer(t, tc.opts)
			var opts []mailer.SMTPOption
			if tc.opts.StartTLS {
				opts = append(opts, mailer.WithTLSConfig(srv.ClientTLS))
			}
			s, err := mailer.NewSMTP(srv.URL, "", opts...)
			if err != nil {
				t.Fatal(err)
			}
			err = s.Send(context.Background(), mailer.Mail{
				To: []string{"ada@example.com"}, Subject: "Your Gymlog verification code",
				Text: "Your Gymlog verification code is 123456.", HTML: "<p>Your code is <b>123456</b>.</p>",
			})
			if err != nil {
				t.Fatal(err)
			}
			msgs := srv.Messages()
			if len(msgs) != 1 {
				t.Fatalf("messages: got %d, want 1", len(msgs))
			}
			m := msgs[0]
			if got, want := m.To, []string{"ada@example.com"}; !slices.Equal(got, want) {
				t.Errorf("envelope to: got %v, want %v", got, want)
			}
			if got, want := m.From, "no-reply@gymlog.local"; got != want {
				t.Errorf("envelope from: got %q, want %q", got, want)
			}
			if got, want := m.User, tc.opts.User; got != want {
				t.Errorf("authenticated user: got %q, want %q", got, want)
			}
			if got, want := m.TLS, tc.opts.StartTLS; got != want {
				t.Errorf("over TLS: got %v, want %v", got, want)
			}
			p, err := m.Parse()
			if err != nil {
				t.Fatal(err)
			}
			if got, want := p.Subject, "Your Gymlog verification code"; got != want {
				t.Errorf("subject: got %q, want %q", got, want)
			}
			if got, want := p.Header.Get("From"), `"Gymlog" <no-reply@gymlog.local>`; got != want {
				t.Errorf("From header: got %q, want %q", got, want)
			}
			if got, want := p.Text, "Your Gymlog verification code is 123456."; !strings.Contains(got, want) {
				t.Errorf("text: got %q, want it to contain %q", got, want)
			}
			if got, want := p.HTML, "<b>123456</b>"; !strings.Contains(got, want) {
				t.Errorf("html: got %q, want it to contain %q", got, want)
			}
		})
	}
}

func TestSMTPRejectsBadCredentialsAndURLs(t *testing.T) {
	srv := smtptest.NewServer(t, smtptest.Options{StartTLS: true, User: "gymlog", Pass: "s3cret"})
	s, err := mailer.NewSMTP(strings.Replace(srv.URL, "s3cret", "wrong", 1), "", mailer.WithTLSConfig(srv.ClientTLS))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mailer.Mail{To: []string{"ada@example.com"}, Subject: "x", Text: "x"}); err == nil {
		t.Error("send with a wrong password: got nil error")
	}
	// Without STARTTLS the password is not sent at all.
	plain := smtptest.NewServer(t, smtptest.Options{User: "gymlog", Pass: "s3cret"})
	if s, err = mailer.NewSMTP(plain.URL, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), mailer.Mail{To: []string{"ada@example.com"}, Subject: "x", Text: "x"}); err == nil {
		t.Error("send with a password over a plain connection: got nil error")
	}
	if got := len(srv.Messages()) + len(plain.Messages()); got != 0 {
		t.Errorf("messages accepted: got %d, want 0", got)
	}
	for _, bad := range []string{"http://example.com", "smtp://", "smtp://host:port"} {
		if _, err := mailer.NewSMTP(bad, ""); err == nil {
			t.Errorf("NewSMTP(%q): got nil error", bad)
		}
	}
}

func TestMailboxWritesSortableJSONFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mailbox")
	box, err := mailer.NewMailbox(dir, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i := range mailer.MailboxLimit + 5 {
		m := mailer.Mail{To: []string{"ada@example.com"}, Subject: "Your Gymlog verification code",
			Text: fmt.Sprintf("mail %d", i)}
		if err := box.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(entries), mailer.MailboxLimit; got != want {
		t.Fatalf("files kept: got %d, want %d", got, want)
	}
	name := regexp.MustCompile(`^\d{8}T\d{6}\.\d{9}Z-[a-z0-9]+\.json$`)
	var last mailer.MailboxMessage
	for _, e := range entries {
		if !name.MatchString(e.Name()) {
			t.Errorf("file name %q does not match %s", e.Name(), name)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, entries[len(entries)-1].Name()))
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"from", "sentAt", "subject", "text", "to"}; !slices.Equal(keys, want) {
		t.Errorf("fields: got %v, want %v", keys, want)
	}
	if err := json.Unmarshal(data, &last); err != nil {
		t.Fatal(err)
	}
	// The newest file (last by name) holds the last mail sent.
	if got, want := last.Text, fmt.Sprintf("mail %d", mailer.MailboxLimit+4); got != want {
		t.Errorf("newest mail text: got %q, want %q", got, want)
	}
	if got, want := last.From, mailer.DefaultFrom; got != want {
		t.Errorf("from: got %q, want %q", got, want)
	}
	if got, want := last.To, []string{"ada@example.com"}; !slices.Equal(got, want) {
		t.Errorf("to: got %v, want %v", got, want)
	}
	sent, err := time.Parse(time.RFC3339Nano, last.SentAt)
	if err != nil {
		t.Fatalf("sentAt %q: %v", last.SentAt, err)
	}
	if got, want := entries[len(entries)-1].Name()[:26], sent.Format("20060102T150405.000000000Z"); got != want {
		t.Errorf("file name time: got %s, want %s (sentAt)", got, want)
	}
}

func TestNewPicksMailboxWithoutSMTPURL(t *testing.T) {
	s, err := mailer.New("", "", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*mailer.Mailbox); !ok {
		t.Errorf("New without an SMTP URL: got %T, want *mailer.Mailbox", s)
	}
	s, err = mailer.New("smtp://127.0.0.1:2525", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*mailer.SMTP); !ok {
		t.Errorf("New with an SMTP URL: got %T, want *mailer.SMTP", s)
	}
}
