package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// FuzzRequestAddress sends arbitrary paths and queries (escaped bytes of any value, NUL and
// invalid UTF-8 among them) and Idempotency-Keys to the router as a verified user: whatever
// arrives, the answer is never a 500.
func FuzzRequestAddress(f *testing.F) {
	for _, s := range [][3]string{
		{"GET", "/api/sessions/0b0c5a4e-2f6e-4d38-9a8f-3d0e8f1f2a11%00", ""},
		{"GET", "/api/sessions/list", "page=1%00"},
		{"DELETE", "/api/weights/%ff%fe", ""},
		{"GET", "/api/exercise_details/suggested/Squat%07", "x%80=1"},
		{"GET", "/api/exercise_details/recognised/Bench%20Press%20(Barbell)%00", ""},
		{"POST", "/api/weights/add", "a=%C0%80"},
	} {
		f.Add(s[0], s[1], s[2], "K\xff")
	}
	e := newEnv(f, "sqlite")
	c, _ := e.signUp(f, "fuzz@example.com")
	cookie := ""
	for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
		cookie = ck.Name + "=" + ck.Value
	}
	f.Fuzz(func(t *testing.T, method, path, query, key string) {
		if method != "GET" && method != "POST" && method != "PUT" && method != "DELETE" {
			method = "GET"
		}
		req, err := http.NewRequest(method, "http://gymlog.test/", nil)
		if err != nil {
			t.Skip()
		}
		req.URL.RawPath, req.URL.RawQuery = "", query
		req.URL.Path = path
		if p, err := req.URL.Parse("/" + path + "?" + query); err == nil {
			req.URL = p
		}
		req.Header.Set("Cookie", cookie)
		req.Header["Idempotency-Key"] = []string{key}
		rec := httptest.NewRecorder()
		e.api.ServeHTTP(rec, req)
		if rec.Code >= http.StatusInternalServerError {
			t.Errorf("%s %s?%s: got %d %s", method, req.URL.Path, req.URL.RawQuery, rec.Code, rec.Body.String())
		}
	})
}
