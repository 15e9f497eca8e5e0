// Package sizes is the size-log read model: one row per body measurement.
package sizes

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections"
)

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
func (Projector) Tables() []string { return []string{"size_entries"} }

// Apply turns one event into size_entries changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	table := tx.Table("size_entries")
	switch e := ev.Payload.(type) {
	case body.SizeLogged:
		err := tx.Defer(ctx, `INSERT INTO `+table+`
			(id, user_id, category, date_measured, measurement, logged_at) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (id) DO NOTHING`,
			e.EntryID, e.UserID, e.Category, e.Date, e.Measurement, e.LoggedAt.UnixMilli())
		return err
	case body.SizeDeleted:
		err := tx.Defer(ctx, `DELETE FROM `+table+` WHERE id = $1`, e.EntryID)
		return err
	case account.AccountClosed:
		err := tx.Defer(ctx, `DELETE FROM `+table+` WHERE user_id = $1`, e.UserID)
		return err
	}
	return nil
}
