package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fuzzDecoder sends arbitrary bodies to one endpoint as a verified user; whatever arrives,
// the answer is never a 500.
func fuzzDecoder(f *testing.F, path string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	e := newEnv(f, "sqlite")
	cookie := ""
	if path != "/api/users/register" && path != "/api/login" {
		c, _ := e.signUp(f, "fuzz@example.com")
		for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
			cookie = ck.Name + "=" + ck.Value
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		rec := httptest.NewRecorder()
		e.api.ServeHTTP(rec, req)
		if rec.Code >= http.StatusInternalServerError {
			t.Errorf("body %q: got %d %s", body, rec.Code, rec.Body.String())
		}
	})
}

func FuzzRegister(f *testing.F) {
	fuzzDecoder(f, "/api/users/register", `{"firstName":"A","surname":"B","email":"a@b.co","password":"Secret123","confirmPassword":"Secret123","weight":"1e400"}`,
		`{"weight":{"x":1},"dateOfBirth":"00/00/0000"}`, `null`, `"x"`, `{"unit":"lbs","gender":"Male","weight":999.999}`)
}

func FuzzLogin(f *testing.F) {
	fuzzDecoder(f, "/api/login", `{"email":"a@b.co","password":"x"}`, `{"email":1}`, `[]`, "\xff")
}

func FuzzVerify(f *testing.F) {
	fuzzDecoder(f, "/api/users/verify", `{"authCode":"123456"}`, `{"authCode":123456}`, `{"userId":null}`)
}

func FuzzAddWeight(f *testing.F) {
	fuzzDecoder(f, "/api/weights/add", `{"weight":80,"date":"2026-01-01"}`, `{"weight":"NaN"}`, `{"weight":1e308}`,
		`{"date":"0000-00-00","weight":"-0"}`)
}
