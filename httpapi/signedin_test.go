package httpapi_test

import (
	"testing"
	"time"
)

// A session ended where this node cannot see it (another node signed it out) keeps working
// here for at most the two seconds the node keeps who a session signs in; sessions ended
// here, and users changed here, are covered by the logout, password and profile tests.
func TestSessionEndedElsewhereStopsWithinTwoSeconds(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		if got := c.do("GET", "/api/users/user/me", nil).status; got != 200 {
			t.Fatalf("me: got %d, want 200", got)
		}
		if _, err := e.db.Exec(`DELETE FROM auth_sessions`); err != nil {
			t.Fatal(err)
		}
		e.now = e.now.Add(time.Second)
		if got := c.do("GET", "/api/users/user/me", nil).status; got != 200 {
			t.Errorf("a second later: got %d, want 200 (the node still knows the session)", got)
		}
		e.now = e.now.Add(time.Second)
		if got := c.do("GET", "/api/users/user/me", nil).status; got != 401 {
			t.Errorf("two seconds later: got %d, want 401", got)
		}
	})
}
