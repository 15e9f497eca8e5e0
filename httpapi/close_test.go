package httpapi_test

import (
	"strings"
	"testing"

	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// dump returns every row of every table in the database (event store and read models) as
// text, lower case.
func (e *env) dump(t *testing.T) string {
	t.Helper()
	return e.dumpTables(t, func(string) bool { return true })
}

// readModelDump is dump without the event store's tables: the read models (and the
// projections' own bookkeeping).
func (e *env) readModelDump(t *testing.T) string {
	t.Helper()
	return e.dumpTables(t, func(table string) bool {
		return !strings.HasPrefix(table[strings.LastIndex(table, ".")+1:], "eventstore_")
	})
}

func (e *env) dumpTables(t *testing.T, keep func(table string) bool) string {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if _, err := e.db.Exec(`SELECT 1 FROM sqlite_master LIMIT 1`); err != nil {
		q = `SELECT table_schema || '.' || table_name FROM information_schema.tables
			WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`
	}
	rows, err := e.db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		if keep(n) {
			tables = append(tables, n)
		}
	}
	rows.Close()
	if len(tables) < 5 {
		t.Fatalf("tables: got %v, want the event store and read models", tables)
	}
	return strings.ToLower(strings.Join(backendtest.Dump(t, e.db, tables...), "\n"))
}

// TestClosingAnAccountErasesIt: afterwards the user's e-mail, names and display name, and the
// names and notes of their plans, occur nowhere in the database, the account cannot sign in, and the subscription is cancelled.
func TestClosingAnAccountErasesIt(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		c, id := e.signUp(t, "zelda.quartermain@example.com")
		res := c.do("PUT", "/api/users/edit", map[string]any{"firstName": "Zelda", "surname": "Quartermain",
			"displayName": "Xylophonist", "icon": "fa-gem", "height": 170})
		if res.status != 200 {
			t.Fatalf("edit: %d %s", res.status, res.raw)
		}
		c.do("POST", "/api/sizes/add", map[string]any{"measurement": 80.5, "category": "Waist"})
		c.do("POST", "/api/weights/add", map[string]any{"weight": 70})
		c.do("POST", "/api/users/change-email", map[string]any{"password": "Secret123", "email": "zelda.q@example.com"})
		c.do("POST", "/api/users/forgot-password/send-code", map[string]any{"email": "zelda.q@example.com"})
		sub := pp.Add(paypaltest.PlanID, "ACTIVE")
		// Changing the e-mail made the user unverified; verify again to subscribe.
		if res := c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": e.verificationCode(t, id)}); res.status != 200 {
			t.Fatalf("verify: %d %s", res.status, res.raw)
		}
		if res := c.do("POST", "/api/users/subscribe", map[string]any{"subscriptionId": sub}); res.status != 200 {
			t.Fatalf("subscribe: %d %s", res.status, res.raw)
		}
		plan := c.do("POST", "/api/plans/add", map[string]any{"name": "Zanzibar routine", "notes": "Yodelling warm-up"}).str("id")
		if res := c.do("POST", "/api/plan_exercises/add", map[string]any{"plan": plan, "exercise": "Dip", "notes": "Quokka tempo",
			"targets": []any{map[string]any{"reps": 8}}}); res.status != 201 {
			t.Fatalf("plan exercise: %d %s", res.status, res.raw)
		}
		other, _ := e.signUp(t, "other@example.com")
		secrets := []string{"zelda.quartermain@example.com", "zelda.q@example.com", "zelda", "quartermain", "xylophonist",
			"zanzibar routine", "yodelling warm-up", "quokka tempo"}
		before := e.dump(t)
		for _, s := range secrets {
			if !strings.Contains(before, s) {
				t.Fatalf("before closing, %q is not in the database: the test would prove nothing", s)
			}
		}

		if res := other.do("POST", "/api/users/delete", map[string]any{"userId": id, "accountClose": true}); res.status != 403 {
			t.Errorf("another user closing it: got %d %s, want 403", res.status, res.raw)
		}
		if res := c.do("POST", "/api/users/delete", map[string]any{"userId": id, "accountClose": false}); res.status != 422 || res.violation("accountClose") == "" {
			t.Errorf("accountClose false: got %d %s, want 422", res.status, res.raw)
		}
		res = c.do("POST", "/api/users/delete", map[string]any{"userId": id, "accountClose": true})
		if res.status != 200 || res.body["closed"] != true {
			t.Fatalf("close: got %d %s", res.status, res.raw)
		}
		after := e.dump(t)
		for _, s := range secrets {
			if strings.Contains(after, s) {
				t.Errorf("after closing, %q is still in the database", s)
			}
		}
		if !strings.Contains(after, "other@example.com") {
			t.Error("closing one account erased another")
		}
		if got, _ := pp.Get(sub); !got.Cancelled {
			t.Errorf("subscription: got %+v, want it cancelled with PayPal", got)
		}
		if got := c.do("GET", "/api/users/user/me", nil).status; got != 401 {
			t.Errorf("the closed account's session: got %d, want 401", got)
		}
		for _, email := range []string{"zelda.quartermain@example.com", "zelda.q@example.com"} {
			if got := login(e.client(t), email, "Secret123"); got != 401 {
				t.Errorf("sign in as %s: got %d, want 401", email, got)
			}
		}
		// The address is free again.
		if res := e.client(t).do("POST", "/api/users/register", registration("zelda.q@example.com")); res.status != 201 {
			t.Errorf("register the freed address: got %d %s", res.status, res.raw)
		}
	})
}
