package reactors

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/relay"
)

// Finisher finishes a closing of an account begun and not ended (app.FinishClosing); a
// closing ended, or never begun, is nothing to do.
type Finisher interface {
	FinishClosing(ctx context.Context, userID string) error
}

// Closing sees every closing of an account through: for each one begun
// (account.closing_started.v1) it asks the finisher to run the steps not yet done. The
// request that began it usually finished it already, and this finds nothing to do; when that
// request's process was killed, or a step failed (the payment provider down), this finishes
// it, with the relay's retries, and since the relay moves past an event only once every
// reactor has taken it, a crash here is seen through by the next node to run the relay.
type Closing struct{ finisher Finisher }

// NewClosing returns the reactor finishing closings through finisher.
func NewClosing(finisher Finisher) *Closing { return &Closing{finisher: finisher} }

// Name implements relay.Reactor.
func (*Closing) Name() string { return "account-closing" }

// EventTypes implements relay.Reactor.
func (*Closing) EventTypes() []string { return []string{account.TypeAccountClosingStarted} }

// React implements relay.Reactor.
func (c *Closing) React(ctx context.Context, ev relay.Event) error {
	var e struct {
		UserID string `json:"userId"`
	}
	if err := json.Unmarshal(ev.Data, &e); err != nil {
		return fmt.Errorf("account-closing: decode %s: %w", ev.ID, err)
	}
	if e.UserID == "" || ev.Stream != "closed-"+e.UserID {
		return nil // not a closing the app began: nothing to finish
	}
	return c.finisher.FinishClosing(ctx, e.UserID)
}
