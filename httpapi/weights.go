package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections/weights"
)

// mountWeights mounts the weight-log routes (verified users).
func (s *Server) mountWeights(r chi.Router) {
	r.Route("/weights", func(r chi.Router) {
		r.Get("/list", s.handle(s.listWeights))
		r.Post("/add", s.handle(s.addWeight))
		r.Get("/{id}", s.handle(s.getWeight))
		r.Delete("/{id}", s.handle(s.deleteWeight))
	})
}

// weightBody is one weight-log entry; the short date only on the single-entry response.
type weightBody struct {
	resource
	ID                   string   `json:"id"`
	DateWeighed          string   `json:"dateWeighed"`
	DateWeighedShortDate string   `json:"dateWeighedShortDate,omitempty"`
	Weight               float64  `json:"weight"`
	Unit                 string   `json:"unit"`
	Difference           *float64 `json:"difference,omitempty"`
}

func weightResource(e weights.Entry) resource {
	return resource{ID: "/api/weights/" + e.ID, Type: "Weight"}
}

func (s *Server) listWeights(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	page := pageParam(r)
	entries, total, err := s.weights.Page(r.Context(), u.ID, u.Unit, page)
	if err != nil {
		return err
	}
	members := make([]listedWeight, len(entries))
	for i, e := range entries {
		members[i] = listedWeight{resource: weightResource(e), ID: e.ID, DateWeighed: e.DateWeighed,
			Weight: e.Weight, Unit: e.Unit, Difference: e.Difference}
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/Weight", "/api/weights/list", nil,
		members, total, page, weights.PageSize))
	return nil
}

// listedWeight is a weight in the list, where difference is always present (null first).
type listedWeight struct {
	resource
	ID          string   `json:"id"`
	DateWeighed string   `json:"dateWeighed"`
	Weight      float64  `json:"weight"`
	Unit        string   `json:"unit"`
	Difference  *float64 `json:"difference"`
}

func (s *Server) addWeight(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := body.WeightInput{Date: f.String("date"), Weight: f.Number("weight")}
	if err := f.Err(); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	entryID := meta.EntityID("weight", u.ID)
	if err := s.app.LogWeight(r.Context(), app.LogWeight{Meta: meta, UserID: u.ID, Unit: u.Unit, EntryID: entryID,
		Input: in}); err != nil {
		return err
	}
	e, err := s.weights.ByID(r.Context(), entryID, u.Unit)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/weights/"+entryID)
	s.writeWeight(w, http.StatusCreated, e)
	return nil
}

// ownedWeight loads the entry named in the path and checks the signed-in user may see it.
func (s *Server) ownedWeight(r *http.Request) (weights.Entry, error) {
	u, _ := currentUser(r.Context())
	e, err := s.weights.ByID(r.Context(), chi.URLParam(r, "id"), u.Unit)
	if err != nil {
		return weights.Entry{}, err
	}
	return e, canRead(u, e.UserID)
}

func (s *Server) getWeight(w http.ResponseWriter, r *http.Request) error {
	e, err := s.ownedWeight(r)
	if err != nil {
		return err
	}
	s.writeWeight(w, http.StatusOK, e)
	return nil
}

func (s *Server) writeWeight(w http.ResponseWriter, status int, e weights.Entry) {
	res := weightResource(e)
	res.Context = "/api/contexts/Weight"
	writeJSON(w, status, weightBody{resource: res, ID: e.ID, DateWeighed: e.DateWeighed,
		DateWeighedShortDate: shortDate(e.DateWeighed), Weight: e.Weight, Unit: e.Unit})
}

func (s *Server) deleteWeight(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	e, err := s.ownedWeight(r)
	if err != nil {
		return err
	}
	if err := canChange(u, e.UserID); err != nil {
		return err
	}
	if err := s.app.DeleteWeight(r.Context(), app.DeleteWeight{Meta: commandMeta(r, u.ID), UserID: u.ID,
		EntryID: e.ID}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
