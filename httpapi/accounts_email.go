package httpapi

import (
	"errors"
	"net/http"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

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
	if err := s.app.ChangeEmail(ctx, app.ChangeEmail{Meta: meta, UserID: u.ID, OldEmail: u.Email, Email: email}); err != nil {
		return err
	}
	s.claimsByAddress.refund(address, now)
	writeJSON(w, http.StatusOK, map[string]any{"emailChanged": true, "email": email})
	return nil
}
