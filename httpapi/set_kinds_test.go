package httpapi_test

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// A warm-up counts towards nothing: not the workout's volume, not a personal best, not the
// exercise's progress; a drop set and a set to failure count as working sets do. The kind is
// kept as sent, changed by an edit, and a kind Gymlog does not know is refused on its field.
func TestWarmUpsCountForNothing(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "warmups@example.com")
		id := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"}).str("id")
		bench := func(kind string, weight, reps, rpe int) response {
			return addSet(c, id, map[string]any{"exercise": "Barbell Bench Press", "weight": weight, "reps": reps, "rpe": rpe,
				"kind": kind})
		}
		// The warm-up is the heaviest set on purpose: were it counted, it would be the best.
		warm := bench("warmup", 100, 5, 5)
		bench("", 80, 5, 8)
		bench("drop", 60, 8, 9)
		bench("failure", 80, 3, 10)
		if warm.str("kind") != "warmup" || warm.body["pb"] != false {
			t.Errorf("the warm-up as answered: %s", warm.raw)
		}
		if res := c.do("POST", "/api/exercise_logs/add", map[string]any{"session": id, "exercise": "Barbell Bench Press",
			"weight": 50, "reps": 5, "kind": "cooldown"}); res.status != http.StatusUnprocessableEntity ||
			res.violation("kind") != "Please choose a normal, warm-up, drop or failure set." {
			t.Errorf("an unknown kind: got %d %s", res.status, res.raw)
		}

		// The volume shows once the workout is finished.
		c.mustStatus(http.StatusOK, "PUT", "/api/sessions/edit", map[string]any{"id": id, "finishTime": "10:35"})

		sets := func() string {
			var got []string
			for _, s := range members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+id, nil)) {
				got = append(got, fmt.Sprintf("%v×%v %q pb=%v", s["weight"], s["reps"], s["kind"], s["pb"]))
			}
			return strings.Join(got, "; ")
		}
		volume := func() any {
			return c.mustStatus(200, "GET", "/api/sessions/"+id, nil).body["volume"]
		}
		// The bests and the chart are progress's, which no command waits for (settle).
		best := func() any {
			e.settle(t)
			for _, m := range tuple(c.mustStatus(200, "GET", "/api/exercise_logs/personal-bests", nil))[1].([]any) {
				if m := m.(map[string]any); m["name"] == "Barbell Bench Press" {
					return m["current"]
				}
			}
			return nil
		}
		chart := func() string {
			e.settle(t)
			return string(c.mustStatus(200, "GET", "/api/exercise_logs/chart-data?name=Barbell%20Bench%20Press", nil).raw)
		}
		// 80×5 + 60×8 + 80×3: the warm-up's 500 kg is not in it; 80×3 ties the best, which is no best.
		if got, want := sets(), `100×5 "warmup" pb=false; 80×5 "" pb=true; 60×8 "drop" pb=false; 80×3 "failure" pb=false`; got != want {
			t.Errorf("the sets: %s, want %s", got, want)
		}
		if v := volume(); v != 1120.0 {
			t.Errorf("the volume: %v, want 1120", v)
		}
		if b := best(); b != 80.0 {
			t.Errorf("the personal best: %v, want 80", b)
		}
		if ch := chart(); !strings.Contains(ch, "80") || strings.Contains(ch, "100") {
			t.Errorf("the exercise's chart counts the warm-up: %s", ch)
		}

		// The warm-up made a working set counts at once, everywhere; made a warm-up again, not.
		edit := func(kind string) {
			c.mustStatus(http.StatusOK, "POST", "/api/exercise_logs/add", map[string]any{"session": id, "id": warm.str("id"),
				"exercise": "Barbell Bench Press", "weight": 100, "reps": 5, "rpe": 5, "kind": kind})
		}
		edit("")
		if got, want := sets(), `100×5 "" pb=true; 80×5 "" pb=false; 60×8 "drop" pb=false; 80×3 "failure" pb=false`; got != want {
			t.Errorf("after the edit to a working set: %s, want %s", got, want)
		}
		if v, b := volume(), best(); v != 1620.0 || b != 100.0 {
			t.Errorf("after the edit to a working set: volume %v, best %v; want 1620 and 100", v, b)
		}
		if ch := chart(); !strings.Contains(ch, "100") {
			t.Errorf("the exercise's chart leaves out the working set: %s", ch)
		}
		edit("warmup")
		if v, b := volume(), best(); v != 1120.0 || b != 80.0 {
			t.Errorf("after the edit back to a warm-up: volume %v, best %v; want 1120 and 80", v, b)
		}
	})
}

// Strong's W, D and F and Hevy's set types arrive as set kinds: the warm-ups count for nothing
// (the volumes and bests below are worked out from the rows by hand), a kind a cardio row or
// an unknown set type cannot keep is a line of the preview, and the CSV download writes the
// kinds back as Strong does, so that it imports into a fresh account with every kind.
func TestImportedSetKinds(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "kinds@example.com")
		strong := "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n" +
			"2024-02-01 18:00:00,Push,1h,Bench Press (Barbell),W,40,10,0,0,,,\n" +
			"2024-02-01 18:00:00,Push,1h,Bench Press (Barbell),w,60,5,0,0,,,\n" +
			"2024-02-01 18:00:00,Push,1h,Bench Press (Barbell),1,80,5,0,0,,,8\n" +
			"2024-02-01 18:00:00,Push,1h,Bench Press (Barbell),D,60,8,0,0,,,\n" +
			"2024-02-01 18:00:00,Push,1h,Bench Press (Barbell),F,70,6,0,0,,,10\n" +
			"2024-02-01 18:00:00,Push,1h,Running,W,0,0,1,300,,,\n"
		hevy := `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Squat (Barbell)",,"",0,"warmup",60,5,,,` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Squat (Barbell)",,"",1,"normal",100,5,,,8` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Squat (Barbell)",,"",2,"dropset",80,8,,,` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Squat (Barbell)",,"",3,"failure",90,4,,,` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Squat (Barbell)",,"",4,"giant",50,5,,,` + "\n"

		preview := c.mustStatus(200, "POST", "/api/imports/preview", map[string]any{"content": strong, "format": "strong", "unit": "kg"})
		if !strings.Contains(preview.raw, "The set is kept as an ordinary set, not a warm-up: Gymlog marks warm-up, drop and failure sets on strength sets only.") {
			t.Errorf("the preview does not say the cardio warm-up is kept as an ordinary set: %s", preview.raw)
		}
		preview = c.mustStatus(200, "POST", "/api/imports/preview", map[string]any{"content": hevy, "format": "hevy"})
		if !strings.Contains(preview.raw, `The set type \"giant\" is not one Gymlog knows`) {
			t.Errorf("the preview does not name the unknown set type: %s", preview.raw)
		}
		importFile(t, c, map[string]any{"content": strong, "format": "strong", "unit": "kg"})
		importFile(t, c, map[string]any{"content": hevy, "format": "hevy"})

		// What each account shows: its workouts' volumes by name, each set's kind and best flag,
		// and the bests.
		shows := func(c *client) (volumes map[string]any, sets []string, bests map[string]any) {
			volumes, bests = map[string]any{}, map[string]any{}
			list := members(c.mustStatus(200, "GET", "/api/sessions/list", nil))
			for i := len(list) - 1; i >= 0; i-- { // oldest first
				w := list[i]
				volumes[w["name"].(string)] = w["volume"]
				for _, s := range members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+w["id"].(string), nil)) {
					sets = append(sets, fmt.Sprintf("%v %v×%v %q pb=%v", s["exercise"], s["weight"], s["reps"], s["kind"], s["pb"]))
				}
			}
			for _, m := range tuple(c.mustStatus(200, "GET", "/api/exercise_logs/personal-bests", nil))[1].([]any) {
				m := m.(map[string]any)
				bests[m["name"].(string)] = m["current"]
			}
			return volumes, sets, bests
		}
		wantVolumes := map[string]any{
			"Push": 1300.0, // 80×5 + 60×8 + 70×6; the warm-ups' 40×10 and 60×5 left out
			"Legs": 1750.0, // 100×5 + 80×8 + 90×4 + 50×5; the warm-up's 60×5 left out
		}
		wantSets := []string{
			`Barbell Bench Press 40×10 "warmup" pb=false`,
			`Barbell Bench Press 60×5 "warmup" pb=false`,
			`Barbell Bench Press 80×5 "" pb=true`,
			`Barbell Bench Press 60×8 "drop" pb=false`,
			`Barbell Bench Press 70×6 "failure" pb=false`,
			`Running <nil>×<nil> "" pb=false`,
			`Barbell Back Squat 60×5 "warmup" pb=false`,
			`Barbell Back Squat 100×5 "" pb=true`,
			`Barbell Back Squat 80×8 "drop" pb=false`,
			`Barbell Back Squat 90×4 "failure" pb=false`,
			`Barbell Back Squat 50×5 "" pb=false`,
		}
		wantBests := map[string]any{"Barbell Bench Press": 80.0, "Barbell Back Squat": 100.0}
		check := func(who string, c *client) {
			t.Helper()
			volumes, sets, bests := shows(c)
			if !maps.Equal(volumes, wantVolumes) {
				t.Errorf("%s: volumes %v, want %v", who, volumes, wantVolumes)
			}
			if !slices.Equal(sets, wantSets) {
				t.Errorf("%s: sets\n%s\nwant\n%s", who, strings.Join(sets, "\n"), strings.Join(wantSets, "\n"))
			}
			if !maps.Equal(bests, wantBests) {
				t.Errorf("%s: bests %v, want %v", who, bests, wantBests)
			}
		}
		check("imported", c)

		csv := c.mustStatus(200, "GET", "/api/exports/strong-csv", nil).raw
		for _, row := range []string{
			"2024-02-01 18:00:00,Push,1h 0m,Barbell Bench Press,W,40,10,0,0,,,",
			"2024-02-01 18:00:00,Push,1h 0m,Barbell Bench Press,1,80,5,0,0,,,8",
			"2024-02-01 18:00:00,Push,1h 0m,Barbell Bench Press,D,60,8,0,0,,,",
			"2024-02-01 18:00:00,Push,1h 0m,Barbell Bench Press,F,70,6,0,0,,,10",
			"2024-03-05 18:00:00,Legs,1h 10m,Barbell Back Squat,2,50,5,0,0,,,",
		} {
			if !strings.Contains(csv, row+"\n") {
				t.Errorf("the CSV download has no row %q:\n%s", row, csv)
			}
		}
		fresh, _ := e.signUp(t, "kinds-again@example.com")
		importFile(t, fresh, map[string]any{"content": csv, "format": "strong", "unit": "kg"})
		check("the CSV download imported into a fresh account", fresh)
	})
}
