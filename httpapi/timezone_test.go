package httpapi_test

import "testing"

func TestSetTimeZone(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		if me := c.do("GET", "/api/users/user/me", nil); me.body["timeZone"] != "UTC" {
			t.Errorf("me before: got %v, want UTC", me.body["timeZone"])
		}
		res := c.do("PUT", "/api/users/time-zone", map[string]any{"timeZone": "Europe/London"})
		if res.status != 200 || res.body["timeZone"] != "Europe/London" {
			t.Fatalf("set: %d %s", res.status, res.raw)
		}
		if me := c.do("GET", "/api/users/user/me", nil); me.body["timeZone"] != "Europe/London" {
			t.Errorf("me after: got %v, want Europe/London", me.body["timeZone"])
		}
		if res := c.do("PUT", "/api/users/time-zone", map[string]any{"timeZone": 5}); res.status != 422 || res.violation("timeZone") == "" {
			t.Errorf("a number: got %d %s, want a violation", res.status, res.raw)
		}
		for _, bad := range []any{"", "Mars/Olympus", "Local", nil, "../etc/passwd"} {
			res := c.do("PUT", "/api/users/time-zone", map[string]any{"timeZone": bad})
			if res.status != 422 || res.violation("timeZone") != "Please choose a valid time zone." {
				t.Errorf("%v: got %d %s, want the time-zone violation", bad, res.status, res.raw)
			}
		}
	})
}
