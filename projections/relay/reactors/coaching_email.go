package reactors

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"log/slog"
	"time"

	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/mailer"
)

// ClientRequestSubject is the subject of the e-mail telling someone a trainer asked them.
const ClientRequestSubject = "A personal trainer wants to coach you on Gymlog"

// requestFreshFor is how long after it was made a request is still worth mailing: a relay
// that starts again from an old part of the feed (a restored backup) mails no old requests.
const requestFreshFor = 7 * 24 * time.Hour

// clientRequested is the part of coaching.client_requested.v1 the mail needs, decoded here
// so that the mail does not change with the domain's Go types.
type clientRequested struct {
	Email       string    `json:"email"`
	ClientID    string    `json:"clientId"`
	TrainerName string    `json:"trainerName"`
	RequestedAt time.Time `json:"requestedAt"`
}

// ClientRequestEmail tells the person at an address that a trainer asked them to become
// their client, and how to answer: in Gymlog's Trainer area, after signing up with that
// address if they have no account.
type ClientRequestEmail struct {
	sender mailer.Sender
	now    func() time.Time
	log    *slog.Logger
}

// NewClientRequestEmail returns the reactor sending through sender (clock and logger as for
// the code e-mails).
func NewClientRequestEmail(sender mailer.Sender, now func() time.Time, log *slog.Logger) *ClientRequestEmail {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &ClientRequestEmail{sender: sender, now: now, log: log}
}

// Name implements relay.Reactor.
func (*ClientRequestEmail) Name() string { return "client-request-email" }

// EventTypes implements relay.Reactor.
func (*ClientRequestEmail) EventTypes() []string { return []string{coaching.TypeClientRequested} }

// React implements relay.Reactor.
func (c *ClientRequestEmail) React(ctx context.Context, ev relay.Event) error {
	var e clientRequested
	if err := json.Unmarshal(ev.Data, &e); err != nil {
		return fmt.Errorf("client-request-email: decode %s: %w", ev.ID, err)
	}
	if e.Email == "" {
		return fmt.Errorf("client-request-email: event %s has no address", ev.ID)
	}
	if c.now().Sub(e.RequestedAt) > requestFreshFor {
		c.log.InfoContext(ctx, "a trainer's request is too old to mail", "event", ev.ID)
		return nil
	}
	trainer := e.TrainerName
	if trainer == "" {
		trainer = "A personal trainer"
	}
	how := "Sign in to Gymlog and open Trainer to accept or reject the request."
	if e.ClientID == "" {
		how = "Sign up to Gymlog with this e-mail address, then open Trainer to accept or reject the request."
	}
	text := fmt.Sprintf("Hello,\n\n%s would like to be your personal trainer on Gymlog: to build training plans "+
		"for you and follow your workouts and progress.\n\n%s\n\nIf you do not know them, you can ignore this e-mail.\n",
		trainer, how)
	body := fmt.Sprintf("<p>Hello,</p>\n<p>%s would like to be your personal trainer on Gymlog: to build training "+
		"plans for you and follow your workouts and progress.</p>\n<p>%s</p>\n"+
		"<p>If you do not know them, you can ignore this e-mail.</p>\n", html.EscapeString(trainer), html.EscapeString(how))
	return c.sender.Send(ctx, mailer.Mail{To: []string{e.Email}, Subject: ClientRequestSubject, Text: text, HTML: body})
}
