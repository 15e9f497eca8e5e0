package httpapi_test

import "testing"

// FuzzAuditQueries sends arbitrary query strings to the workout list and a user's Activity
// (their changedAfterTheDay, afterTheDay, by and page parameters): whatever they hold, the
// answer is never a 500.
func FuzzAuditQueries(f *testing.F) {
	for _, s := range []string{"changedAfterTheDay=true", "changedAfterTheDay=maybe", "afterTheDay=true&by=x", "afterTheDay=%00",
		"changedAfterTheDay=true&changedAfterTheDay=false", "page=-1&afterTheDay=true", "%zz", "by=" + string(make([]byte, 300))} {
		f.Add(s)
	}
	e := newEnv(f, "sqlite")
	c, id := e.signUp(f, "fuzz@example.com")
	w := c.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-18", "startTime": "18:00", "finishTime": "19:00"}).str("id")
	addSet(c, w, map[string]any{"exercise": "Barbell Bench Press", "weight": 60, "reps": 5, "rpe": 8})
	cookie := ""
	for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
		cookie = ck.Name + "=" + ck.Value
	}
	f.Fuzz(func(t *testing.T, query string) {
		getNever500(t, e, cookie, query, "/api/sessions/list", "/api/clients/"+id+"/activity")
	})
}
