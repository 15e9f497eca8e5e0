package httpapi

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
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
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(s.ui, name); err == nil && !st.IsDir() {
			switch {
			case strings.HasPrefix(name, "assets/"):
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			case name == serviceWorker:
				// The browser checks it on every visit, so a new build's worker comes at once.
				w.Header().Set("Cache-Control", "no-cache")
			}
			s.serveFile(w, r, name)
			return
		}
	}
	if _, err := fs.Stat(s.ui, "index.html"); err != nil {
		http.Error(w, "The UI is not built: run `make build`.", http.StatusNotFound)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	s.serveFile(w, r, "index.html")
}

// serviceWorker is the UI's service worker script (ui/vite.config.ts).
const serviceWorker = "sw.js"

// precompressed are the encodings the UI's build writes beside each file it compresses
// (ui/scripts/compress-dist.mjs), best first, with the suffix of their files.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveFile serves the UI's file name, pre-compressed when the build wrote a compressed copy
// of it in an encoding the client accepts.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	w.Header().Set("Content-Type", contentType(name))
	varied := false
	for _, p := range precompressed {
		if _, err := fs.Stat(s.ui, name+p.suffix); err != nil {
			continue
		}
		// Whether or not this client gets it, the answer depends on what it accepts: said
		// once, however many encodings the build wrote.
		if !varied {
			w.Header().Add("Vary", "Accept-Encoding")
			varied = true
		}
		if accepts(r.Header.Get("Accept-Encoding"), p.encoding) {
			w.Header().Set("Content-Encoding", p.encoding)
			http.ServeFileFS(w, r, s.ui, name+p.suffix)
			return
		}
	}
	http.ServeFileFS(w, r, s.ui, name)
}

// contentType is the media type of a UI file by its extension. The web app manifest's is not
// in Go's table (nor in every system's).
func contentType(name string) string {
	if path.Ext(name) == ".webmanifest" {
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// accepts reports whether an Accept-Encoding header accepts encoding: named (or "*") with a
// quality above zero.
func accepts(header, encoding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), encoding) && strings.TrimSpace(name) != "*" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		return q > 0
	}
	return false
}
