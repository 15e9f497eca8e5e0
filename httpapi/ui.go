package httpapi

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// serveUI serves the built single-page app: a file when the path names one, otherwise
// index.html, so every client-side route (including the app's own 404 page) loads the app.
func (s *Server) serveUI(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		s.writeError(w, r, httpError(http.StatusMethodNotAllowed, "Method Not Allowed"))
		return
	}
	if s.ui == nil {
		http.Error(w, "The UI is not built: run `make build`.", http.StatusNotFound)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name != "" {
		if st, err := fs.Stat(s.ui, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFileFS(w, r, s.ui, name)
			return
		}
	}
	index, err := fs.ReadFile(s.ui, "index.html")
	if err != nil {
		http.Error(w, "The UI is not built: run `make build`.", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(index)
}
