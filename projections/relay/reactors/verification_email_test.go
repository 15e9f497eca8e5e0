package reactors_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/mailer"
	"github.com/gymlog/gymlog/projections/relay/mailer/smtptest"
	"github.com/gymlog/gymlog/projections/relay/reactors"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func codeIssued(t *testing.T, email, code string, expires time.Time) []byte {
	t.Helper()
	data, err := json.Marshal(map[string]string{
		"userId": uuid.NewString(), "email": email, "firstName": "Ada", "code": code,
		"issuedAt": expires.Add(-15 * time.Minute).Format(time.RFC3339), "expiresAt": expires.Format(time.RFC3339),
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestVerificationCodeIsMailedFromTheStoreThroughSMTP(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "gymlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	store, err := sqlite.New(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := projections.Migrate(ctx, db, projections.SQLite); err != nil {
		t.Fatal(err)
	}

	srv := smtptest.NewServer(t, smtptest.Options{})
	sender, err := mailer.NewSMTP(srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := relay.New(db, relay.WithLogger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddReactor(reactors.NewVerificationEmail(sender, nil, quiet)); err != nil {
		t.Fatal(err)
	}
	runner, err := projections.NewRunner(db, projections.SQLite, store, []projections.Projector{r},
		projections.WithLogger(quiet), projections.WithPollInterval(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 2)
	go func() { done <- r.Run(runCtx) }()
	go func() { done <- runner.Run(runCtx) }()
	defer func() {
		cancel()
		for range 2 {
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}
	}()

	expires := time.Now().Add(15 * time.Minute).UTC().Truncate(time.Second)
	userStream := "user-" + uuid.NewString()
	_, err = store.Append(ctx, userStream, eventstore.Any,
		eventstore.EventData{ID: uuid.NewString(), Type: account.TypeUserRegistered, Data: []byte(`{"userId":"x"}`)},
		eventstore.EventData{ID: uuid.NewString(), Type: account.TypeVerificationCodeIssued,
			Data: codeIssued(t, "ada@example.com", "123456", expires)})
	if err != nil {
		t.Fatal(err)
	}

	msgs := srv.WaitForMessages(t, 1, 20*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("mails: got %d, want 1", len(msgs))
	}
	if got, want := msgs[0].To, []string{"ada@example.com"}; !slices.Equal(got, want) {
		t.Errorf("to: got %v, want %v", got, want)
	}
	m, err := msgs[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Subject, "Your Gymlog verification code"; got != want {
		t.Errorf("subject: got %q, want %q", got, want)
	}
	for _, want := range []string{"Your Gymlog verification code is 123456.", expires.Format("2 January 2006 at 15:04 UTC")} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text: got %q, want it to contain %q", m.Text, want)
		}
	}
	if !strings.Contains(m.HTML, "<strong>123456</strong>") {
		t.Errorf("html: got %q, want the code in it", m.HTML)
	}
}

// outbox is a Sender that keeps what it is given.
type outbox struct{ mails []mailer.Mail }

func (o *outbox) Send(_ context.Context, m mailer.Mail) error {
	o.mails = append(o.mails, m)
	return nil
}

func TestExpiredCodeIsNotMailed(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	box := &outbox{}
	v := reactors.NewVerificationEmail(box, func() time.Time { return now }, quiet)
	for _, tc := range []struct {
		expires time.Time
		sent    bool
	}{
		{now.Add(time.Minute), true},
		{now, false},
		{now.Add(-time.Minute), false},
	} {
		box.mails = nil
		ev := relay.Event{ID: uuid.NewString(), Type: account.TypeVerificationCodeIssued,
			Data: codeIssued(t, "ada@example.com", "654321", tc.expires)}
		if err := v.React(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
		if got := len(box.mails) == 1; got != tc.sent {
			t.Errorf("code expiring at %v, now %v: sent %v, want %v", tc.expires, now, got, tc.sent)
		}
	}
	if err := v.React(context.Background(), relay.Event{ID: "x", Data: []byte(`{"email":""}`)}); err == nil {
		t.Error("an event without an address: got nil error")
	}
}
