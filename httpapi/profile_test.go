package httpapi_test

import "testing"

func TestEditProfileShowsInMe(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		sub := c.do("GET", "/api/users/user/sub-set", nil)
		if sub.status != 200 || sub.body["icon"] != "fa-user" || sub.body["dashboardChart"] != "Weight" || sub.body["firstName"] != "Ada" {
			t.Fatalf("sub-set: %d %s", sub.status, sub.raw)
		}
		res := c.do("PUT", "/api/users/edit", map[string]any{"firstName": "Augusta", "surname": "King", "dateOfBirth": "10/12/1990",
			"gender": "", "displayName": "Countess", "dashboardChart": "Duration", "icon": "fa-chess-knight", "height": "168"})
		if res.status != 200 || res.body["height"] != 168.0 || res.body["gender"] != nil {
			t.Fatalf("edit: %d %s", res.status, res.raw)
		}
		me := c.do("GET", "/api/users/user/me", nil)
		want := map[string]any{"firstName": "Augusta", "surname": "King", "dateOfBirth": "1990-12-10", "gender": nil,
			"displayName": "Countess", "dashboardChart": "Duration", "icon": "fa-chess-knight", "height": 168.0, "loggedInName": "Augusta"}
		for k, v := range want {
			if me.body[k] != v {
				t.Errorf("me.%s: got %v, want %v", k, me.body[k], v)
			}
		}
		res = c.do("PUT", "/api/users/edit", map[string]any{"firstName": "", "surname": "King", "icon": "fa-skull", "height": 170.5,
			"dashboardChart": "Reps", "gender": "Other"})
		for _, f := range []string{"firstName", "icon", "height", "dashboardChart", "gender"} {
			if res.status != 422 || res.violation(f) == "" {
				t.Errorf("%s: got %d %s, want a violation", f, res.status, res.raw)
			}
		}
	})
}
