package httpapi

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
)

// maxClientID bounds a client id read from a body: ids are UUIDs.
const maxClientID = 100

// sharePlan shares the owner's plan with one of their confirmed clients.
func (s *Server) sharePlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	clientID := strings.TrimSpace(f.String("clientId"))
	switch {
	case f.v.Has("clientId"):
	case clientID == "":
		f.v.Add("clientId", "Please choose a client.")
	case len(clientID) > maxClientID:
		f.v.Add("clientId", "This user is not your client.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	id := chi.URLParam(r, "id")
	if err := s.app.SharePlan(r.Context(), app.SharePlan{Meta: commandMeta(r, u.ID), ID: id, TrainerID: u.ID,
		Trainer: u.Trainer, ClientID: clientID, MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, id)
}

// setPlanTarget sets, for the plan's owner, how many times a week the plan is meant to be done.
func (s *Server) setPlanTarget(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	times := f.Number("timesAWeek")
	if err := f.Err(); err != nil {
		return err
	}
	id := chi.URLParam(r, "id")
	if err := s.app.SetPlanTarget(r.Context(), app.SetPlanTarget{Meta: commandMeta(r, u.ID), ID: id, Trainer: u.Trainer,
		TimesAWeek: times, MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, id)
}

// shareClientBody is one client in the share dropdown.
type shareClientBody struct {
	resource
	ID                string `json:"id"`
	ClientID          string `json:"clientId"`
	ClientDisplayName string `json:"clientDisplayName"`
}

// clientsWithoutPlan lists the owner's confirmed clients who do not have the plan yet.
func (s *Server) clientsWithoutPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	p, _, err := s.planReading(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	if err := canChange(u, p.UserID); err != nil {
		return err
	}
	ids, err := s.app.ClientsWithoutPlan(r.Context(), u.ID, p.ID)
	if err != nil {
		return err
	}
	members := []shareClientBody{}
	for _, id := range ids {
		c, err := s.accounts.ByID(r.Context(), id)
		if domain.KindOf(err) == domain.KindNotFound {
			continue
		}
		if err != nil {
			return err
		}
		members = append(members, shareClientBody{resource: resource{ID: "/api/users/" + id, Type: "Client"}, ID: id, ClientID: id,
			ClientDisplayName: personName(c)})
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/Client", ID: r.URL.Path, Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
	return nil
}
