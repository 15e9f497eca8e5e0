package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
)

// mountExportImport mounts the profile's "Download my data" and "Import workouts".
func (s *Server) mountExportImport(r chi.Router) {
	s.mountExports(r)
	s.mountImports(r)
}

// mountExports mounts "Download my data": every event about the user as NDJSON, and their
// workouts as CSV in Strong's export columns. Each is the signed-in user's own.
func (s *Server) mountExports(r chi.Router) {
	r.Get("/exports/events", s.handle(s.exportEvents))
	r.Get("/exports/strong-csv", s.handle(s.exportStrongCSV))
}

// attachment names the file a download saves as: gymlog-<what>-<date>.<ext>.
func (s *Server) attachment(w http.ResponseWriter, contentType, what, ext string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="gymlog-`+what+`-`+s.now().UTC().Format(time.DateOnly)+`.`+ext+`"`)
	w.Header().Set("Cache-Control", "no-store")
}

func (s *Server) exportEvents(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	events, err := s.app.ExportEvents(r.Context(), u.ID)
	if err != nil {
		return err
	}
	s.attachment(w, "application/x-ndjson; charset=utf-8", "events", "ndjson")
	enc := json.NewEncoder(w)
	for _, e := range events {
		if err := enc.Encode(e); err != nil {
			return nil // the client has gone; the status is sent
		}
	}
	return nil
}

func (s *Server) exportStrongCSV(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	events, err := s.app.ExportEvents(r.Context(), u.ID)
	if err != nil {
		return err
	}
	workouts, err := app.FinishedWorkouts(events)
	if err != nil {
		return err
	}
	s.attachment(w, "text/csv; charset=utf-8", "workouts", "csv")
	_ = app.WriteStrongCSV(w, workouts, u.Unit) // a failure here is the client gone
	return nil
}
