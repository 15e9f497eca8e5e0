package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func FuzzSetTimeZone(f *testing.F) {
	fuzzAreaDecoder(f, "PUT", "/api/users/time-zone", false, `{"timeZone":"Europe/London"}`, `{"timeZone":"../../etc/passwd"}`,
		`{"timeZone":"Etc/GMT+14"}`, `{"timeZone":"\u0000"}`, `{"timeZone":["UTC"]}`, `{}`)
}

// FuzzProgressQueries sends arbitrary query strings to every dashboard and progress call,
// as a user with a workout, a weight and a size logged: whatever the filter, name or
// category, the answer is never a 500.
func FuzzProgressQueries(f *testing.F) {
	for _, s := range []string{"user.displayName=Ada", "name=Barbell%20Bench%20Press", "category=Arms", "name=%00",
		"user.displayName=%FF&name=x", "category=Arms&category=Neck", "name=" + string(make([]byte, 300)), "%zz"} {
		f.Add(s)
	}
	e := newEnv(f, "sqlite")
	c, _ := e.signUp(f, "fuzz@example.com")
	w := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-18", "startTime": "18:00", "finishTime": "19:00"}).str("id")
	addSet(c, w, map[string]any{"exercise": "Barbell Bench Press", "weight": 60, "reps": 5, "rpe": 8})
	c.mustStatus(201, "POST", "/api/sizes/add", map[string]any{"measurement": 35, "category": "Arms"})
	cookie := ""
	for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
		cookie = ck.Name + "=" + ck.Value
	}
	f.Fuzz(func(t *testing.T, query string) { getNever500(t, e, cookie, query, progressPaths...) })
}

// getNever500 GETs each path with query as the session of cookie, and fails t on a 5xx.
func getNever500(t *testing.T, e *env, cookie, query string, paths ...string) {
	for _, path := range paths {
		req := httptest.NewRequest("GET", path, nil)
		req.URL.RawQuery = query
		req.Header.Set("Cookie", cookie)
		rec := httptest.NewRecorder()
		e.api.ServeHTTP(rec, req)
		if rec.Code >= http.StatusInternalServerError {
			t.Errorf("%s?%q: got %d %s", path, query, rec.Code, rec.Body.String())
		}
	}
}
