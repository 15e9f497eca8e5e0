package app

import (
	"context"
	"errors"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/accounts"
)

// SignIn is an attempt to sign in.
type SignIn struct {
	Email    string
	Password string
	Address  string // the client's, which the limits on guessing are kept by
}

// SignIn answers the account whose password was given, checked under the limits on guessing
// it (Passwords): "Invalid credentials." for a wrong password or an address nobody holds
// alike, *limits.Exceeded when a budget is spent. The caller starts the session
// (Sessions.Start). Nothing is appended: a sign-in is the server's, not the person's
// history.
func (a *App) SignIn(ctx context.Context, cmd SignIn) (accounts.User, error) {
	email := account.NormaliseEmail(cmd.Email)
	u, err := a.read.Accounts.ByEmail(ctx, email)
	switch {
	case domain.KindOf(err) == domain.KindNotFound:
		u = accounts.User{} // compared against a dummy hash: as slow, and as limited
	case err != nil:
		return accounts.User{}, err
	}
	err = a.passwords.Check(email, cmd.Address, u.PasswordHash, cmd.Password, a.now())
	if errors.Is(err, ErrWrongPassword) {
		return accounts.User{}, domain.Unauthorized("Invalid credentials.")
	}
	if err != nil {
		return accounts.User{}, err
	}
	return u, nil
}
