package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/projections/history"
)

// mountHistory mounts the History panels (a workout's, a plan's, the body log's) and a
// trainer's Activity audit of a client; each is read as the thing it is about.
func (s *workoutAPI) mountHistory(r chi.Router) {
	r.Get("/sessions/{id}/history", s.handle(s.workoutHistory))
	r.Get("/plans/{id}/history", s.handle(s.planHistory))
	r.Get("/body-log/history", s.handle(s.bodyHistory))
	r.Get("/clients/{id}/activity", s.handle(s.clientActivity))
}

// lineBody is one change as a History panel shows it.
type lineBody struct {
	At      string `json:"at"`
	By      string `json:"by"`
	ByID    string `json:"byId"`
	Text    string `json:"text"`
	Subject string `json:"subject"`
}

// lineJSON names the actor: by display name, or, once their account is closed, as the
// owner's former trainer (someone else changed the owner's things) or a former client.
func lineJSON(l history.Line) lineBody {
	by := "Gymlog"
	switch {
	case l.ActorName != nil:
		by = *l.ActorName
	case l.ActorID == l.OwnerID && l.ActorID != "":
		by = "a former client"
	case l.ActorID != "":
		by = "a former trainer"
	}
	return lineBody{At: l.At.Format(time.RFC3339), By: by, ByID: l.ActorID, Text: l.Text, Subject: l.Subject}
}

func (s *workoutAPI) writeLines(w http.ResponseWriter, r *http.Request, lines []history.Line, total, page int) {
	q := r.URL.Query()
	q.Del("page")
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/HistoryLine", r.URL.Path, q, mapSlice(lines, lineJSON), total,
		page, history.PageSize))
}

func (s *workoutAPI) workoutHistory(w http.ResponseWriter, r *http.Request) error {
	wk, err := s.readableWorkout(r, "id")
	if err != nil {
		return err
	}
	return s.writeHistory(w, r, app.WorkoutStream(wk.ID))
}

func (s *workoutAPI) planHistory(w http.ResponseWriter, r *http.Request) error {
	p, err := s.readablePlan(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	return s.writeHistory(w, r, app.PlanStream(p.ID))
}

func (s *workoutAPI) bodyHistory(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	return s.writeHistory(w, r, app.BodyStream(u.ID))
}

// writeHistory answers a page of the changes made to subject (a stream).
func (s *workoutAPI) writeHistory(w http.ResponseWriter, r *http.Request, subject string) error {
	page := pageParam(r)
	lines, total, err := s.history.Of(r.Context(), subject, page)
	if err != nil {
		return err
	}
	s.writeLines(w, r, lines, total, page)
	return nil
}

// clientActivity lists every change to a client's workouts and plans for their confirmed
// trainer (or the client themselves), optionally only those by one person (by=<user id>).
func (s *workoutAPI) clientActivity(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	client := chi.URLParam(r, "id")
	if err := s.canSee(r, u, client); err != nil {
		return err
	}
	page := pageParam(r)
	lines, total, err := s.history.Activity(r.Context(), client, strings.TrimSpace(r.URL.Query().Get("by")), page)
	if err != nil {
		return err
	}
	s.writeLines(w, r, lines, total, page)
	return nil
}
