package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/accounts"
)

// SetTimeZone changes the time zone whose days and weeks the user's progress counts in.
type SetTimeZone struct {
	Meta   eventstore.Metadata
	UserID string
	// TimeZone is an IANA name checked by account.NewTimeZone.
	TimeZone string
}

// SetTimeZone records the user's time zone.
func (a *App) SetTimeZone(ctx context.Context, cmd SetTimeZone) error {
	now := a.now()
	res, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.SetTimeZone(cmd.TimeZone, now) })
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, accounts.Name)
	return nil
}
