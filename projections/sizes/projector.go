// Package sizes is the size-log read model: one row per body measurement.
package sizes

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/bodylog"
)

// sizeLog is the size_entries table: every category's measurements in cm.
var sizeLog = bodylog.Log[Entry]{
	Table:      "size_entries",
	Columns:    `id, user_id, category, date_measured, measurement`,
	Date:       "date_measured",
	NotFound:   "Size entry not found.",
	Difference: (*Entry).setDifference,
}

// Projector builds the size_entries table from the body-log events.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return "sizes" }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 1 }

// EventTypes lists the events the size log is made of.
func (Projector) EventTypes() []string {
	return []string{body.TypeSizeLogged, body.TypeSizeDeleted, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{sizeLog.Table} }

// Apply turns one event into size_entries changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case body.SizeLogged:
		return sizeLog.Insert(ctx, tx, e.EntryID, e.UserID, e.Category, e.Date, e.Measurement, e.LoggedAt.UnixMilli())
	case body.SizeDeleted:
		return sizeLog.Delete(ctx, tx, e.EntryID)
	case account.AccountClosed:
		return sizeLog.DeleteUser(ctx, tx, e.UserID)
	}
	return nil
}
