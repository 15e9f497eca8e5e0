package account

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// TypeAccountClosingStarted names AccountClosingStarted as stored.
const TypeAccountClosingStarted = "account.closing_started.v1"

// AccountClosingStarted: the user asked to close their account, and the closing began. It
// is the first event of closed-<userId>, the closing's own stream, which outlives erasure
// and names nobody but the user's id; account.closed.v1 there ends it. A closing started and
// not ended is finished by whoever finds it (app.FinishClosing): each of its steps runs
// again harmlessly.
type AccountClosingStarted struct {
	UserID    string    `json:"userId"`
	StartedAt time.Time `json:"startedAt"`
}

// EventType names the event as stored.
func (AccountClosingStarted) EventType() string { return TypeAccountClosingStarted }

// OwnerID is the user whose account is closing (domain.Owned).
func (e AccountClosingStarted) OwnerID() string { return e.UserID }

func init() { domain.Register[AccountClosingStarted](TypeAccountClosingStarted) }

// Closing is the aggregate of an account's closing (stream closed-<userId>).
type Closing struct {
	started, closed bool
}

// Apply is the one transition switch of the aggregate.
func (c *Closing) Apply(e domain.Event) {
	switch e.(type) {
	case AccountClosingStarted:
		c.started = true
	case AccountClosed:
		c.closed = true
	}
}

// Started reports whether the closing began; Closed whether it ended.
func (c *Closing) Started() bool { return c.started }

// Closed reports whether the account is closed.
func (c *Closing) Closed() bool { return c.closed }

// Start begins the closing of userID's account; a closing begun or ended records nothing.
func (c *Closing) Start(userID string, now time.Time) ([]domain.Event, error) {
	if c.started || c.closed {
		return nil, nil
	}
	return []domain.Event{AccountClosingStarted{UserID: userID, StartedAt: now}}, nil
}

// Close ends the closing: every step is done.
func (c *Closing) Close(userID string, now time.Time) ([]domain.Event, error) {
	if c.closed {
		return nil, nil
	}
	return []domain.Event{AccountClosed{UserID: userID, ClosedAt: now}}, nil
}
