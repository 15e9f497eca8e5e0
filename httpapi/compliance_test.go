package httpapi_test

import (
	"testing"
	"time"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
)

// A trainer gives a plan shared with a client a weekly target; the client's workouts started
// from it count against the target over 7, 30 and 90 days (the client's days), on the
// client's compliance and the trainer's roster; a target is a whole number of times a week
// from 0 to 14, set by the plan's owner, a trainer.
func TestCompliance(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		e.now = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		ada, adaID, trainer := clientAndTrainer(t, e, pp)
		plan := trainer.mustStatus(201, "POST", "/api/plans/add", map[string]any{"name": "Strength A"}).str("id")
		trainer.mustStatus(200, "POST", "/api/plans/"+plan+"/share", map[string]any{"clientId": adaID})

		for bad, message := range map[any]string{15: "Please enter a whole number of times a week from 0 to 14.", 2.5: "",
			-1: "", "lots": "Please enter a number", nil: ""} {
			if message == "" {
				message = "Please enter a whole number of times a week from 0 to 14."
			}
			if res := trainer.do("PUT", "/api/plans/"+plan+"/target", map[string]any{"timesAWeek": bad}); res.status != 422 ||
				res.violation("timesAWeek") != message {
				t.Errorf("a target of %v: got %d %s", bad, res.status, res.raw)
			}
		}
		if res := ada.do("PUT", "/api/plans/"+plan+"/target", map[string]any{"timesAWeek": 1}); res.status != 403 {
			t.Errorf("the client setting the target: got %d %s", res.status, res.raw)
		}
		if res := trainer.do("PUT", "/api/plans/"+plan+"/target", map[string]any{"timesAWeek": 3}); res.status != 200 || res.body["timesAWeek"] != 3.0 {
			t.Errorf("the trainer setting the target: got %d %s", res.status, res.raw)
		}

		// Two workouts from the plan this week, one 20 days ago, one 60 days ago; one not from it.
		for _, date := range []string{"2026-11-26", "2026-11-24", "2026-11-07", "2026-09-28"} {
			w := ada.mustStatus(201, "POST", "/api/sessions/start/from-plan", map[string]any{"id": plan, "date": date, "startTime": "18:00"}).str("id")
			ada.mustStatus(200, "PUT", "/api/sessions/edit", map[string]any{"id": w, "finishTime": "19:00"})
		}
		ada.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-25", "startTime": "18:00", "finishTime": "19:00"})

		list := members(trainer.mustStatus(200, "GET", "/api/clients/"+adaID+"/compliance", nil))
		if len(list) != 1 || list[0]["planName"] != "Strength A" || list[0]["timesAWeek"] != 3.0 {
			t.Fatalf("compliance: %v", list)
		}
		periods := list[0]["periods"].([]any)
		want := []map[string]any{{"days": 7.0, "done": 2.0, "expected": 3.0}, {"days": 30.0, "done": 3.0, "expected": 12.86},
			{"days": 90.0, "done": 4.0, "expected": 38.57}}
		for i, w := range want {
			p := periods[i].(map[string]any)
			for k, v := range w {
				if p[k] != v {
					t.Errorf("period %d: %s = %v, want %v (%v)", i, k, p[k], v, p)
				}
			}
		}
		// 30 days: 3 of 12.86 (0.23); 90 days: 4 of 38.57 (0.10): no fall.
		if list[0]["needsAttention"] != false {
			t.Errorf("needs attention: %v", list[0])
		}
		roster := members(trainer.mustStatus(200, "GET", "/api/clients", nil))
		if c, _ := roster[0]["compliance"].(map[string]any); len(roster) != 1 || c["done"] != 3.0 || c["expected"] != 12.86 || c["rate"] != 0.23 {
			t.Errorf("the roster: %v", roster)
		}
		if mine := members(ada.mustStatus(200, "GET", "/api/clients/"+adaID+"/compliance", nil)); len(mine) != 1 {
			t.Errorf("the client's own compliance: %v", mine)
		}
		// No target, no compliance.
		trainer.mustStatus(200, "PUT", "/api/plans/"+plan+"/target", map[string]any{"timesAWeek": 0})
		if list := members(trainer.mustStatus(200, "GET", "/api/clients/"+adaID+"/compliance", nil)); len(list) != 0 {
			t.Errorf("compliance without a target: %v", list)
		}
		if roster := members(trainer.mustStatus(200, "GET", "/api/clients", nil)); roster[0]["compliance"] != nil {
			t.Errorf("the roster without a target: %v", roster)
		}
	})
}

// clientAndTrainer signs up ada (display name AdaL) and tia, a trainer whose request ada
// confirmed.
func clientAndTrainer(t *testing.T, e *env, pp *paypaltest.Server) (ada *client, adaID string, trainer *client) {
	t.Helper()
	ada, adaID = e.signUp(t, "ada@example.com")
	named(t, ada, "AdaL")
	trainer, _ = e.signUp(t, "tia@example.com")
	subscribe(t, trainer, pp)
	rel := trainer.do("POST", "/api/clients/add", map[string]any{"email": "ada@example.com"}).str("id")
	ada.mustStatus(200, "PUT", "/api/trainers/status", map[string]any{"id": rel, "confirmed": true})
	return ada, adaID, trainer
}
