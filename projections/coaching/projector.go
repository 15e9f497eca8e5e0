// Package coaching is the trainer-client read model: a trainer's clients, a client's
// trainers, and whether a trainer follows a confirmed client (what authorisation asks).
package coaching

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name, which commands wait for (read-your-writes).
const Name = "coaching"

// Projector builds the coaching table.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 1 }

// EventTypes lists the relationship events, and the account closing that ends a user's
// relationships on both sides.
func (Projector) EventTypes() []string {
	return []string{coaching.TypeClientRequested, coaching.TypeRequestAccepted, coaching.TypeRequestRejected,
		coaching.TypeEnded, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"coaching"} }

// Apply turns one event into a change of its relationship's row. An answer to a row the read
// model does not hold changes nothing.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	t := tx.Table("coaching")
	switch e := ev.Payload.(type) {
	case coaching.ClientRequested:
		return tx.Defer(ctx, `INSERT INTO `+t+` (id, trainer_id, email, client_id, status, position)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (id) DO UPDATE SET email = $3, client_id = $4, status = $5, position = $6`,
			e.RelationshipID, e.TrainerID, e.Email, e.ClientID, string(coaching.Requested), ev.Position)
	case coaching.RequestAccepted:
		return tx.Defer(ctx, `UPDATE `+t+` SET client_id = $2, status = $3 WHERE id = $1`,
			e.RelationshipID, e.ClientID, string(coaching.Confirmed))
	case coaching.RequestRejected:
		return tx.Defer(ctx, `UPDATE `+t+` SET client_id = $2, status = $3 WHERE id = $1`,
			e.RelationshipID, e.ClientID, string(coaching.Rejected))
	case coaching.Ended:
		return tx.Defer(ctx, `DELETE FROM `+t+` WHERE id = $1`, e.RelationshipID)
	case account.AccountClosed:
		// Both sides' relationships end with the account (their streams are erased with it).
		return tx.Defer(ctx, `DELETE FROM `+t+` WHERE trainer_id = $1 OR client_id = $1`, e.UserID)
	}
	return nil
}
