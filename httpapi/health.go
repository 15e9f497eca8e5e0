package httpapi

import (
	"errors"
	"net/http"

	"github.com/gymlog/gymlog/projections"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if err := s.ready(r.Context()); err != nil {
		s.log.WarnContext(r.Context(), "not ready", "error", err)
		body := map[string]string{"status": "unavailable"}
		if errors.Is(err, projections.ErrProjectionFailed) {
			body["reason"] = err.Error() // names the stopped read models, for the operator
		}
		writeJSON(w, http.StatusServiceUnavailable, body)
		return
	}
	body := map[string]any{"status": "ok"}
	if s.rebuilding != nil {
		// The node serves while a read model is rebuilt (its old tables answer until the
		// swap); the operator sees which and how far it has got.
		rebuilding, err := s.rebuilding(r.Context())
		if err != nil {
			s.log.WarnContext(r.Context(), "rebuilds under way", "error", err)
		}
		if len(rebuilding) > 0 {
			body["rebuilding"] = rebuilding
		}
	}
	writeJSON(w, http.StatusOK, body)
}

func (s *Server) metricsHandler() http.Handler {
	return promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{})
}
