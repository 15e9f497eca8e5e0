package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/accounts"
)

// EmailStream names the stream that reserves an e-mail address. The address is hashed so
// the stream name carries no personal data.
func EmailStream(email string) string {
	sum := sha256.Sum256([]byte(email))
	return "email-" + hex.EncodeToString(sum[:])
}

// newCode returns a random six-digit code.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// Register opens an account: it claims the e-mail address, registers the user with a
// verification code to send, and logs the weight given at sign-up.
type Register struct {
	Meta         eventstore.Metadata
	UserID       string // derived from the command and the address
	Registration account.Registration
	PasswordHash string
}

// Register registers a user.
func (a *App) Register(ctx context.Context, cmd Register) error {
	now, reg := a.now(), cmd.Registration
	if err := a.claimEmail(ctx, cmd.Meta, reg.Email, cmd.UserID); err != nil {
		return err
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	res, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) {
			registered, err := u.Register(reg, cmd.PasswordHash, now)
			if err != nil {
				return nil, err
			}
			for _, e := range registered {
				u.Apply(e)
			}
			issued, err := u.IssueVerificationCode(code, now)
			return append(registered, issued...), err
		})
	if err != nil {
		return err
	}
	position := res.Position
	if reg.Weight != nil {
		entry := cmd.Meta.EntityID("weight", cmd.UserID)
		res, err := Execute(ctx, a, BodyStream(cmd.UserID), cmd.Meta, func() *body.Log { return body.NewLog(cmd.UserID) },
			func(l *body.Log) ([]domain.Event, error) {
				return l.LogWeight(entry, body.WeightInput{Weight: reg.Weight}, reg.Unit, now)
			})
		if err != nil {
			return err
		}
		position = max(position, res.Position)
	}
	a.caughtUp(ctx, position, accounts.Name, weightsReadModel)
	return nil
}

// Verify checks the code sent to the user's address.
type Verify struct {
	Meta   eventstore.Metadata
	UserID string
	Code   string
}

// Verify verifies the user's address; a wrong code is stored (it counts towards the limit)
// and refused.
func (a *App) Verify(ctx context.Context, cmd Verify) error {
	now := a.now()
	return a.changeUser(ctx, cmd.Meta, cmd.UserID, func(u *account.User) ([]domain.Event, error) { return u.Verify(cmd.Code, now) })
}

// ResendVerificationCode issues a new verification code to send.
type ResendVerificationCode struct {
	Meta   eventstore.Metadata
	UserID string
}

// ResendVerificationCode issues a new code, which replaces the old one.
func (a *App) ResendVerificationCode(ctx context.Context, cmd ResendVerificationCode) error {
	code, err := newCode()
	if err != nil {
		return err
	}
	now := a.now()
	_, err = Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.IssueVerificationCode(code, now) })
	return err
}

// ChangePassword records a new password (its hash); the caller checked the current one.
type ChangePassword struct {
	Meta         eventstore.Metadata
	UserID       string
	PasswordHash string
}

// ChangePassword changes the password.
func (a *App) ChangePassword(ctx context.Context, cmd ChangePassword) error {
	now := a.now()
	return a.changeUser(ctx, cmd.Meta, cmd.UserID,
		func(u *account.User) ([]domain.Event, error) { return u.ChangePassword(cmd.PasswordHash, now) })
}

// SendPasswordResetCode issues a password-reset code to send.
type SendPasswordResetCode struct {
	Meta   eventstore.Metadata
	UserID string
}

// SendPasswordResetCode issues a reset code, which replaces the old one.
func (a *App) SendPasswordResetCode(ctx context.Context, cmd SendPasswordResetCode) error {
	code, err := newCode()
	if err != nil {
		return err
	}
	now := a.now()
	_, err = Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.IssuePasswordResetCode(code, now) })
	return err
}

// CheckPasswordResetCode checks a reset code without spending it.
type CheckPasswordResetCode struct {
	Meta   eventstore.Metadata
	UserID string
	Code   string
}

// CheckPasswordResetCode checks the code; a wrong one is stored and refused.
func (a *App) CheckPasswordResetCode(ctx context.Context, cmd CheckPasswordResetCode) error {
	now := a.now()
	_, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.CheckPasswordResetCode(cmd.Code, now) })
	return err
}

// ResetPassword sets a new password with a reset code, which it spends.
type ResetPassword struct {
	Meta         eventstore.Metadata
	UserID       string
	Code         string
	PasswordHash string
}

// ResetPassword resets the password.
func (a *App) ResetPassword(ctx context.Context, cmd ResetPassword) error {
	now := a.now()
	return a.changeUser(ctx, cmd.Meta, cmd.UserID,
		func(u *account.User) ([]domain.Event, error) { return u.ResetPassword(cmd.Code, cmd.PasswordHash, now) })
}

// ChangeEmail moves the user to another address: it claims the new one, records the change
// (the user is unverified, with a new code to send) and releases the old claim.
type ChangeEmail struct {
	Meta     eventstore.Metadata
	UserID   string
	OldEmail string
	Email    string
}

// ChangeEmail changes the user's e-mail address.
func (a *App) ChangeEmail(ctx context.Context, cmd ChangeEmail) error {
	if err := a.claimEmail(ctx, cmd.Meta, cmd.Email, cmd.UserID); err != nil {
		return err
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	now := a.now()
	res, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.ChangeEmail(cmd.Email, code, now) })
	if err != nil {
		return err
	}
	if _, err := Execute(ctx, a, EmailStream(cmd.OldEmail), cmd.Meta,
		func() *account.EmailClaim { return &account.EmailClaim{} },
		func(c *account.EmailClaim) ([]domain.Event, error) { return c.Release(cmd.UserID, now) }); err != nil {
		return err
	}
	a.caughtUpEverywhere(ctx, res.Position, accounts.Name)
	return nil
}

// changeUser runs one behaviour of the user's account and waits until the accounts read
// model shows it on every node.
func (a *App) changeUser(ctx context.Context, meta eventstore.Metadata, userID string,
	decide func(*account.User) ([]domain.Event, error)) error {
	res, err := Execute(ctx, a, UserStream(userID), meta, newUser, decide)
	if err != nil {
		return err
	}
	a.caughtUpEverywhere(ctx, res.Position, accounts.Name)
	return nil
}

// claimEmail takes email for userID in its `email-<hash>` stream.
func (a *App) claimEmail(ctx context.Context, meta eventstore.Metadata, email, userID string) error {
	now := a.now()
	_, err := Execute(ctx, a, EmailStream(email), meta,
		func() *account.EmailClaim { return &account.EmailClaim{} },
		func(c *account.EmailClaim) ([]domain.Event, error) {
			gone, err := a.holderGone(ctx, c.Holder(), email)
			if err != nil {
				return nil, err
			}
			return c.Claim(userID, gone, now)
		})
	return err
}

// holderGone reports whether the claim of email by holder no longer stands: the holder was
// never registered (a request died between the claim and the registration), was erased, or
// has moved to another address (a request died before releasing this one).
func (a *App) holderGone(ctx context.Context, holder, email string) (bool, error) {
	if holder == "" {
		return true, nil
	}
	u := newUser()
	evs, err := Load(ctx, a.store, UserStream(holder), u)
	if err != nil || len(evs) == 0 {
		return len(evs) == 0, err
	}
	return u.Email() != email, nil
}
