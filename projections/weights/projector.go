// Package weights is the weight-log read model: one row per body-weight entry.
package weights

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections"
)

// Projector builds the weight_entries table from the body-log events.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return "weights" }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 2 }

// EventTypes lists the body events the weight log is made of.
func (Projector) EventTypes() []string {
	return []string{body.TypeWeightLogged, body.TypeWeightDeleted, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"weight_entries"} }

// Apply turns one body event into weight_entries changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case body.WeightLogged:
		err := tx.Defer(ctx, `INSERT INTO `+tx.Table("weight_entries")+`
			(id, user_id, date_weighed, weight, unit, weight_kg, logged_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
			e.EntryID, e.UserID, e.Date, e.Weight, e.Unit, body.ToKg(e.Weight, e.Unit), e.LoggedAt.UnixMilli())
		return err
	case body.WeightDeleted:
		err := tx.Defer(ctx, `DELETE FROM `+tx.Table("weight_entries")+` WHERE id = $1`, e.EntryID)
		return err
	case account.AccountClosed:
		err := tx.Defer(ctx, `DELETE FROM `+tx.Table("weight_entries")+` WHERE user_id = $1`, e.UserID)
		return err
	}
	return nil
}
