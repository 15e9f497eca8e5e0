package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	domaincoaching "github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/coaching"
)

// mountCoaching mounts the trainer's client list and the client's trainer list (spec 2
// sections 2 and 7). Who may act on a relationship is the domain's: its trainer or its
// client, and nobody else (404).
func (s *Server) mountCoaching(r chi.Router) {
	r.Get("/clients", s.handle(s.listClients))
	r.Get("/clients/all", s.handle(s.allClients))
	r.Get("/clients/{id}/compliance", s.handle(s.clientCompliance))
	r.Post("/clients/add", s.handle(s.addClient))
	r.Delete("/clients/{id}", s.handle(s.endCoaching))
	r.Get("/trainers", s.handle(s.listTrainers))
	r.Put("/trainers/status", s.handle(s.answerTrainer))
	r.Delete("/trainers/{id}", s.handle(s.endCoaching))
}

// clientBody is a client relationship as the trainer's list shows it.
type clientBody struct {
	resource
	RelationshipID       string  `json:"id"`
	ClientID             string  `json:"clientId"`
	ClientDisplayName    string  `json:"clientDisplayName"`
	Status               string  `json:"status"`
	RecentClientActivity *string `json:"recentClientActivity"`
	// Compliance is a confirmed client's 30-day compliance with the trainer's plans that have
	// a weekly target; absent without one.
	Compliance *rosterCompliance `json:"compliance,omitempty"`
}

func clientJSON(c coaching.Relationship) clientBody {
	return clientBody{resource: resource{ID: "/api/clients/" + c.ID, Type: "ClientRelationship"}, RelationshipID: c.ID,
		ClientID: c.PersonID, ClientDisplayName: c.PersonName, Status: string(c.Status), RecentClientActivity: c.RecentActivity}
}

func (s *Server) listClients(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	page := pageParam(r)
	list, total, err := s.coaching.Clients(r.Context(), u.ID, page)
	if err != nil {
		return err
	}
	members, err := s.clientsJSON(r.Context(), u.ID, list)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/ClientRelationship", "/api/clients", r.URL.Query(),
		members, total, page, coaching.PageSize))
	return nil
}

// clientsJSON shows trainerID's client rows, each confirmed client with their compliance.
func (s *Server) clientsJSON(ctx context.Context, trainerID string, list []coaching.Relationship) ([]clientBody, error) {
	members := mapSlice(list, clientJSON)
	for i, c := range list {
		if c.Status != domaincoaching.Confirmed || c.PersonID == "" {
			continue
		}
		var err error
		if members[i].Compliance, err = s.rosterComplianceOf(ctx, trainerID, c.PersonID); err != nil {
			return nil, err
		}
	}
	return members, nil
}

func (s *Server) allClients(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	list, err := s.coaching.AllClients(r.Context(), u.ID)
	if err != nil {
		return err
	}
	members, err := s.clientsJSON(r.Context(), u.ID, list)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/ClientRelationship", ID: "/api/clients/all",
		Type: "hydra:Collection", Members: members, TotalItems: len(list)})
	return nil
}

// personName is how a user is named to the other side: their display name, else their
// first name and surname.
func personName(u accounts.User) string {
	if u.DisplayName != nil && *u.DisplayName != "" {
		return *u.DisplayName
	}
	return u.FirstName + " " + u.Surname
}

func (s *Server) addClient(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	email := f.String("email")
	if email == "" && !f.v.Has("email") {
		f.v.Add("email", "This value should not be blank.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	id, err := s.app.RequestClient(r.Context(), app.RequestClient{Meta: commandMeta(r, u.ID),
		Trainer: app.Trainer{ID: u.ID, Name: personName(u), Active: u.Trainer}, Email: email})
	if err != nil {
		return err
	}
	list, err := s.coaching.AllClients(r.Context(), u.ID)
	if err != nil {
		return err
	}
	for _, c := range list {
		if c.ID == id {
			body := clientJSON(c)
			body.Context = "/api/contexts/ClientRelationship"
			w.Header().Set("Location", "/api/clients/"+id)
			writeJSON(w, http.StatusCreated, body)
			return nil
		}
	}
	return domain.NotFound("Client not found.")
}

// trainerBody is a trainer relationship as the client's list shows it.
type trainerBody struct {
	resource
	RelationshipID     string `json:"id"`
	TrainerDisplayName string `json:"trainerDisplayName"`
	Status             string `json:"status"`
}

func trainerJSON(t coaching.Relationship) trainerBody {
	return trainerBody{resource: resource{ID: "/api/trainers/" + t.ID, Type: "TrainerRelationship"}, RelationshipID: t.ID,
		TrainerDisplayName: t.PersonName, Status: string(t.Status)}
}

// verifiedEmail is the user's address once proven theirs, else "": only then do requests sent
// to it before they signed up reach them.
func verifiedEmail(u accounts.User) string {
	if u.Verified {
		return u.Email
	}
	return ""
}

func (s *Server) listTrainers(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	page := pageParam(r)
	list, total, err := s.coaching.Trainers(r.Context(), u.ID, verifiedEmail(u), page)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/TrainerRelationship", "/api/trainers", r.URL.Query(),
		mapSlice(list, trainerJSON), total, page, coaching.PageSize))
	return nil
}

// trainerStatusBody answers a client's answer: the relationship's status and how the client
// now stands (the header's Trainer entry and its badge).
type trainerStatusBody struct {
	Status          string `json:"status"`
	TrainersClient  bool   `json:"trainersClient"`
	PendingTrainers int    `json:"pendingTrainers"`
}

func (s *Server) answerTrainer(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	id := f.String("id")
	confirmed, rejected := f.Bool("confirmed"), f.Bool("rejected")
	if confirmed == rejected && !f.v.Has("confirmed") && !f.v.Has("rejected") {
		f.v.Add("confirmed", "Accept or reject the request.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	status, err := s.app.AnswerTrainer(r.Context(), app.AnswerTrainer{Meta: commandMeta(r, u.ID),
		Client: app.Client{ID: u.ID, VerifiedEmail: verifiedEmail(u)}, ID: id, Accept: confirmed})
	if err != nil {
		return err
	}
	client, pending, err := s.coaching.Standing(r.Context(), u.ID, verifiedEmail(u))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, trainerStatusBody{Status: string(status), TrainersClient: client, PendingTrainers: pending})
	return nil
}

func (s *Server) endCoaching(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	if err := s.app.EndCoaching(r.Context(), app.EndCoaching{Meta: commandMeta(r, u.ID), UserID: u.ID,
		ID: chi.URLParam(r, "id")}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
