package httpapi

import (
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/projections/sizes"
)

// mountSizes mounts the size-log routes (verified users).
func (s *Server) mountSizes(r chi.Router) {
	r.Route("/sizes", func(r chi.Router) {
		r.Get("/list", s.handle(s.listSizes))
		r.Post("/add", s.handle(s.addSize))
		r.Get("/{id}", s.handle(s.getSize))
		r.Delete("/{id}", s.handle(s.deleteSize))
	})
}

// listedSize is a size in the list, where difference is always present (null first).
type listedSize struct {
	resource
	ID           string   `json:"id"`
	DateMeasured string   `json:"dateMeasured"`
	Measurement  float64  `json:"measurement"`
	Difference   *float64 `json:"difference"`
	Category     string   `json:"category"`
}

// sizeBody is one size entry with its short date.
type sizeBody struct {
	resource
	ID                    string  `json:"id"`
	DateMeasured          string  `json:"dateMeasured"`
	DateMeasuredShortDate string  `json:"dateMeasuredShortDate"`
	Measurement           float64 `json:"measurement"`
	Category              string  `json:"category"`
}

func sizeResource(e sizes.Entry) resource { return resource{ID: "/api/sizes/" + e.ID, Type: "Size"} }

func (s *Server) listSizes(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	category := r.URL.Query().Get("category")
	if !body.ValidCategory(category) {
		return domain.Invalid("category", body.CategoryMessage)
	}
	page := pageParam(r)
	entries, total, err := s.area.sizes.Page(r.Context(), u.ID, category, page)
	if err != nil {
		return err
	}
	members := make([]listedSize, len(entries))
	for i, e := range entries {
		members[i] = listedSize{resource: sizeResource(e), ID: e.ID, DateMeasured: e.DateMeasured,
			Measurement: e.Measurement, Difference: e.Difference, Category: e.Category}
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/Size", "/api/sizes/list",
		url.Values{"category": {category}}, members, total, page, sizes.PageSize))
	return nil
}

func (s *Server) addSize(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := body.SizeInput{Date: f.String("date"), Measurement: f.Number("measurement"), Category: f.String("category")}
	meta := commandMeta(r, u.ID)
	entryID := meta.EntityID("size", u.ID)
	now := s.now()
	_, ruleErr := body.NewLog(u.ID).LogSize(entryID, in, now)
	if err := f.withRules(ruleErr); err != nil {
		return err
	}
	if err := s.app.LogSize(r.Context(), app.LogSize{Meta: meta, UserID: u.ID, EntryID: entryID, Input: in}); err != nil {
		return err
	}
	e, err := s.area.sizes.ByID(r.Context(), entryID)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/sizes/"+entryID)
	writeSize(w, http.StatusCreated, e)
	return nil
}

// ownedSize loads the entry named in the path and checks the signed-in user may see it.
func (s *Server) ownedSize(r *http.Request) (sizes.Entry, error) {
	u, _ := currentUser(r.Context())
	e, err := s.area.sizes.ByID(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return sizes.Entry{}, err
	}
	return e, canRead(u, e.UserID)
}

func (s *Server) getSize(w http.ResponseWriter, r *http.Request) error {
	e, err := s.ownedSize(r)
	if err != nil {
		return err
	}
	writeSize(w, http.StatusOK, e)
	return nil
}

func writeSize(w http.ResponseWriter, status int, e sizes.Entry) {
	res := sizeResource(e)
	res.Context = "/api/contexts/Size"
	writeJSON(w, status, sizeBody{resource: res, ID: e.ID, DateMeasured: e.DateMeasured,
		DateMeasuredShortDate: shortDate(e.DateMeasured), Measurement: e.Measurement, Category: e.Category})
}

func (s *Server) deleteSize(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	e, err := s.ownedSize(r)
	if err != nil {
		return err
	}
	if err := canChange(u, e.UserID); err != nil {
		return err
	}
	if err := s.app.DeleteSize(r.Context(), app.DeleteSize{Meta: commandMeta(r, u.ID), UserID: u.ID,
		EntryID: e.ID}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
