package httpapi_test

import (
	"testing"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// TestAccountAreaAuthorisationMatrix tries every account-area, weight and size endpoint as
// each role: anonymous, unverified, another verified user and the owner. Only the owner gets
// through to the owner's resources; the signed-in routes act on the caller alone.
func TestAccountAreaAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		owner, ownerID := e.signUp(t, "owner@example.com")
		other, _ := e.signUp(t, "other@example.com")
		unverified := e.client(t)
		if res := unverified.do("POST", "/api/users/register", registration("unverified@example.com")); res.status != 201 {
			t.Fatalf("register: %d", res.status)
		}
		anonymous := e.client(t)
		roles := map[string]*client{"anonymous": anonymous, "unverified": unverified, "other": other, "owner": owner}
		weight := owner.do("POST", "/api/weights/add", map[string]any{"weight": 80}).str("id")
		size := owner.do("POST", "/api/sizes/add", map[string]any{"measurement": 30, "category": "Arms"}).str("id")
		profile := map[string]any{"firstName": "A", "surname": "B"}
		badPassword := map[string]any{"oldPassword": "Nope1234", "newPassword": "Better456", "confirmPassword": "Better456"}
		cases := []struct {
			method, path string
			body         func() any
			want         map[string]int
		}{
			{"GET", "/api/weights/" + weight, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 200}},
			{"GET", "/api/sizes/" + size, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 200}},
			{"GET", "/api/sizes/list?category=Arms", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"POST", "/api/sizes/add", func() any { return map[string]any{"measurement": 30, "category": "Neck"} },
				map[string]int{"anonymous": 401, "unverified": 403, "other": 201, "owner": 201}},
			{"GET", "/api/users/user/sub-set", nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"PUT", "/api/users/edit", func() any { return profile }, map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"POST", "/api/users/subscribe", func() any { return map[string]any{"subscriptionId": pp.Add(paypaltest.PlanID, "ACTIVE")} },
				map[string]int{"anonymous": 401, "unverified": 403, "other": 200, "owner": 200}},
			{"POST", "/api/users/change-password", func() any { return badPassword },
				map[string]int{"anonymous": 401, "unverified": 422, "other": 422, "owner": 422}},
			{"POST", "/api/users/change-email", func() any { return map[string]any{"password": "Nope1234", "email": "x@example.com"} },
				map[string]int{"anonymous": 401, "unverified": 422, "other": 422, "owner": 422}},
			{"POST", "/api/users/delete", func() any { return map[string]any{"userId": ownerID, "accountClose": true} },
				map[string]int{"anonymous": 401, "unverified": 403, "other": 403}},
			{"DELETE", "/api/sizes/" + size, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 204}},
			{"DELETE", "/api/weights/" + weight, nil, map[string]int{"anonymous": 401, "unverified": 403, "other": 403, "owner": 204}},
			{"GET", "/api/payments/config", nil, map[string]int{"anonymous": 200, "owner": 200}},
			{"POST", "/api/calculator", func() any {
				return map[string]any{"age": 30, "height": 170, "weight": 70, "activityLevel": "moderate", "goal": "lose"}
			}, map[string]int{"anonymous": 200, "owner": 200}},
			{"POST", "/api/users/forgot-password/send-code", func() any { return map[string]any{"email": "owner@example.com"} },
				map[string]int{"anonymous": 200}},
			{"POST", "/api/users/delete", func() any { return map[string]any{"userId": ownerID, "accountClose": true} },
				map[string]int{"owner": 200}},
		}
		for _, tc := range cases {
			for _, role := range []string{"anonymous", "unverified", "other", "owner"} {
				want, ok := tc.want[role]
				if !ok {
					continue
				}
				var body any
				if tc.body != nil {
					body = tc.body()
				}
				if res := roles[role].do(tc.method, tc.path, body); res.status != want {
					t.Errorf("%s %s as %s: got %d %s, want %d", tc.method, tc.path, role, res.status, res.raw, want)
				}
			}
		}
	})
}
