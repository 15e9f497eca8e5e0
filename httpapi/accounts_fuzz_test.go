package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// fuzzAreaDecoder sends arbitrary bodies with method to path, as a verified user unless
// anonymous, with payments configured; whatever arrives, the answer is never a 500.
func fuzzAreaDecoder(f *testing.F, method, path string, anonymous bool, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	pp, opt := withPayPal(f)
	pp.Add(paypaltest.PlanID, "ACTIVE")
	e := newEnv(f, "sqlite", opt)
	cookie := ""
	if !anonymous {
		c, _ := e.signUp(f, "fuzz@example.com")
		for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
			cookie = ck.Name + "=" + ck.Value
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		rec := httptest.NewRecorder()
		e.api.ServeHTTP(rec, req)
		if rec.Code >= http.StatusInternalServerError {
			t.Errorf("body %q: got %d %s", body, rec.Code, rec.Body.String())
		}
	})
}

func FuzzChangePassword(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/change-password", false, `{"oldPassword":"Secret123","newPassword":"Better456","confirmPassword":"Better456"}`,
		`{"oldPassword":1}`, `[]`, `{"newPassword":"\u0000"}`)
}

func FuzzChangeEmail(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/change-email", false, `{"password":"Secret123","email":"new@example.com"}`, `{"email":["x"]}`, `null`)
}

func FuzzSendResetCode(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/forgot-password/send-code", true, `{"email":"fuzz@example.com"}`, `{"email":{}}`, `7`)
}

func FuzzVerifyResetCode(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/forgot-password/verify-code", true, `{"email":"a@b.co","passwordCode":"123456"}`, `{"passwordCode":1e999}`)
}

func FuzzSetPassword(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/forgot-password/set-password", true,
		`{"email":"a@b.co","passwordCode":"123456","newPassword":"Better456","confirmPassword":"Better456"}`, `{"newPassword":true}`)
}

func FuzzEditProfile(f *testing.F) {
	fuzzAreaDecoder(f, "PUT", "/api/users/edit", false, `{"firstName":"A","surname":"B","height":"170","icon":"fa-gem"}`,
		`{"height":1e308}`, `{"height":"-0","dateOfBirth":"31/02/2000"}`, `{"gender":null,"dashboardChart":7}`)
}

func FuzzSubscribe(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/subscribe", false, `{"paymentSource":"paypal","orderId":"O","subscriptionId":"I-X"}`,
		`{"subscriptionId":"../../v1/oauth2/token"}`, `{"subscriptionId":"%2e%2e"}`)
}

func FuzzPayPalWebhook(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/payments/paypal/webhook", true, `{"id":"WH","event_type":"BILLING.SUBSCRIPTION.CANCELLED","resource":{"id":"I"}}`, `{`)
}

func FuzzCloseAccount(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/users/delete", false, `{"userId":"x","accountClose":true}`, `{"accountClose":"true"}`)
}

func FuzzAddSize(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/sizes/add", false, `{"measurement":35.5,"category":"Arms"}`, `{"measurement":"NaN","category":1}`,
		`{"date":"2026-02-30","measurement":1e308,"category":"Waist"}`)
}

func FuzzCalculator(f *testing.F) {
	fuzzAreaDecoder(f, "POST", "/api/calculator", true, `{"age":30,"height":170,"weight":70,"gender":"Male","activityLevel":"moderate","goal":"lose"}`,
		`{"age":"NaN","height":-1,"weight":1e400}`, `{"activityLevel":"constructor","goal":"__proto__"}`)
}
