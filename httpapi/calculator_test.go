package httpapi_test

import "testing"

func TestCalculatorIsPublic(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	res := e.client(t).do("POST", "/api/calculator", map[string]any{"age": 30, "height": "170", "weight": 70, "gender": "Male",
		"activityLevel": "moderate", "goal": "lose"})
	if res.status != 200 || res.body["targetCalories"] != 2256.0 {
		t.Fatalf("got %d %s", res.status, res.raw)
	}
	meals, _ := res.body["meals"].([]any)
	if len(meals) != 3 || meals[2].(map[string]any)["calories"] != 1128.0 {
		t.Errorf("meals: %v", meals)
	}
	res = e.client(t).do("POST", "/api/calculator", map[string]any{"age": "x", "goal": "bulk"})
	for _, f := range []string{"age", "height", "weight", "activityLevel", "goal"} {
		if res.status != 422 || res.violation(f) == "" {
			t.Errorf("%s: got %d %s, want a violation", f, res.status, res.raw)
		}
	}
}
