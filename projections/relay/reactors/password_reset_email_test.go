package reactors_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/reactors"
)

func TestPasswordResetCodeIsMailed(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	box := &outbox{}
	p := reactors.NewPasswordResetEmail(box, func() time.Time { return now }, quiet)
	ev := relay.Event{ID: uuid.NewString(), Type: account.TypePasswordResetCodeIssued,
		Data: codeIssued(t, "ada@example.com", "246810", now.Add(10*time.Minute))}
	if err := p.React(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	if len(box.mails) != 1 {
		t.Fatalf("mails: got %d, want 1", len(box.mails))
	}
	m := box.mails[0]
	if m.To[0] != "ada@example.com" || m.Subject != "Your Gymlog password reset code" ||
		!strings.Contains(m.Text, "Your Gymlog password reset code is 246810.") || !strings.Contains(m.HTML, "<strong>246810</strong>") {
		t.Errorf("mail: got %+v", m)
	}
	box.mails = nil
	expired := relay.Event{ID: uuid.NewString(), Type: account.TypePasswordResetCodeIssued,
		Data: codeIssued(t, "ada@example.com", "246810", now)}
	if err := p.React(context.Background(), expired); err != nil || len(box.mails) != 0 {
		t.Errorf("expired code: got %d mails, %v; want none", len(box.mails), err)
	}
}
