package httpapi_test

import (
	"net/http"
	"testing"
)

func TestWeightLog(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "weights@example.com") // registers with 72.46 kg today
		for _, w := range []map[string]any{
			{"date": "2026-11-18", "weight": 80},
			{"date": "2026-11-19", "weight": "79.5"},
			{"date": "2026-11-20", "weight": 79.256},
		} {
			if res := c.do("POST", "/api/weights/add", w); res.status != http.StatusCreated || res.header.Get("Location") == "" {
				t.Fatalf("add %v: got %d %s, want 201 with Location", w, res.status, res.raw)
			}
		}
		list := c.do("GET", "/api/weights/list?page=1", nil)
		if list.status != 200 || list.body["hydra:totalItems"] != 4.0 {
			t.Fatalf("list: got %d %s, want 4 items", list.status, list.raw)
		}
		members := list.body["hydra:member"].([]any)
		type row struct {
			date       string
			weight     float64
			difference any
		}
		want := []row{{"2026-11-21", 72.46, -6.8}, {"2026-11-20", 79.26, -0.24}, {"2026-11-19", 79.5, -0.5}, {"2026-11-18", 80.0, nil}}
		for i, m := range members {
			m := m.(map[string]any)
			got := row{m["dateWeighed"].(string), m["weight"].(float64), m["difference"]}
			if got != want[i] {
				t.Errorf("row %d: got %+v, want %+v", i, got, want[i])
			}
		}

		first := members[0].(map[string]any)
		id := first["id"].(string)
		one := c.do("GET", "/api/weights/"+id, nil)
		if one.status != 200 || one.str("dateWeighedShortDate") != "21/11/2026" || one.body["weight"] != 72.46 || one.str("unit") != "kg" {
			t.Errorf("get: got %d %s", one.status, one.raw)
		}
		if res := c.do("DELETE", "/api/weights/"+id, nil); res.status != http.StatusNoContent {
			t.Errorf("delete: got %d %s, want 204", res.status, res.raw)
		}
		if res := c.do("GET", "/api/weights/"+id, nil); res.status != http.StatusNotFound {
			t.Errorf("get deleted: got %d, want 404", res.status)
		}
		if res := c.do("DELETE", "/api/weights/"+id, nil); res.status != http.StatusNotFound {
			t.Errorf("delete twice: got %d, want 404", res.status)
		}
		if list := c.do("GET", "/api/weights/list", nil); list.body["hydra:totalItems"] != 3.0 {
			t.Errorf("after delete: got %v items, want 3", list.body["hydra:totalItems"])
		}
	})
}

func TestWeightPaging(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "paging@example.com")
	for i := 1; i <= 10; i++ {
		c.do("POST", "/api/weights/add", map[string]any{"date": "2026-10-" + string(rune('0'+i/10)) + string(rune('0'+i%10)), "weight": 70 + i})
	}
	p1 := c.do("GET", "/api/weights/list?page=1", nil)
	p2 := c.do("GET", "/api/weights/list?page=2", nil)
	if n := len(p1.body["hydra:member"].([]any)); n != 9 {
		t.Errorf("page 1: got %d members, want 9", n)
	}
	members := p2.body["hydra:member"].([]any)
	if len(members) != 2 || p2.body["hydra:totalItems"] != 11.0 {
		t.Fatalf("page 2: got %s", p2.raw)
	}
	view := p1.body["hydra:view"].(map[string]any)
	if view["hydra:next"] != "/api/weights/list?page=2" || view["hydra:last"] != "/api/weights/list?page=2" {
		t.Errorf("view: got %v", view)
	}
	// The last row of page 1 (2026-10-03, 73) differs from the first of page 2 (2026-10-02, 72).
	last := p1.body["hydra:member"].([]any)[8].(map[string]any)
	if last["difference"] != 1.0 {
		t.Errorf("difference across pages: got %v, want 1", last["difference"])
	}
}

func TestWeightAddIsIdempotent(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "idem@example.com")
		a := c.do("POST", "/api/weights/add", map[string]any{"weight": 81}, "Idempotency-Key", "same")
		b := c.do("POST", "/api/weights/add", map[string]any{"weight": 81}, "Idempotency-Key", "same")
		if a.status != 201 || b.status != 201 || a.str("id") != b.str("id") {
			t.Errorf("got %d %s / %d %s, want the same entry twice", a.status, a.str("id"), b.status, b.str("id"))
		}
		if list := c.do("GET", "/api/weights/list", nil); list.body["hydra:totalItems"] != 2.0 {
			t.Errorf("got %v entries, want 2 (sign-up weight and one retried add)", list.body["hydra:totalItems"])
		}
	})
}

func TestWeightViolations(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "bad@example.com")
	for body, want := range map[string][2]string{
		`{"weight":"abc"}`:                  {"weight", "Please enter a number"},
		`{"weight":-1}`:                     {"weight", "Please enter a weight between 0 and 1000."},
		`{"weight":80,"date":"2030-01-01"}`: {"date", "The date cannot be in the future."},
		`{"weight":80,"date":"yesterday"}`:  {"date", "Please enter a valid date."},
		`{"weight":80,"date":7}`:            {"date", "This value should be a string."},
		`{"weight":80,"date":"2024\u0000"}`: {"date", "This value contains characters that are not allowed."},
	} {
		res := c.do("POST", "/api/weights/add", body)
		if res.status != http.StatusUnprocessableEntity || res.violation(want[0]) != want[1] {
			t.Errorf("%s: got %d %s, want 422 %s: %s", body, res.status, res.raw, want[0], want[1])
		}
	}
	// A body that is no JSON object is no field's fault: 400, saying what is wrong.
	for _, body := range []string{`[1,2]`, `{"weight":`, `"x"`} {
		res := c.do("POST", "/api/weights/add", body)
		if res.status != http.StatusBadRequest || res.body["hydra:description"] != "The request body must be a JSON object." {
			t.Errorf("%s: got %d %s, want 400 saying the body must be a JSON object", body, res.status, res.raw)
		}
	}
}
