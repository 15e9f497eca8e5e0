package httpapi_test

import "testing"

func TestChangeEmail(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, id := e.signUp(t, "ada@example.com")
		e.signUp(t, "taken@example.com")
		cases := []struct {
			body        map[string]any
			field, want string
		}{
			{map[string]any{"password": "Wrong123", "email": "new@example.com"}, "password", "The password is not correct."},
			{map[string]any{"password": "Secret123", "email": "taken@example.com"}, "email", "This e-mail address is already registered."},
			{map[string]any{"password": "Secret123", "email": "ADA@example.com"}, "email", "This is already your e-mail address."},
			{map[string]any{"password": "Secret123", "email": "nope"}, "email", "Please enter a valid e-mail address."},
		}
		for _, tc := range cases {
			if res := c.do("POST", "/api/users/change-email", tc.body); res.status != 422 || res.violation(tc.field) != tc.want {
				t.Errorf("%v: got %d %s, want %s %q", tc.body, res.status, res.raw, tc.field, tc.want)
			}
		}
		res := c.do("POST", "/api/users/change-email", map[string]any{"password": "Secret123", "email": "New@Example.com"})
		if res.status != 200 || res.body["email"] != "new@example.com" {
			t.Fatalf("change: %d %s", res.status, res.raw)
		}
		me := c.do("GET", "/api/users/user/me", nil)
		if me.body["email"] != "new@example.com" || me.body["isVerified"] != false {
			t.Errorf("me after the change: %s", me.raw)
		}
		if res := c.do("GET", "/api/sizes/list?category=Arms", nil); res.status != 403 {
			t.Errorf("unverified after the change: got %d, want 403", res.status)
		}
		if res := c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": e.verificationCode(t, id)}); res.status != 200 {
			t.Errorf("verify the new address: %d %s", res.status, res.raw)
		}
		if got := login(e.client(t), "new@example.com", "Secret123"); got != 200 {
			t.Errorf("sign in at the new address: %d", got)
		}
		if got := login(e.client(t), "ada@example.com", "Secret123"); got != 401 {
			t.Errorf("sign in at the old address: %d", got)
		}
		if res := e.client(t).do("POST", "/api/users/register", registration("ada@example.com")); res.status != 201 {
			t.Errorf("the old address is free again: got %d %s", res.status, res.raw)
		}
	})
}
