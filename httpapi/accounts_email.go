package httpapi

import (
	"net/http"

	"github.com/gymlog/gymlog/app"
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
	if err := s.app.ChangeEmail(r.Context(), app.ChangeEmail{Meta: commandMeta(r, u.ID), UserID: u.ID, Email: email,
		Password: password, Address: clientAddress(r)}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"emailChanged": true, "email": email})
	return nil
}
