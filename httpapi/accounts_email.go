package httpapi

import (
	"context"
	"errors"
	"github.com/gymlog/gymlog/app"
	"net/http"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/accounts"
)

// holderGone reports whether the claim of email by holder no longer stands: the holder was
// never registered (a request died between the claim and the registration), was erased, or
// has moved to another address (a request died before releasing this one).
func (s *Server) holderGone(ctx context.Context, holder, email string) (bool, error) {
	if holder == "" {
		return true, nil
	}
	u := newUser()
	evs, err := app.Load(ctx, s.store, userStream(holder), u)
	if err != nil || len(evs) == 0 {
		return len(evs) == 0, err
	}
	return u.Email() != email, nil
}

// claimEmail takes email for userID in its `email-<hash>` stream.
func (s *Server) claimEmail(ctx context.Context, meta eventstore.Metadata, email, userID string) error {
	now := s.now()
	_, err := app.Execute(ctx, s.app, emailStream(email), meta,
		func() *account.EmailClaim { return &account.EmailClaim{} },
		func(c *account.EmailClaim) ([]domain.Event, error) {
			gone, err := s.holderGone(ctx, c.Holder(), email)
			if err != nil {
				return nil, err
			}
			return c.Claim(userID, gone, now)
		})
	return err
}

func (s *Server) changeEmail(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	password, email := f.String("password"), account.NormaliseEmail(f.String("email"))
	if password == "" && !f.v.Has("password") {
		f.v.Add("password", "Please enter your password.")
	}
	if !f.v.Has("email") && !account.ValidEmail(email) {
		f.v.Add("email", "Please enter a valid e-mail address.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	now, address := s.now(), clientAddress(r)
	err = s.passwords.check(u.Email, address, []byte(u.PasswordHash), password, now)
	if errors.Is(err, errWrongPassword) {
		return domain.Invalid("password", "The password is not correct.")
	}
	if err != nil {
		return err
	}
	if email == u.Email {
		return domain.Invalid("email", "This is already your e-mail address.")
	}
	ctx, meta := r.Context(), commandMeta(r, u.ID)
	if ok, wait := s.claimsByAddress.allow(address, now); !ok {
		return tooManyRequests(wait)
	}
	if err := s.claimEmail(ctx, meta, email, u.ID); err != nil {
		return err
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	res, err := app.Execute(ctx, s.app, userStream(u.ID), meta, newUser,
		func(a *account.User) ([]domain.Event, error) { return a.ChangeEmail(email, code, now) })
	if err != nil {
		return err
	}
	if _, err := app.Execute(ctx, s.app, emailStream(u.Email), meta,
		func() *account.EmailClaim { return &account.EmailClaim{} },
		func(c *account.EmailClaim) ([]domain.Event, error) { return c.Release(u.ID, now) }); err != nil {
		return err
	}
	s.claimsByAddress.refund(address, now)
	s.caughtUp(ctx, res.Position, accounts.Name)
	writeJSON(w, http.StatusOK, map[string]any{"emailChanged": true, "email": email})
	return nil
}
