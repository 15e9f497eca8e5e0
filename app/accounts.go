package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"time"

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
	UserID       string               // derived from the command and the address
	Registration account.Registration // with the password as given; it is kept hashed
	Address      string               // the client's, which the limit on failed sign-ups is kept by
}

// Register registers a user. Only a sign-up that fails spends the client address's budget
// (*limits.Exceeded when it is spent): the failure may say that the e-mail is registered,
// which must not be asked about without end. A retried sign-up (the same command id) is
// answered as the first one was only when it gives the same password, so its id alone
// signs nobody in: a conflict otherwise.
func (a *App) Register(ctx context.Context, cmd Register) error {
	now := a.now()
	if err := a.claims.Take(cmd.Address, now); err != nil {
		return err
	}
	if err := a.register(ctx, cmd, now); err != nil {
		return err
	}
	a.claims.Refund(cmd.Address, now)
	return nil
}

func (a *App) register(ctx context.Context, cmd Register, now time.Time) error {
	reg := cmd.Registration
	hash, err := a.passwords.Hash(reg.Password)
	if err != nil {
		return err
	}
	if err := a.claimEmail(ctx, cmd.Meta, reg.Email, cmd.UserID); err != nil {
		return err
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	res, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) {
			registered, err := u.Register(reg, hash, now)
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
	stored, err := a.registeredHash(ctx, cmd.UserID)
	if err != nil {
		return err
	}
	if !a.passwords.Matches(stored, reg.Password) {
		return domain.Conflict("This registration was already made with other details.")
	}
	a.caughtUp(ctx, position, accounts.Name, weightsReadModel)
	return nil
}

// registeredHash is the password hash userID registered with.
func (a *App) registeredHash(ctx context.Context, userID string) (string, error) {
	recs, err := a.store.ReadStream(ctx, UserStream(userID), 1)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", UserStream(userID), err)
	}
	for _, rec := range recs {
		if rec.Type != account.TypeUserRegistered {
			continue
		}
		ev, err := domain.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			return "", err
		}
		return ev.(account.UserRegistered).PasswordHash, nil
	}
	return "", nil
}

// Verify checks the code sent to the user's address.
type Verify struct {
	Meta    eventstore.Metadata
	UserID  string
	Code    string
	Address string // the client's, which the limits on guessing are kept by
}

// Verify verifies the user's address under the limits on guessing a code (*limits.Exceeded
// when one is spent); a wrong code is stored (it counts towards the code's own limit) and
// refused.
func (a *App) Verify(ctx context.Context, cmd Verify) error {
	now := a.now()
	if err := a.codeByAddress.Take(cmd.Address, now); err != nil {
		return err
	}
	if err := a.codeByAccount.Take(cmd.UserID, now); err != nil {
		return err
	}
	return a.changeUser(ctx, cmd.Meta, cmd.UserID, func(u *account.User) ([]domain.Event, error) { return u.Verify(cmd.Code, now) })
}

// ResendVerificationCode issues a new verification code to send.
type ResendVerificationCode struct {
	Meta   eventstore.Metadata
	UserID string
}

// ResendVerificationCode issues a new code, which replaces the old one: one each 30 seconds
// (*limits.Exceeded sooner).
func (a *App) ResendVerificationCode(ctx context.Context, cmd ResendVerificationCode) error {
	now := a.now()
	if err := a.resendByUser.Take(cmd.UserID, now); err != nil {
		return err
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	_, err = Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.IssueVerificationCode(code, now) })
	return err
}

// ChangePassword changes the password of a signed-in user, who gives the current one.
type ChangePassword struct {
	Meta        eventstore.Metadata
	UserID      string
	OldPassword string
	NewPassword string // checked by the caller against the rules of a new password
	Address     string // the client's, which the limits on guessing are kept by
}

// ChangePassword checks the current password under the limits on guessing it and records
// the new one (its hash). The caller ends the user's sessions.
func (a *App) ChangePassword(ctx context.Context, cmd ChangePassword) error {
	now := a.now()
	if _, err := a.ownPassword(ctx, cmd.UserID, cmd.Address, cmd.OldPassword, now,
		domain.Invalid("oldPassword", "The current password is not correct.")); err != nil {
		return err
	}
	if cmd.OldPassword == cmd.NewPassword {
		return domain.Invalid("newPassword", "The new password must differ from the current one.")
	}
	hash, err := a.passwords.Hash(cmd.NewPassword)
	if err != nil {
		return err
	}
	return a.changeUser(ctx, cmd.Meta, cmd.UserID,
		func(u *account.User) ([]domain.Event, error) { return u.ChangePassword(hash, now) })
}

// ownPassword reads the signed-in user's account and checks password, the one they hold, as a
// change of password or address asks: wrong is the answer to a wrong one, which counts against
// the limits on guessing as a sign-in's does.
func (a *App) ownPassword(ctx context.Context, userID, address, password string, now time.Time, wrong error) (accounts.User, error) {
	u, err := a.read.Accounts.ByID(ctx, userID)
	if err != nil {
		return u, err
	}
	err = a.passwords.Check(u.Email, address, u.PasswordHash, password, now)
	if errors.Is(err, ErrWrongPassword) {
		return u, wrong
	}
	return u, err
}

// SendPasswordResetCode asks for a password-reset code for an e-mail address.
type SendPasswordResetCode struct {
	Meta    eventstore.Metadata // its actor is the account's, once found
	Email   string              // normalised and checked to be an address by the caller
	Address string              // the client's, which the limits on guessing are kept by
}

// SendPasswordResetCode issues a reset code, which replaces the old one, to the account that
// holds the address. It answers the same whether or not one does, so it cannot be asked which
// addresses are registered; *limits.Exceeded when a budget is spent.
func (a *App) SendPasswordResetCode(ctx context.Context, cmd SendPasswordResetCode) error {
	now := a.now()
	if err := a.codeByAddress.Take(cmd.Address, now); err != nil {
		return err
	}
	if err := a.resetSend.Take(cmd.Email, now); err != nil {
		return err
	}
	u, err := a.read.Accounts.ByEmail(ctx, cmd.Email)
	switch {
	case domain.KindOf(err) == domain.KindNotFound:
		return nil
	case err != nil:
		return err
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	meta := cmd.Meta
	meta.ActorID = u.ID
	_, err = Execute(ctx, a, UserStream(u.ID), meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.IssuePasswordResetCode(code, now) })
	return err
}

// CheckPasswordResetCode checks a reset code without spending it.
type CheckPasswordResetCode struct {
	Meta    eventstore.Metadata
	Email   string
	Code    string
	Address string // the client's, which the limits on guessing are kept by
}

// CheckPasswordResetCode checks the code; a wrong one is stored and refused, and an address
// without an account gets the wrong code's answer.
func (a *App) CheckPasswordResetCode(ctx context.Context, cmd CheckPasswordResetCode) error {
	_, err := a.withResetCode(ctx, cmd.Meta, cmd.Email, cmd.Address, func(u *account.User, now time.Time) ([]domain.Event, error) {
		return u.CheckPasswordResetCode(cmd.Code, now)
	})
	return err
}

// ResetPassword sets a new password with a reset code, which it spends.
type ResetPassword struct {
	Meta     eventstore.Metadata
	Email    string
	Code     string
	Password string // the new one, checked by the caller against the rules of a password
	Address  string // the client's, which the limits on guessing are kept by
}

// ResetPassword resets the password and answers whose it was (the caller ends their
// sessions).
func (a *App) ResetPassword(ctx context.Context, cmd ResetPassword) (userID string, err error) {
	hash, err := a.passwords.Hash(cmd.Password)
	if err != nil {
		return "", err
	}
	return a.withResetCode(ctx, cmd.Meta, cmd.Email, cmd.Address, func(u *account.User, now time.Time) ([]domain.Event, error) {
		return u.ResetPassword(cmd.Code, hash, now)
	})
}

// withResetCode runs decide, which tries a reset code, on the account that holds email, under
// the limits on guessing a code, and answers the account's id.
func (a *App) withResetCode(ctx context.Context, meta eventstore.Metadata, email, address string,
	decide func(*account.User, time.Time) ([]domain.Event, error)) (string, error) {
	now := a.now()
	if err := a.codeByAddress.Take(address, now); err != nil {
		return "", err
	}
	if err := a.resetCheck.Take(email, now); err != nil {
		return "", err
	}
	u, err := a.read.Accounts.ByEmail(ctx, email)
	switch {
	case domain.KindOf(err) == domain.KindNotFound:
		return "", domain.Invalid("passwordCode", account.WrongCode)
	case err != nil:
		return "", err
	}
	meta.ActorID = u.ID
	return u.ID, a.changeUser(ctx, meta, u.ID, func(user *account.User) ([]domain.Event, error) { return decide(user, now) })
}

// ChangeEmail moves the user to another address: it claims the new one, records the change
// (the user is unverified, with a new code to send) and releases the old claim.
type ChangeEmail struct {
	Meta     eventstore.Metadata
	UserID   string
	Email    string // normalised and checked to be an address by the caller
	Password string // the current one
	Address  string // the client's, which the limits on guessing are kept by
}

// ChangeEmail checks the password under the limits on guessing it and changes the user's
// e-mail address. A claim that fails (the address is taken) spends the client address's
// budget, as a failed sign-up does.
func (a *App) ChangeEmail(ctx context.Context, cmd ChangeEmail) error {
	now := a.now()
	u, err := a.ownPassword(ctx, cmd.UserID, cmd.Address, cmd.Password, now,
		domain.Invalid("password", "The password is not correct."))
	if err != nil {
		return err
	}
	if cmd.Email == u.Email {
		return domain.Invalid("email", "This is already your e-mail address.")
	}
	if err := a.claims.Take(cmd.Address, now); err != nil {
		return err
	}
	if err := a.claimEmail(ctx, cmd.Meta, cmd.Email, cmd.UserID); err != nil {
		return err
	}
	a.claims.Refund(cmd.Address, now)
	code, err := newCode()
	if err != nil {
		return err
	}
	res, err := Execute(ctx, a, UserStream(cmd.UserID), cmd.Meta, newUser,
		func(u *account.User) ([]domain.Event, error) { return u.ChangeEmail(cmd.Email, code, now) })
	if err != nil {
		return err
	}
	if _, err := Execute(ctx, a, EmailStream(u.Email), cmd.Meta,
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
