package httpapi_test

import (
	"fmt"
	"testing"
)

func TestSizeLog(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "ada@example.com")
		empty := c.do("GET", "/api/sizes/list?category=Waist&page=1", nil)
		if empty.status != 200 || empty.body["hydra:totalItems"] != 0.0 {
			t.Fatalf("empty list: %d %s", empty.status, empty.raw)
		}
		for i := range 10 {
			res := c.do("POST", "/api/sizes/add", map[string]any{"date": fmt.Sprintf("2026-11-%02d", i+1),
				"measurement": fmt.Sprint(80 + float64(i)*0.46), "category": "Waist"})
			if res.status != 201 || res.header.Get("Location") == "" {
				t.Fatalf("add %d: %d %s", i, res.status, res.raw)
			}
		}
		res := c.do("POST", "/api/sizes/add", map[string]any{"measurement": 35.45, "category": "Arms"})
		if res.status != 201 || res.body["measurement"] != 35.5 || res.body["dateMeasured"] != "2026-11-21" ||
			res.body["dateMeasuredShortDate"] != "21/11/2026" || res.body["category"] != "Arms" {
			t.Fatalf("add with defaults: %d %s", res.status, res.raw)
		}
		arms := res.str("id")
		list := c.do("GET", "/api/sizes/list?category=Waist&page=1", nil)
		members, _ := list.body["hydra:member"].([]any)
		if list.body["hydra:totalItems"] != 10.0 || len(members) != 9 {
			t.Fatalf("page 1: got %v items of %v", len(members), list.body["hydra:totalItems"])
		}
		first := members[0].(map[string]any)
		// 80 + 9*0.46 = 84.14 -> 84.1; the one before 80 + 8*0.46 = 83.68 -> 83.7.
		if first["measurement"] != 84.1 || first["difference"] != 0.4 || first["dateMeasured"] != "2026-11-10" {
			t.Errorf("newest: got %v", first)
		}
		if last := members[8].(map[string]any); last["difference"] == nil {
			t.Errorf("the page's last entry has a difference from the next page: got %v", last)
		}
		page2 := c.do("GET", "/api/sizes/list?category=Waist&page=2", nil)
		if m, _ := page2.body["hydra:member"].([]any); len(m) != 1 || m[0].(map[string]any)["difference"] != nil {
			t.Errorf("page 2: got %s", page2.raw)
		}
		if res := c.do("GET", "/api/sizes/list?category=Elbows", nil); res.status != 422 || res.violation("category") != "Please choose a category." {
			t.Errorf("unknown category: %d %s", res.status, res.raw)
		}
		res = c.do("POST", "/api/sizes/add", map[string]any{"measurement": "abc", "category": "Feet", "date": "2026-12-25"})
		if res.status != 422 || res.violation("measurement") != "Please enter a number" || res.violation("category") == "" ||
			res.violation("date") != "The date cannot be in the future." {
			t.Errorf("violations: %d %s", res.status, res.raw)
		}
		if res := c.do("GET", "/api/sizes/"+arms, nil); res.status != 200 || res.body["measurement"] != 35.5 {
			t.Errorf("get: %d %s", res.status, res.raw)
		}
		if res := c.do("DELETE", "/api/sizes/"+arms, nil); res.status != 204 {
			t.Errorf("delete: %d %s", res.status, res.raw)
		}
		if res := c.do("GET", "/api/sizes/"+arms, nil); res.status != 404 {
			t.Errorf("get after delete: %d", res.status)
		}
	})
}
