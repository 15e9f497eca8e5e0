package httpapi

import (
	"net/http"

	"github.com/gymlog/gymlog/domain"
)

// cleanURL refuses a request whose path or query, once decoded, is not clean text
// (domain.CleanText): the ids and filters in them reach the databases as text, and
// PostgreSQL refuses a NUL where SQLite would look it up, so the backends would answer
// differently. No route has such a path (404); no filter takes such a value (400).
func (s *Server) cleanURL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !domain.CleanText(r.URL.Path) {
			s.writeError(w, r, httpError(http.StatusNotFound, "Not Found"))
			return
		}
		for name, values := range r.URL.Query() {
			for _, v := range append(values, name) {
				if !domain.CleanText(v) {
					s.writeError(w, r, httpError(http.StatusBadRequest, "The address holds characters that are not allowed."))
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}
