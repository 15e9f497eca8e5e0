package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// A set's note and a workout's notes are kept as typed, lines and tabs included (a Windows
// line end stored as "\n", the space around them trimmed); an edit that does not send them
// keeps them, one that sends "" clears them; too long or holding a control character, they
// are refused on their field and nothing stored changes.
func TestNotesOnSetsAndWorkouts(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "notes@example.com")
		started := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30",
			"notes": "Deload week\r\nslept 6 h "})
		id := started.str("id")
		if got := started.str("notes"); got != "Deload week\nslept 6 h" {
			t.Errorf("the workout's notes as answered: %q", got)
		}
		set := addSet(c, id, map[string]any{"exercise": "Barbell Back Squat", "weight": 100, "reps": 5,
			"note": "  seat at 4\r\n\tleft knee: fine "})
		setID := set.str("id")
		if got := set.str("note"); got != "seat at 4\n\tleft knee: fine" {
			t.Errorf("the set's note as answered: %q", got)
		}
		note := func() string {
			return c.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/"+setID, nil).str("note")
		}
		notes := func() string {
			return c.mustStatus(http.StatusOK, "GET", "/api/sessions/"+id, nil).str("notes")
		}

		// An edit that sends no note keeps it (a client that knows nothing of notes).
		edit := map[string]any{"session": id, "id": setID, "exercise": "Barbell Back Squat", "weight": 102.5, "reps": 5}
		c.mustStatus(http.StatusOK, "POST", "/api/exercise_logs/add", edit)
		if got := note(); got != "seat at 4\n\tleft knee: fine" {
			t.Errorf("after an edit without a note: %q", got)
		}
		for _, bad := range []struct{ note, message string }{
			{strings.Repeat("é", 1001), "Please keep the note to at most 1000 characters."},
			{"a\u001bb", "This value contains characters that are not allowed."},
		} {
			edit["note"] = bad.note
			if res := c.do("POST", "/api/exercise_logs/add", edit); res.status != http.StatusUnprocessableEntity ||
				res.violation("note") != bad.message {
				t.Errorf("note %.20q: got %d %s", bad.note, res.status, res.raw)
			}
		}
		if got := note(); got != "seat at 4\n\tleft knee: fine" {
			t.Errorf("after refused edits: %q", got)
		}
		edit["note"] = strings.Repeat("é", 1000)
		c.mustStatus(http.StatusOK, "POST", "/api/exercise_logs/add", edit)
		if got := note(); got != strings.Repeat("é", 1000) {
			t.Errorf("a note of 1000 characters: %d characters", len([]rune(got)))
		}
		edit["note"] = ""
		c.mustStatus(http.StatusOK, "POST", "/api/exercise_logs/add", edit)
		if got := note(); got != "" {
			t.Errorf("after an edit that cleared the note: %q", got)
		}
		cardio := c.mustStatus(http.StatusCreated, "POST", "/api/exercise_logs/add-cardio", map[string]any{"session": id,
			"exercise": "Running", "minutes": 20, "note": "hills\nwindy"})
		if got := cardio.str("note"); got != "hills\nwindy" {
			t.Errorf("the cardio set's note: %q", got)
		}

		// The workout's notes: an edit of the name keeps them; an edit of the notes alone is one.
		c.mustStatus(http.StatusOK, "PUT", "/api/sessions/edit", map[string]any{"id": id, "name": "Legs"})
		if got := notes(); got != "Deload week\nslept 6 h" {
			t.Errorf("after a rename: %q", got)
		}
		if res := c.do("PUT", "/api/sessions/edit", map[string]any{"id": id, "notes": strings.Repeat("x", 1001)}); res.status !=
			http.StatusUnprocessableEntity || res.violation("notes") != "Please keep the notes to at most 1000 characters." {
			t.Errorf("notes too long: got %d %s", res.status, res.raw)
		}
		if got := c.mustStatus(http.StatusOK, "PUT", "/api/sessions/edit", map[string]any{"id": id, "notes": "Felt strong"}).str("notes"); got != "Felt strong" {
			t.Errorf("the edit's answer: %q", got)
		}
		if got := notes(); got != "Felt strong" {
			t.Errorf("after an edit of the notes: %q", got)
		}
		past := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/add", map[string]any{"date": "2026-11-01",
			"startTime": "08:00", "finishTime": "09:00", "notes": "Hotel gym"})
		if got := past.str("notes"); got != "Hotel gym" {
			t.Errorf("a past workout's notes: %q", got)
		}
	})
}

// Notes arrive with an import: Strong's set notes and workout notes, Hevy's exercise notes
// (on the exercise's first set, not repeated on each) and descriptions; commas, quotes,
// lines, other scripts and formulas kept as written. The CSV download writes them where
// Strong does, a formula made inert, and imported into a fresh account they come back whole.
func TestImportedNotes(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "imported-notes@example.com")
		strong := "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\r\n" +
			"2024-02-01 18:00:00,Push,1h 0m,Bench Press (Barbell),1,80,5,0,0,\"Pause, then \"\"press\"\"\r\nsecond line\",Deload — 胸の日,8\r\n" +
			"2024-02-01 18:00:00,Push,1h 0m,Bench Press (Barbell),2,80,5,0,0,\"=HYPERLINK(\"\"http://x\"\")\",Deload — 胸の日,\r\n" +
			"2024-02-01 18:00:00,Push,1h 0m,Bench Press (Barbell),3,80,4,0,0,,Deload — 胸の日,\r\n"
		hevy := `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","Good session, new PB","Squat (Barbell)",,"Belt on
from set 2",0,"normal",100,5,,,` + "\n" +
			`"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","Good session, new PB","Squat (Barbell)",,"Belt on
from set 2",1,"normal",100,5,,,` + "\n"
		importFile(t, c, map[string]any{"content": strong, "format": "strong", "unit": "kg"})
		importFile(t, c, map[string]any{"content": hevy, "format": "hevy"})

		shows := func(c *client) []string {
			var got []string
			list := members(c.mustStatus(200, "GET", "/api/sessions/list", nil))
			for i := len(list) - 1; i >= 0; i-- { // oldest first
				w := list[i]
				got = append(got, fmt.Sprintf("%v: %q", w["name"], w["notes"]))
				for _, s := range members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+w["id"].(string), nil)) {
					got = append(got, fmt.Sprintf("  %v×%v %q", s["weight"], s["reps"], s["note"]))
				}
			}
			return got
		}
		want := []string{
			`Push: "Deload — 胸の日"`,
			`  80×5 "Pause, then \"press\"\nsecond line"`,
			`  80×5 "=HYPERLINK(\"http://x\")"`,
			`  80×4 ""`,
			`Legs: "Good session, new PB"`,
			`  100×5 "Belt on\nfrom set 2"`,
			`  100×5 ""`,
		}
		if got := shows(c); !slices.Equal(got, want) {
			t.Errorf("imported:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}

		csv := c.mustStatus(200, "GET", "/api/exports/strong-csv", nil).raw
		for _, row := range []string{
			"2024-02-01 18:00:00,Push,1h 0m,Barbell Bench Press,1,80,5,0,0,\"Pause, then \"\"press\"\"\nsecond line\",Deload — 胸の日,8\n",
			"2024-02-01 18:00:00,Push,1h 0m,Barbell Bench Press,2,80,5,0,0,\"'=HYPERLINK(\"\"http://x\"\")\",Deload — 胸の日,\n",
			"2024-03-05 18:00:00,Legs,1h 10m,Barbell Back Squat,1,100,5,0,0,\"Belt on\nfrom set 2\",\"Good session, new PB\",\n",
		} {
			if !strings.Contains(csv, row) {
				t.Errorf("the CSV download has no row %q:\n%s", row, csv)
			}
		}
		fresh, _ := e.signUp(t, "imported-notes-again@example.com")
		importFile(t, fresh, map[string]any{"content": csv, "format": "strong", "unit": "kg"})
		if got := shows(fresh); !slices.Equal(got, want) {
			t.Errorf("the CSV download imported into a fresh account:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
