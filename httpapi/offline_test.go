package httpapi_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/httpapi"
)

// A set logged offline gets its id on the device, from its Idempotency-Key, as the server will
// derive it (ui/src/features/workouts/offline/set-id.ts; its test holds the same figures): the
// id of a set logged with a key, strength or cardio, is the derivation's, and the derivation of
// fixed parts is the fixed id the UI's test expects.
func TestNewSetIDDerivesFromTheKey(t *testing.T) {
	const workout, command = "0b5a6c1e-2f7d-4a3b-9c8e-1d2f3a4b5c6d", "c2f07e88-8c52-5df6-9261-06baec81fa30"
	if got := eventstore.DeriveID("command", "POST /api/exercise_logs/add", "key-1"); got != command {
		t.Errorf("command id: got %s, want %s", got, command)
	}
	if got, want := eventstore.DeriveID("set", workout, command), "e817eb8b-9277-57d7-a0d7-b4f0c2ebfcf3"; got != want {
		t.Errorf("set id: got %s, want %s", got, want)
	}
	backends(t, func(t *testing.T, e *env) {
		ada, _ := e.signUp(t, "ada@example.com")
		workout := ada.do("POST", "/api/sessions/start", map[string]any{"name": "Legs"}).str("id")
		for _, tc := range []struct{ route, key string }{
			{"/api/exercise_logs/add", "strength-key"},
			{"/api/exercise_logs/add-cardio", "cardio-key"},
		} {
			body := map[string]any{"session": workout, "exercise": "Squat", "weight": 100, "reps": 5}
			if strings.HasSuffix(tc.route, "cardio") {
				body = map[string]any{"session": workout, "exercise": "Running", "distance": 5, "unit": "km", "minutes": 25}
			}
			res := ada.do("POST", tc.route, body, "Idempotency-Key", tc.key)
			want := eventstore.DeriveID("set", workout, eventstore.DeriveID("command", "POST "+tc.route, tc.key))
			if res.status != 201 || res.str("id") != want {
				t.Errorf("POST %s: got %d id %q, want 201 id %s", tc.route, res.status, res.str("id"), want)
			}
		}
	})
}

// The service worker is checked on every visit (no-cache) and the manifest has its own media
// type; both go pre-compressed like the other files.
func TestServiceWorkerAndManifestHeaders(t *testing.T) {
	ui := fstest.MapFS{
		"index.html":              {Data: []byte("<html>app</html>")},
		"sw.js":                   {Data: []byte("self.x=1")},
		"sw.js.br":                {Data: []byte("br of sw")},
		"manifest.webmanifest":    {Data: []byte(`{"name":"Gymlog"}`)},
		"manifest.webmanifest.gz": {Data: []byte("gz of manifest")},
		"assets/app-1.js":         {Data: []byte("console.log(1)")},
	}
	e := newEnv(t, "sqlite", func(d *httpapi.Deps) { d.UI = ui })
	c := e.client(t)
	for _, tc := range []struct {
		path, accept, wantBody, wantType, wantCache string
	}{
		{"/sw.js", "br", "br of sw", "text/javascript; charset=utf-8", "no-cache"},
		{"/sw.js", "identity", "self.x=1", "text/javascript; charset=utf-8", "no-cache"},
		{"/manifest.webmanifest", "gzip", "gz of manifest", "application/manifest+json", ""},
		{"/assets/app-1.js", "identity", "console.log(1)", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"},
		{"/workouts", "identity", "<html>app</html>", "text/html; charset=utf-8", "no-cache"},
	} {
		res, body := get(t, c, tc.path, tc.accept)
		if res.StatusCode != 200 || body != tc.wantBody || res.Header.Get("Content-Type") != tc.wantType ||
			res.Header.Get("Cache-Control") != tc.wantCache {
			t.Errorf("GET %s accepting %q: got %d %q type %q cache %q, want %q type %q cache %q", tc.path, tc.accept,
				res.StatusCode, body, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), tc.wantBody, tc.wantType, tc.wantCache)
		}
	}
}
