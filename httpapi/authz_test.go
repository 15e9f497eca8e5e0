package httpapi_test

import (
	"testing"
)

// TestAuthorisationMatrix tries every account, weight, progress and plan endpoint as each
// role: anonymous, unverified, the owner and another verified user. Only the owner gets
// through to the owner's resources, and to the owner's progress by display name; another user
// is told a plan is not there (404) when reading it, and 403 when changing it.
func TestAuthorisationMatrix(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		owner, _ := e.signUp(t, "owner@example.com")
		other, _ := e.signUp(t, "other@example.com")
		unverified := e.client(t)
		if res := unverified.do("POST", "/api/users/register", registration("unverified@example.com")); res.status != 201 {
			t.Fatalf("register: %d", res.status)
		}
		anonymous := e.client(t)

		entry := owner.do("POST", "/api/weights/add", map[string]any{"weight": 80}).str("id")
		owner.mustStatus(200, "PUT", "/api/users/edit", map[string]any{"firstName": "O", "surname": "W", "displayName": "Owner"})
		plan := owner.do("POST", "/api/plans/add", map[string]any{"name": "Push"}).str("id")
		strength := map[string]any{"plan": plan, "exercise": "Dip", "targets": []any{map[string]any{"reps": 8}}}
		cardio := map[string]any{"plan": plan, "exercise": "Running", "targets": []any{map[string]any{"distance": 5}}}
		planExercise := owner.do("POST", "/api/plan_exercises/add", strength).str("id")
		edited := map[string]any{"id": planExercise, "exercise": "Dip", "targets": []any{map[string]any{"reps": 10}}}
		roles := map[string]*client{"anonymous": anonymous, "unverified": unverified, "other": other, "owner": owner}
		cases := []authzCase{
			{"GET", "/api/users/user/me", nil, map[string]int{"anonymous": 401, "unverified": 200, "other": 200, "owner": 200}},
			{"GET", "/api/weights/list", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"POST", "/api/weights/add", map[string]any{"weight": 80}, map[string]int{"anonymous": 401, "unverified": 403, "other": 201, "owner": 201}},
			{"GET", "/api/weights/" + entry, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 200}},
			{"DELETE", "/api/weights/" + entry, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 204}},
			{"GET", "/api/plans/list", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"GET", "/api/plans/all", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"POST", "/api/plans/add", map[string]any{"name": "Pull"}, map[string]int{"anonymous": 401, "unverified": 403, "other": 201, "owner": 201}},
			{"GET", "/api/plans/" + plan, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 404, "owner": 200}},
			{"GET", "/api/plans/" + plan + "/unused-muscle-groups", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 404, "owner": 200}},
			{"PUT", "/api/plans/edit", map[string]any{"id": plan, "name": "Legs"}, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 200}},
			{"GET", "/api/plan_exercises/list/" + plan, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 404, "owner": 200}},
			{"POST", "/api/plan_exercises/add", strength, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 201}},
			{"POST", "/api/plan_exercises/add", edited, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 200}},
			{"POST", "/api/plan_exercises/add-cardio", cardio, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 201}},
			{"GET", "/api/plan_exercises/" + planExercise, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 404, "owner": 200}},
			{"POST", "/api/sessions/start/from-plan", map[string]any{"id": plan}, map[string]int{"anonymous": 401, "unverified": 403, "other": 404, "owner": 201}},
			{"DELETE", "/api/plan_exercises/" + planExercise, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 204}},
			{"DELETE", "/api/plans/" + plan, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 204}},
			{"POST", "/api/users/verify/resend", nil, map[string]int{"anonymous": 401}},
			{"POST", "/api/users/verify", map[string]any{"authCode": "123456"}, map[string]int{"anonymous": 401}},
			{"PUT", "/api/users/time-zone", map[string]any{"timeZone": "Europe/Paris"}, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
		}
		for _, path := range progressPaths {
			byName := path + "?user.displayName=Owner"
			if containsQuery(path) {
				byName = path + "&user.displayName=Owner"
			}
			cases = append(cases,
				authzCase{"GET", path, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
				authzCase{"GET", byName, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 200}})
		}
		for _, tc := range cases {
			for _, role := range []string{"anonymous", "unverified", "other", "owner"} {
				want, ok := tc.want[role]
				if !ok {
					continue
				}
				if got := roles[role].do(tc.method, tc.path, tc.body).status; got != want {
					t.Errorf("%s %s as %s: got %d, want %d", tc.method, tc.path, role, got, want)
				}
			}
		}
		// Another user's list never shows the owner's entries.
		if list := other.do("GET", "/api/weights/list", nil); list.raw == "" || contains(list, entry) {
			t.Errorf("other user's list shows the owner's entry")
		}
		if list := other.do("GET", "/api/plans/list", nil); list.raw == "" || contains(list, plan) {
			t.Errorf("other user's list shows the owner's plan")
		}
	})
}

// authzCase is one row of the matrix: a request and the status each role gets.
type authzCase struct {
	method, path string
	body         any
	want         map[string]int
}

func contains(r response, id string) bool {
	for _, m := range r.body["hydra:member"].([]any) {
		if m.(map[string]any)["id"] == id {
			return true
		}
	}
	return false
}
