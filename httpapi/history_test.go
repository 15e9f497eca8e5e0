package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
	"github.com/gymlog/gymlog/projections/history"
)

func historyLines(res response) []string {
	var out []string
	for _, m := range members(res) {
		out = append(out, m["by"].(string)+": "+m["text"].(string))
	}
	return out
}

// Each change to a workout, a plan and the body log is a line of its History, newest first,
// saying who made it and what it changed from; the client's confirmed trainer reads the
// workout's history and the client's Activity, filtered by who made the change; nobody else
// does.
func TestHistory(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		ada, adaID := e.signUp(t, "ada@example.com")
		named(t, ada, "AdaL")
		trainer, _ := e.signUp(t, "tia@example.com")
		subscribe(t, trainer, pp)
		stranger, _ := e.signUp(t, "sam@example.com")
		rel := trainer.do("POST", "/api/clients/add", map[string]any{"email": "ada@example.com"}).str("id")

		workout := ada.do("POST", "/api/sessions/start", map[string]any{"name": "Legs", "startTime": "18:00"}).str("id")
		first := ada.do("POST", "/api/exercise_logs/add", map[string]any{"session": workout, "exercise": "Bench Press", "weight": 60, "reps": 5}).str("id")
		second := ada.do("POST", "/api/exercise_logs/add", map[string]any{"session": workout, "exercise": "Bench Press", "weight": 60, "reps": 5}).str("id")
		beforeEdit := time.Now()
		time.Sleep(2 * time.Millisecond) // the store's clock ticks past beforeEdit before the edit
		ada.mustStatus(200, "POST", "/api/exercise_logs/add", map[string]any{"id": second, "session": workout, "exercise": "Bench Press",
			"weight": 62.5, "reps": 5})
		ada.mustStatus(200, "PUT", "/api/exercise_logs/done", map[string]any{"id": second, "rpe": 8})
		ada.mustStatus(204, "DELETE", "/api/exercise_logs/"+first, nil)
		plan := ada.do("POST", "/api/plans/add", map[string]any{"name": "Push"}).str("id")
		ada.mustStatus(201, "POST", "/api/plan_exercises/add", map[string]any{"plan": plan, "exercise": "Dip",
			"targets": []any{map[string]any{"reps": 8}}})
		beforeRename := time.Now()
		time.Sleep(2 * time.Millisecond)
		ada.mustStatus(200, "PUT", "/api/plans/edit", map[string]any{"id": plan, "name": "Push A"})
		ada.mustStatus(201, "POST", "/api/weights/add", map[string]any{"weight": 80, "date": "2026-11-20"})
		e.settle(t, history.Name)

		got := historyLines(ada.do("GET", "/api/sessions/"+workout+"/history", nil))
		want := []string{
			"AdaL: Set 1 of Bench Press deleted (was 60 kg × 5 reps)",
			"AdaL: Set 2 of Bench Press done at RPE 8",
			"AdaL: Set 2 of Bench Press edited: 60 → 62.5 kg",
			"AdaL: Set 2 of Bench Press logged: 60 kg × 5 reps",
			"AdaL: Set 1 of Bench Press logged: 60 kg × 5 reps",
		}
		if len(got) != 6 || !slices.Equal(got[:5], want) {
			t.Errorf("the workout's history:\n got %q\nwant %q and the start", got, want)
		}
		if got := historyLines(ada.do("GET", "/api/plans/"+plan+"/history", nil)); !slices.Equal(got,
			[]string{"AdaL: Plan edited: name Push → Push A", "AdaL: Dip added: 1 set", "AdaL: Plan “Push” created"}) {
			t.Errorf("the plan's history: %q", got)
		}
		// The plan as it stood before the rename, and the rename undone by its owner alone.
		old := ada.do("GET", "/api/plans/"+plan+"/as-of?at="+beforeRename.UTC().Format(time.RFC3339Nano), nil)
		if xs, _ := old.body["exercises"].([]any); old.status != 200 || old.body["name"] != "Push" || len(xs) != 1 {
			t.Errorf("the plan as it stood: %d %s", old.status, old.raw)
		}
		if res := stranger.do("POST", "/api/plans/"+plan+"/undo", nil); res.status != http.StatusForbidden {
			t.Errorf("a stranger undoing: got %d %s, want 403", res.status, res.raw)
		}
		if res := ada.do("POST", "/api/plans/"+plan+"/undo", nil); res.status != 200 || res.str("name") != "Push" {
			t.Errorf("undo the rename: got %d %s", res.status, res.raw)
		}
		body := historyLines(ada.do("GET", "/api/body-log/history", nil))
		if len(body) == 0 || body[0] != "AdaL: Weight 80 kg logged for 2026-11-20" {
			t.Errorf("the body log's history: %q", body)
		}

		// Before she accepts, the trainer reads none of it; then the workout's history and her
		// activity, all of it or only what she did herself.
		activity := "/api/clients/" + adaID + "/activity"
		for _, c := range []*client{trainer, stranger} {
			for _, path := range []string{"/api/sessions/" + workout + "/history", activity} {
				if res := c.do("GET", path, nil); res.status != http.StatusForbidden {
					t.Errorf("GET %s before accepting: got %d, want 403", path, res.status)
				}
			}
		}
		ada.mustStatus(200, "PUT", "/api/trainers/status", map[string]any{"id": rel, "confirmed": true})
		// Her activity holds the undone rename too, once the history has it: the undo waits for
		// the plans read model only, so without this the count hung on how far the history
		// projector had got (it failed when the parallel tests let it catch up first).
		e.settle(t, history.Name)
		if got := historyLines(trainer.do("GET", "/api/sessions/"+workout+"/history", nil)); len(got) != 6 {
			t.Errorf("the trainer reading her workout's history: %q", got)
		}
		all := trainer.do("GET", activity, nil)
		if all.body["hydra:totalItems"] != 10.0 {
			t.Errorf("her activity: %s", all.raw)
		}
		if mine := trainer.do("GET", activity+"?by="+adaID, nil); mine.body["hydra:totalItems"] != 10.0 {
			t.Errorf("her activity by her: %s", mine.raw)
		}
		if none := trainer.do("GET", activity+"?by=someone-else", nil); none.body["hydra:totalItems"] != 0.0 {
			t.Errorf("her activity by someone else: %s", none.raw)
		}
		if res := stranger.do("GET", activity, nil); res.status != http.StatusForbidden {
			t.Errorf("a stranger reading her activity: got %d", res.status)
		}

		// The workout as it stood before the edit: both sets at 60 kg, not done; as it stands:
		// one set, 62.5 kg, done. Read-only, for whoever may read the workout.
		asOf := func(c *client, at time.Time) response {
			return c.do("GET", "/api/sessions/"+workout+"/as-of?at="+at.UTC().Format(time.RFC3339Nano), nil)
		}
		then := asOf(ada, beforeEdit)
		sets, _ := then.body["sets"].([]any)
		if then.status != 200 || then.body["readOnly"] != true || len(sets) != 2 ||
			sets[1].(map[string]any)["weight"] != 60.0 || sets[1].(map[string]any)["done"] != false {
			t.Errorf("as it stood before the edit: %d %s", then.status, then.raw)
		}
		now := asOf(trainer, time.Now())
		sets, _ = now.body["sets"].([]any)
		if now.status != 200 || len(sets) != 1 || sets[0].(map[string]any)["weight"] != 62.5 || sets[0].(map[string]any)["rpe"] != 8.0 {
			t.Errorf("as it stands, to her trainer: %d %s", now.status, now.raw)
		}
		if res := asOf(ada, beforeEdit.AddDate(0, 0, -1)); res.status != http.StatusNotFound {
			t.Errorf("before the workout began: got %d %s, want 404", res.status, res.raw)
		}
		if res := ada.do("GET", "/api/sessions/"+workout+"/as-of?at=yesterday", nil); res.status != 422 || res.violation("at") == "" {
			t.Errorf("a bad time: got %d %s, want 422", res.status, res.raw)
		}
		if res := asOf(stranger, time.Now()); res.status != http.StatusForbidden {
			t.Errorf("a stranger: got %d, want 403", res.status)
		}

		// Undo: the last change (the first set deleted) is undone by its owner alone, and the
		// undo is in the history: the set is restored, first again.
		if res := trainer.do("POST", "/api/sessions/"+workout+"/undo", nil); res.status != http.StatusForbidden {
			t.Errorf("the trainer undoing: got %d %s, want 403", res.status, res.raw)
		}
		ada.mustStatus(200, "POST", "/api/sessions/"+workout+"/undo", nil)
		if list := members(ada.do("GET", "/api/exercise_logs/list/"+workout, nil)); len(list) != 2 {
			t.Errorf("the sets after undoing the deletion: %v", list)
		}
		e.settle(t, history.Name)
		if got := historyLines(ada.do("GET", "/api/sessions/"+workout+"/history", nil)); len(got) == 0 ||
			!strings.HasPrefix(got[0], "AdaL: Set 1 of Bench Press restored (undo of the delete at ") {
			t.Errorf("the undo in the history: %q", got)
		}
		e.checkReadModels(t)
	})
}

// A change to a workout made on a later day than the workout's own (in the owner's time
// zone) is marked on its History and Activity line, with the workout it is about; the
// workout shows its latest such change, and the list marks it and keeps only such workouts
// when asked. A workout entered late is no change after its day.
func TestChangesAfterTheDay(t *testing.T) {
	t.Parallel()
	backendsWithPayPal(t, func(t *testing.T, e *env, pp *paypaltest.Server) {
		e.now = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
		ada, adaID, trainer := clientAndTrainer(t, e, pp)
		// New York: 01:00 UTC on the 21st is still the 20th there.
		ada.mustStatus(200, "PUT", "/api/users/time-zone", map[string]any{"timeZone": "America/New_York"})

		push := ada.do("POST", "/api/sessions/start", map[string]any{"name": "Push day", "date": "2026-11-20", "startTime": "13:00"}).str("id")
		set := ada.do("POST", "/api/exercise_logs/add", map[string]any{"session": push, "exercise": "Bench Press", "weight": 80, "reps": 5}).str("id")
		e.now = time.Date(2026, 11, 21, 1, 0, 0, 0, time.UTC)
		ada.mustStatus(200, "POST", "/api/exercise_logs/add", map[string]any{"id": set, "session": push, "exercise": "Bench Press",
			"weight": 85, "reps": 5})
		e.now = time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
		login(ada, "ada@example.com", "Secret123") // the sessions of a week ago may have ended
		login(trainer, "tia@example.com", "Secret123")
		ada.mustStatus(200, "POST", "/api/exercise_logs/add", map[string]any{"id": set, "session": push, "exercise": "Bench Press",
			"weight": 95, "reps": 5})
		// Entered today for a week ago: no change after its day.
		past := ada.do("POST", "/api/sessions/add", map[string]any{"date": "2026-11-13", "startTime": "07:00", "finishTime": "08:00"}).str("id")
		ada.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": past, "exercise": "Squat", "weight": 100, "reps": 5})
		e.settle(t, history.Name)

		lines := members(trainer.do("GET", "/api/sessions/"+push+"/history", nil))
		if len(lines) != 4 || lines[0]["text"] != "Set 1 of Bench Press edited: 85 → 95 kg" || lines[0]["daysAfter"] != 7.0 ||
			lines[0]["about"] != "Push day" || lines[0]["aboutDate"] != "2026-11-20" || lines[1]["daysAfter"] != 0.0 {
			t.Errorf("the workout's history: %v", lines)
		}
		view := trainer.do("GET", "/api/sessions/"+push, nil)
		if late, _ := view.body["changedAfterTheDay"].(map[string]any); late["daysAfter"] != 7.0 || late["at"] == nil {
			t.Errorf("the workout's latest change after its day: %s", view.raw)
		}
		list := "/api/sessions/list?user.displayName=AdaL"
		all := members(trainer.do("GET", list, nil))
		if len(all) != 2 || all[0]["id"] != push || all[0]["changedAfterTheDay"] == nil || all[1]["changedAfterTheDay"] != nil {
			t.Errorf("the list's markers: %v", all)
		}
		late := trainer.do("GET", list+"&changedAfterTheDay=true", nil)
		if got := members(late); late.body["hydra:totalItems"] != 1.0 || len(got) != 1 || got[0]["id"] != push {
			t.Errorf("the workouts changed after their day: %s", late.raw)
		}
		if res := trainer.do("GET", list+"&changedAfterTheDay=maybe", nil); res.status != 422 || res.violation("changedAfterTheDay") == "" {
			t.Errorf("a bad flag: got %d %s", res.status, res.raw)
		}
		activity := trainer.do("GET", "/api/clients/"+adaID+"/activity?afterTheDay=true", nil)
		if got := members(activity); len(got) != 1 || got[0]["subject"] != "workout-"+push || got[0]["daysAfter"] != 7.0 {
			t.Errorf("her activity after the day: %s", activity.raw)
		}
	})
}

// Undoing a set's deletion puts it back where it was, with its number, and its History line
// says it was restored; undoing that deletes it again.
func TestUndoRestoresASetInItsPlace(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		e.now = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
		ada, _ := e.signUp(t, "ada@example.com")
		w := ada.do("POST", "/api/sessions/start", map[string]any{"name": "Push", "startTime": "18:00"}).str("id")
		var ids []string
		for _, kg := range []float64{60, 70, 80} {
			ids = append(ids, ada.do("POST", "/api/exercise_logs/add", map[string]any{"session": w, "exercise": "Bench Press", "weight": kg, "reps": 5}).str("id"))
		}
		last := ada.do("GET", "/api/sessions/"+w+"/undo", nil)
		if last.status != 200 || last.body["lastChange"] != "Set 3 of Bench Press logged" || last.body["removes"] != true {
			t.Errorf("the last change, a set logged: %d %s", last.status, last.raw)
		}
		e.now = e.now.Add(5 * time.Minute)
		ada.mustStatus(204, "DELETE", "/api/exercise_logs/"+ids[1], nil)
		last = ada.do("GET", "/api/sessions/"+w+"/undo", nil)
		if last.body["lastChange"] != "Set 2 of Bench Press deleted" || last.body["removes"] != false {
			t.Errorf("the last change, a set deleted: %d %s", last.status, last.raw)
		}
		e.now = e.now.Add(time.Minute)
		ada.mustStatus(200, "POST", "/api/sessions/"+w+"/undo", nil)
		sets := func() []string {
			var out []string
			for _, s := range members(ada.do("GET", "/api/exercise_logs/list/"+w, nil)) {
				out = append(out, fmt.Sprintf("%v %v %v", s["setNumber"], s["weight"], s["id"] == ids[int(s["setNumber"].(float64))-1]))
			}
			return out
		}
		if got := sets(); !slices.Equal(got, []string{"1 60 true", "2 70 true", "3 80 true"}) {
			t.Errorf("the sets after the undo: %q", got)
		}
		e.settle(t, history.Name)
		if got := historyLines(ada.do("GET", "/api/sessions/"+w+"/history", nil)); len(got) < 2 ||
			got[0] != "Ada Lovelace: Set 2 of Bench Press restored (undo of the delete at 20/11/2026 18:05): 70 kg × 5 reps" ||
			got[1] != "Ada Lovelace: Set 2 of Bench Press deleted (was 70 kg × 5 reps)" {
			t.Errorf("the history: %q", got)
		}
		ada.mustStatus(200, "POST", "/api/sessions/"+w+"/undo", nil)
		if got := sets(); len(got) != 2 {
			t.Errorf("the sets after undoing the restore: %q", got)
		}
	})
}
