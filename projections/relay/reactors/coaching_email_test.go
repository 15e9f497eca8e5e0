package reactors_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/mailer"
	"github.com/gymlog/gymlog/projections/relay/mailer/smtptest"
	"github.com/gymlog/gymlog/projections/relay/reactors"
)

// A trainer's request is mailed to the address it went to, through SMTP, telling an account
// holder to sign in and anyone else to sign up with that address; an old one is not mailed.
func TestClientRequestIsMailed(t *testing.T) {
	ctx := context.Background()
	srv := smtptest.NewServer(t, smtptest.Options{})
	sender, err := mailer.NewSMTP(srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	r := reactors.NewClientRequestEmail(sender, func() time.Time { return now }, quiet)
	send := func(to, clientID, name string, at time.Time) {
		t.Helper()
		data, _ := json.Marshal(map[string]any{"userId": "t1", "email": to, "clientId": clientID, "trainerName": name,
			"requestedAt": at})
		if err := r.React(ctx, relay.Event{ID: to, Data: data}); err != nil {
			t.Fatal(err)
		}
	}
	send("old@example.com", "", "Tia <b>", now.Add(-8*24*time.Hour))
	send("ada@example.com", "u1", "Tia <b>", now)
	send("new@example.com", "", "", now)

	msgs := srv.WaitForMessages(t, 2, 20*time.Second)
	if len(msgs) != 2 {
		t.Fatalf("mails: got %d, want 2", len(msgs))
	}
	wants := []struct{ to, text, html string }{
		{"ada@example.com", "Tia <b> would like to be your personal trainer", "Tia &lt;b&gt; would like"},
		{"new@example.com", "Sign up to Gymlog with this e-mail address", "A personal trainer would like"},
	}
	for i, want := range wants {
		if !slices.Equal(msgs[i].To, []string{want.to}) {
			t.Errorf("mail %d to %v, want %s", i, msgs[i].To, want.to)
		}
		m, err := msgs[i].Parse()
		if err != nil {
			t.Fatal(err)
		}
		if m.Subject != reactors.ClientRequestSubject || !strings.Contains(m.Text, want.text) || !strings.Contains(m.HTML, want.html) {
			t.Errorf("mail %d: %q\n%s\n%s", i, m.Subject, m.Text, m.HTML)
		}
	}
}
