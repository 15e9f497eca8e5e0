package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/accounts"
)

// UserStream names a user's account stream.
func UserStream(userID string) string { return "user-" + userID }

func newUser() *account.User { return &account.User{} }

// EditProfile changes the user's profile: names, date of birth, display name, chart, icon.
type EditProfile struct {
	Meta    eventstore.Metadata
	UserID  string
	Profile account.Profile
}

// EditProfile records the profile as given.
func (a *App) EditProfile(ctx context.Context, cmd EditProfile) error {
	now := a.now()
	res, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.EditProfile(cmd.Profile, now) })
	if err != nil {
		return err
	}
	a.caughtUpEverywhere(ctx, res.Position, accounts.Name)
	return nil
}
