// Package weights is the weight-log read model: one row per body-weight entry.
package weights

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/bodylog"
)

// weightLog is the weight_entries table: each weight as logged, and in kg to convert from.
var weightLog = bodylog.Log[Entry]{
	Table:      "weight_entries",
	Columns:    `id, user_id, date_weighed, weight, unit, weight_kg`,
	Date:       "date_weighed",
	NotFound:   "Weight entry not found.",
	Difference: (*Entry).setDifference,
}

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
func (Projector) Tables() []string { return []string{weightLog.Table} }

// Apply turns one body event into weight_entries changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case body.WeightLogged:
		return weightLog.Insert(ctx, tx, e.EntryID, e.UserID, e.Date, e.Weight, e.Unit, body.ToKg(e.Weight, e.Unit), e.LoggedAt.UnixMilli())
	case body.WeightDeleted:
		return weightLog.Delete(ctx, tx, e.EntryID)
	case account.AccountClosed:
		return weightLog.DeleteUser(ctx, tx, e.UserID)
	}
	return nil
}
