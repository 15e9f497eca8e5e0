package httpapi_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gymlog/gymlog/httpapi"
)

// get sends a GET with the Accept-Encoding given (so the client's own gzip handling is off) and
// returns the answer with its body as sent.
func get(t *testing.T, c *client, path, acceptEncoding string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", c.e.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", acceptEncoding)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

// The UI's files go pre-compressed as the build wrote them, in the best encoding the browser
// accepts, and as they are to one that accepts none. Hashed assets are cached for good; the
// page and the service worker are checked on every visit (no-cache), so a new build's worker
// comes at once; the web app manifest has its own media type.
func TestUIFilesArePreCompressed(t *testing.T) {
	t.Parallel()
	const immutable = "public, max-age=31536000, immutable"
	ui := fstest.MapFS{
		"index.html":              {Data: []byte("<html>app</html>")},
		"index.html.br":           {Data: []byte("br of index")},
		"index.html.gz":           {Data: []byte("gz of index")},
		"assets/app-1.js":         {Data: []byte("console.log(1)")},
		"assets/app-1.js.br":      {Data: []byte("br of app")},
		"assets/app-1.js.gz":      {Data: []byte("gz of app")},
		"assets/logo.png":         {Data: []byte("png")},
		"assets/only-gz.css":      {Data: []byte("body{}")},
		"assets/only-gz.css.gz":   {Data: []byte("gz of css")},
		"sw.js":                   {Data: []byte("self.x=1")},
		"sw.js.br":                {Data: []byte("br of sw")},
		"manifest.webmanifest":    {Data: []byte(`{"name":"Gymlog"}`)},
		"manifest.webmanifest.gz": {Data: []byte("gz of manifest")},
	}
	e := newEnv(t, "sqlite", func(d *httpapi.Deps) { d.UI = ui })
	c := e.client(t)
	for _, tc := range []struct {
		path, accept, wantBody, wantEncoding, wantType, wantCache string
	}{
		{"/assets/app-1.js", "gzip, deflate, br", "br of app", "br", "text/javascript; charset=utf-8", immutable},
		{"/assets/app-1.js", "gzip", "gz of app", "gzip", "text/javascript; charset=utf-8", immutable},
		{"/assets/app-1.js", "br;q=0, gzip;q=0.5", "gz of app", "gzip", "text/javascript; charset=utf-8", immutable},
		{"/assets/app-1.js", "identity", "console.log(1)", "", "text/javascript; charset=utf-8", immutable},
		{"/assets/app-1.js", "*", "br of app", "br", "text/javascript; charset=utf-8", immutable},
		{"/assets/only-gz.css", "br, gzip", "gz of css", "gzip", "text/css; charset=utf-8", immutable},
		{"/assets/logo.png", "br, gzip", "png", "", "image/png", immutable},
		{"/dashboard", "br", "br of index", "br", "text/html; charset=utf-8", "no-cache"},
		{"/", "identity", "<html>app</html>", "", "text/html; charset=utf-8", "no-cache"},
		{"/sw.js", "br", "br of sw", "br", "text/javascript; charset=utf-8", "no-cache"},
		{"/sw.js", "identity", "self.x=1", "", "text/javascript; charset=utf-8", "no-cache"},
		{"/manifest.webmanifest", "gzip", "gz of manifest", "gzip", "application/manifest+json", ""},
	} {
		res, body := get(t, c, tc.path, tc.accept)
		if res.StatusCode != 200 || body != tc.wantBody || res.Header.Get("Content-Encoding") != tc.wantEncoding ||
			res.Header.Get("Content-Type") != tc.wantType || res.Header.Get("Cache-Control") != tc.wantCache {
			t.Errorf("GET %s accepting %q: got %d %q encoding %q type %q cache %q, want %q encoding %q type %q cache %q", tc.path, tc.accept,
				res.StatusCode, body, res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"),
				tc.wantBody, tc.wantEncoding, tc.wantType, tc.wantCache)
		}
		if want := map[bool]int{true: 1}[tc.path != "/assets/logo.png"]; varyOnEncoding(res) != want {
			t.Errorf("GET %s accepting %q: Vary %q, want Accept-Encoding %d times", tc.path, tc.accept, res.Header.Values("Vary"), want)
		}
	}
}

// varyOnEncoding is how many times res says it varies with Accept-Encoding, over every Vary
// line and list.
func varyOnEncoding(res *http.Response) int {
	n := 0
	for _, line := range res.Header.Values("Vary") {
		for name := range strings.SplitSeq(line, ",") {
			if strings.EqualFold(strings.TrimSpace(name), "Accept-Encoding") {
				n++
			}
		}
	}
	return n
}

// API answers of a kilobyte or more are gzipped for a client that accepts it; small ones go
// as they are.
func TestLargeAPIAnswersAreGzipped(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "ada@example.com")
	res, body := get(t, c, "/api/exercise_details/list", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || varyOnEncoding(res) != 1 {
		t.Fatalf("exercise list: got %d encoding %q vary %q", res.StatusCode, res.Header.Get("Content-Encoding"), res.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !strings.Contains(string(plain), "Barbell Bench Press") {
		t.Fatalf("gunzipped exercise list: %v %.80s", err, plain)
	}
	t.Logf("exercise list: %d bytes gzipped, %d plain", len(body), len(plain))

	res, body = get(t, c, "/api/users/user/me", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" || !strings.Contains(body, "ada@example.com") {
		t.Errorf("a small answer: got %d encoding %q %.80s", res.StatusCode, res.Header.Get("Content-Encoding"), body)
	}
}
