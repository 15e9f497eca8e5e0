package httpapi

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/projections/relay"
)

// userErasers erase what the server keeps of a user outside the event store and the read
// models, as a step of closing their account (app.WithUserErasers): sign-in sessions, import
// jobs, dead letters.
func (s *Server) userErasers(db *sql.DB) []func(ctx context.Context, userID string) error {
	return []func(ctx context.Context, userID string) error{s.sessions.endAll, s.importJobs.Erase,
		func(ctx context.Context, userID string) error { return relay.EraseDeadLetters(ctx, db, userID) }}
}

// FinishClosings finishes every closing begun and not ended (app.FinishClosings).
func (s *Server) FinishClosings(ctx context.Context) (int, error) { return s.app.FinishClosings(ctx) }

// FinishClosing finishes a closing of userID's account begun and not ended
// (app.FinishClosing): the relay's closing reactor calls it for every closing begun.
func (s *Server) FinishClosing(ctx context.Context, userID string) error {
	return s.app.FinishClosing(ctx, userID)
}

// closeAccount closes the signed-in user's account (app.CloseAccount), with the user's
// sign-in sessions, import jobs and dead letters (userErasers). A closing begun that a step
// keeps from finishing now (the payment provider down) is answered 202 {"closing": true}:
// this session ends, and the server finishes the rest.
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
	err = s.app.CloseAccount(r.Context(), app.CloseAccount{Meta: commandMeta(r, u.ID), UserID: u.ID})
	if errors.Is(err, app.ErrClosingContinues) {
		// The closing is recorded and will be finished on the server: this session ends now,
		// and the answer says the rest follows.
		s.log.WarnContext(r.Context(), "closing an account: finished later", "user", u.ID, "err", err)
		if token := sessionToken(r.Context()); token != "" {
			if err := s.sessions.end(r.Context(), token); err != nil {
				s.log.ErrorContext(r.Context(), "closing an account: end the session", "err", err)
			}
		}
		setCookie(w, r, "", -1)
		writeJSON(w, http.StatusAccepted, map[string]bool{"closed": false, "closing": true})
		return nil
	}
	if err != nil {
		return err
	}
	setCookie(w, r, "", -1)
	writeJSON(w, http.StatusOK, map[string]bool{"closed": true})
	return nil
}
