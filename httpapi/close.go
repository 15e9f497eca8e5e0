package httpapi

import (
	"context"
	"net/http"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/projections/relay"
)

// closeAccount erases the signed-in user (app.CloseAccount), with the user's sign-in
// sessions, import jobs and dead letters.
func (s *Server) closeAccount(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	userID := f.String("userId")
	if userID == "" && !f.v.Has("userId") {
		f.v.Add("userId", "Please give the id of your account.")
	}
	if m := f.raw["accountClose"]; string(m) != "true" {
		f.v.Add("accountClose", "Please confirm that you want to close your account.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := canChange(u, userID); err != nil {
		return err
	}
	erase := func(ctx context.Context) error {
		if err := s.sessions.endAll(ctx, u.ID); err != nil {
			return err
		}
		if err := s.importJobs.Erase(ctx, u.ID); err != nil {
			return err
		}
		return relay.EraseDeadLetters(ctx, s.sessions.db, u.ID)
	}
	if err := s.app.CloseAccount(r.Context(), app.CloseAccount{Meta: commandMeta(r, u.ID), UserID: u.ID, Email: u.Email,
		EraseElsewhere: erase}); err != nil {
		return err
	}
	setCookie(w, r, "", -1)
	writeJSON(w, http.StatusOK, map[string]bool{"closed": true})
	return nil
}
