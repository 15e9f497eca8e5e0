package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/httpapi"
)

func importSample(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "import", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// importFile imports a file as c and waits until the job has run; it returns the job.
func importFile(t *testing.T, c *client, body map[string]any) response {
	t.Helper()
	job := c.mustStatus(202, "POST", "/api/imports", body)
	for job.str("status") == "running" {
		time.Sleep(20 * time.Millisecond)
		job = c.mustStatus(200, "GET", "/api/imports/"+job.str("id"), nil)
	}
	if job.str("status") != "done" {
		t.Fatalf("import: %s", job.raw)
	}
	return job
}

// exportedEvents downloads c's events (NDJSON).
func exportedEvents(t *testing.T, c *client) (string, []app.ExportedEvent) {
	t.Helper()
	res := c.mustStatus(200, "GET", "/api/exports/events", nil)
	if ct := res.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-ndjson") {
		t.Errorf("content type: %q", ct)
	}
	var out []app.ExportedEvent
	sc := bufio.NewScanner(strings.NewReader(res.raw))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e app.ExportedEvent
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	return res.raw, out
}

// logbook is what a user's events leave of their workouts and body log, without ids: what a
// round trip must reproduce exactly.
func logbook(t *testing.T, events []app.ExportedEvent) []string {
	t.Helper()
	workouts, err := app.FinishedWorkouts(events)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, w := range workouts {
		line := fmt.Sprintf("workout %s %s-%s %q:", w.Date, w.StartTime, w.FinishTime, w.Name)
		for _, s := range w.Sets {
			s.ID = ""
			b, _ := json.Marshal(s)
			line += " " + string(b)
		}
		out = append(out, line)
	}
	var lines []string
	for _, e := range events {
		lines = append(lines, string(must(json.Marshal(e))))
	}
	plan, err := app.ParseImport([]byte(strings.Join(lines, "\n")), app.ImportOptions{Format: app.FormatNDJSON, UserUnit: "kg"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range plan.Weights {
		out = append(out, fmt.Sprintf("weight %s %v", w.Date, w.Weight))
	}
	for _, s := range plan.Sizes {
		out = append(out, fmt.Sprintf("size %s %s %v", s.Date, s.Category, s.Measurement))
	}
	slices.Sort(out)
	return out
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// A user's export, imported into a fresh account through the API, reproduces every workout,
// set, weight and size exactly; importing it again adds nothing.
func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		a, aID := e.signUp(t, "from@example.com")
		past := func(date, start, finish, name string) string {
			return a.mustStatus(201, "POST", "/api/sessions/add", map[string]any{"date": date, "startTime": start,
				"finishTime": finish, "name": name}).str("id")
		}
		legs := past("2026-10-01", "18:30", "19:45", "Jambes, día 1")
		a.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": legs, "exercise": "Squat (Barbell)", "weight": 102.5, "reps": 5, "rpe": 8})
		toEdit := a.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": legs, "exercise": "Squat (Barbell)", "weight": 100, "reps": 5}).str("id")
		a.mustStatus(200, "POST", "/api/exercise_logs/add", map[string]any{"id": toEdit, "session": legs, "exercise": "Squat (Barbell)", "weight": 105, "reps": 3})
		a.mustStatus(200, "PUT", "/api/exercise_logs/done", map[string]any{"id": toEdit, "rpe": 9})
		a.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": legs, "exercise": "Pull Up", "category": "bodyweight", "reps": 8})
		gone := a.mustStatus(201, "POST", "/api/exercise_logs/add", map[string]any{"session": legs, "exercise": "Lunge", "weight": 20, "reps": 10}).str("id")
		a.mustStatus(204, "DELETE", "/api/exercise_logs/"+gone, nil)
		cardio := past("2026-10-03", "07:00", "07:40", "")
		a.mustStatus(201, "POST", "/api/exercise_logs/add-cardio", map[string]any{"session": cardio, "exercise": "Running", "distance": 5.25, "unit": "km", "minutes": 28, "seconds": 15, "rpe": 6})
		a.mustStatus(201, "POST", "/api/exercise_logs/add-cardio", map[string]any{"session": cardio, "exercise": "Rowing", "distance": 2000, "unit": "m"})
		deleted := past("2026-10-04", "09:00", "10:00", "Deleted")
		a.mustStatus(204, "DELETE", "/api/sessions/"+deleted, nil)
		a.mustStatus(201, "POST", "/api/weights/add", map[string]any{"weight": 80.45, "date": "2026-10-01"})
		dropped := a.mustStatus(201, "POST", "/api/weights/add", map[string]any{"weight": 81, "date": "2026-10-02"}).str("id")
		a.mustStatus(204, "DELETE", "/api/weights/"+dropped, nil)
		a.mustStatus(201, "POST", "/api/sizes/add", map[string]any{"measurement": 38.5, "category": "Arms", "date": "2026-10-01"})

		raw, events := exportedEvents(t, a)
		for i, ev := range events {
			if i > 0 && ev.Position <= events[i-1].Position {
				t.Fatalf("events out of order at %d", i)
			}
			if strings.Contains(string(ev.Data), "passwordHash") || strings.Contains(string(ev.Data), `"code"`) {
				t.Errorf("the export holds a secret: %s", ev.Data)
			}
		}
		if !strings.Contains(raw, `"stream":"user-`+aID+`"`) {
			t.Errorf("the account's events are not exported")
		}
		want := logbook(t, events)

		b, _ := e.signUp(t, "to@example.com")
		_, before := exportedEvents(t, b) // the weight given at sign-up
		want = append(want, logbook(t, before)...)
		slices.Sort(want)
		body := map[string]any{"content": raw}
		preview := b.mustStatus(200, "POST", "/api/imports/preview", body)
		if preview.body["format"] != "ndjson" || preview.body["workouts"] != 2.0 || preview.body["sets"] != 5.0 ||
			preview.body["weights"] != 2.0 || preview.body["sizes"] != 1.0 || preview.body["from"] != "2026-10-01" || preview.body["to"] != "2026-10-03" {
			t.Errorf("preview: %s", preview.raw)
		}
		if got := inAccount(t, preview); !reflect.DeepEqual(got, []bool{false, false}) {
			t.Errorf("a fresh account holds none of the file's workouts; the preview says %v: %s", got, preview.raw)
		}
		if n := len(members(b.mustStatus(200, "GET", "/api/sessions/list", nil))); n != 0 {
			t.Fatalf("the preview wrote %d workouts", n)
		}
		job := importFile(t, b, body)
		res := job.body["result"].(map[string]any)
		if res["workouts"] != 2.0 || res["sets"] != 5.0 || res["weights"] != 2.0 || res["sizes"] != 1.0 || res["alreadyImported"] != 0.0 {
			t.Errorf("result: %s", job.raw)
		}
		_, imported := exportedEvents(t, b)
		if got := logbook(t, imported); !reflect.DeepEqual(got, want) {
			t.Errorf("round trip:\n got %q\nwant %q", got, want)
		}
		if n := len(members(b.mustStatus(200, "GET", "/api/sessions/list", nil))); n != 2 {
			t.Errorf("sessions after the import: %d", n)
		}

		again := importFile(t, b, body).body["result"].(map[string]any)
		if again["workouts"] != 0.0 || again["sets"] != 0.0 || again["weights"] != 0.0 || again["alreadyImported"] != 5.0 {
			t.Errorf("importing again: %v", again)
		}
		_, twice := exportedEvents(t, b)
		if len(twice) != len(imported) {
			t.Errorf("importing again stored %d events, want none", len(twice)-len(imported))
		}
		// One imported workout renamed since: still the file's, by the id the import gave it.
		renamed := members(b.mustStatus(200, "GET", "/api/sessions/list", nil))[0]["id"]
		b.mustStatus(200, "PUT", "/api/sessions/edit", map[string]any{"id": renamed, "name": "Renamed since"})
		if got := inAccount(t, b.mustStatus(200, "POST", "/api/imports/preview", body)); !reflect.DeepEqual(got, []bool{true, true}) {
			t.Errorf("the preview of a file imported already: in the account %v, want both", got)
		}

		// The CSV download has Strong's columns and a row per set.
		csv := a.mustStatus(200, "GET", "/api/exports/strong-csv", nil)
		rows := strings.Split(strings.TrimSpace(csv.raw), "\n")
		if rows[0] != strings.Join(app.StrongColumns, ",") || len(rows) != 6 {
			t.Errorf("csv: %s", csv.raw)
		}
		if !slices.Contains(rows, `2026-10-01 18:30:00,"Jambes, día 1",1h 15m,Squat (Barbell),2,105,3,0,0,,,9`) {
			t.Errorf("csv rows: %q", rows)
		}

		// Imported back into the same account it adds nothing: the account holds its workouts,
		// as the preview says.
		csvBody := map[string]any{"content": csv.raw, "format": "strong"}
		if got := inAccount(t, a.mustStatus(200, "POST", "/api/imports/preview", csvBody)); !reflect.DeepEqual(got, []bool{true, true}) {
			t.Errorf("the preview of the CSV in its own account: in the account %v, want both", got)
		}
		_, beforeCSV := exportedEvents(t, a)
		back := importFile(t, a, csvBody).body["result"].(map[string]any)
		if back["workouts"] != 0.0 || back["sets"] != 0.0 || back["alreadyImported"] != 2.0 {
			t.Errorf("the CSV imported back into its account: %v", back)
		}
		if _, afterCSV := exportedEvents(t, a); len(afterCSV) != len(beforeCSV) {
			t.Errorf("the CSV imported back stored %d events, want none", len(afterCSV)-len(beforeCSV))
		}

		// And it imports as a Strong export: the same workouts and sets (a distance in metres
		// comes back in km).
		c, _ := e.signUp(t, "csv@example.com")
		fromCSV := importFile(t, c, map[string]any{"content": csv.raw, "format": "strong"}).body["result"].(map[string]any)
		if fromCSV["workouts"] != 2.0 || fromCSV["sets"] != 5.0 {
			t.Errorf("the CSV imported: %v", fromCSV)
		}
		_, viaCSV := exportedEvents(t, c)
		workouts, err := app.FinishedWorkouts(viaCSV)
		if err != nil || len(workouts) != 2 || len(workouts[0].Sets) != 3 || *workouts[0].Sets[1].Weight != 105 ||
			*workouts[1].Sets[1].Distance != 2 || workouts[1].Sets[1].DistanceUnit != "km" {
			t.Errorf("the CSV round trip: %+v %v", workouts, err)
		}
	})
}

// A Strong export imports after a preview that lists each skipped line and why; the same file
// again adds nothing.
func TestImportStrongCSV(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "strong@example.com")
		body := map[string]any{"content": importSample(t, "strong.csv"), "format": "auto", "unit": "lbs"}
		preview := c.mustStatus(200, "POST", "/api/imports/preview", body)
		if preview.body["format"] != "strong" || preview.body["workouts"] != 2.0 || preview.body["sets"] != 7.0 || preview.body["skippedCount"] != 3.0 {
			t.Errorf("preview: %s", preview.raw)
		}
		skipped, _ := preview.body["skipped"].([]any)
		if len(skipped) == 0 || skipped[0].(map[string]any)["line"] != 9.0 || skipped[0].(map[string]any)["reason"] != "A rest timer, not a set." {
			t.Errorf("skipped: %v", skipped)
		}
		res := importFile(t, c, body).body["result"].(map[string]any)
		if res["workouts"] != 2.0 || res["sets"] != 7.0 {
			t.Errorf("result: %v", res)
		}
		list := members(c.mustStatus(200, "GET", "/api/sessions/list", nil))
		if len(list) != 2 || list[0]["name"] != "Développé couché" {
			t.Fatalf("sessions: %v", list)
		}
		sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+list[1]["id"].(string), nil))
		if len(sets) != 6 || sets[1]["weight"] != 102.06 || sets[1]["rpe"] != 9.0 {
			t.Errorf("sets: %v", sets)
		}
		// Every row is a set that was done, its RPE given or not: none offers Done, and the
		// workout's volume counts them all.
		for _, s := range sets {
			if s["done"] != true {
				t.Errorf("an imported set not done: %v", s)
			}
		}
		if v, _ := list[1]["volume"].(float64); v <= 0 {
			t.Errorf("imported workout's volume: %v", list[1])
		}
		if again := importFile(t, c, body).body["result"].(map[string]any); again["sets"] != 0.0 || again["workouts"] != 0.0 {
			t.Errorf("again: %v", again)
		}
	})
}

// Files that are no export, too large, or sent wrongly get a 422 on the field, never a 500.
func TestImportRefusesBadFiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t, "sqlite")
	c, _ := e.signUp(t, "bad@example.com")
	for name, tc := range map[string]struct {
		body  any
		field string
	}{
		"no file":               {map[string]any{}, "content"},
		"not a file":            {map[string]any{"content": 12}, "content"},
		"no export":             {map[string]any{"content": "a,b\n1,2\n"}, "content"},
		"bad format":            {map[string]any{"content": "x", "format": "excel"}, "format"},
		"bad unit":              {map[string]any{"content": "x", "unit": "stone"}, "unit"},
		"binary":                {map[string]any{"content": "Date,Exercise Name\n\u0001"}, "content"},
		"too large":             {map[string]any{"content": strings.Repeat("x", 8<<20+1)}, "content"},
		"wrong shape":           {map[string]any{"content": "\"title\",\"exercise_title\"\n"}, "content"},
		"choices not names":     {map[string]any{"content": "x", "exercises": []string{"Squat"}}, "exercises"},
		"a choice too long":     {map[string]any{"content": "x", "exercises": map[string]string{"Squat": strings.Repeat("s", 101)}}, "exercises"},
		"a choice not text":     {map[string]any{"content": "x", "exercises": map[string]string{"Squat": "a\u0000b"}}, "exercises"},
		"groups not a map":      {map[string]any{"content": "x", "muscleGroups": []int{1}}, "muscleGroups"},
		"groups not ids":        {map[string]any{"content": "x", "muscleGroups": map[string]any{"Squat": []string{"Chest"}}}, "muscleGroups"},
		"no such group":         {map[string]any{"content": "x", "muscleGroups": map[string]any{"Squat": []int{1, 999}}}, "muscleGroups"},
		"a group name not text": {map[string]any{"content": "x", "muscleGroups": map[string]any{"a\u0000b": []int{1}}}, "muscleGroups"},
	} {
		for _, path := range []string{"/api/imports/preview", "/api/imports"} {
			res := c.do("POST", path, tc.body)
			if res.status != 422 || res.violation(tc.field) == "" {
				t.Errorf("%s %s: got %d %.300s, want 422 on %s", name, path, res.status, res.raw, tc.field)
			}
		}
	}
	// The limit is the file's: in JSON its quotes take two bytes, so a body may be larger. A
	// body far over the limit is read to its end to answer it: the client gets the 422, not a
	// connection reset.
	const tooLarge = "The file is too large: at most 8 MB can be imported at once."
	for name, tc := range map[string]struct {
		content string
		message string
	}{
		"8 MB of quotes":  {strings.Repeat(`"`, 8<<20), "This file is not a Strong or Hevy CSV export"},
		"a byte too many": {strings.Repeat("x", 8<<20+1), tooLarge},
		"24 MB in 48 MB":  {strings.Repeat(`"`, 24<<20), tooLarge},
	} {
		res := c.do("POST", "/api/imports/preview", map[string]any{"content": tc.content})
		if res.status != 422 || !strings.HasPrefix(res.violation("content"), tc.message) {
			t.Errorf("%s: got %d %.300s, want 422 on content: %s", name, res.status, res.raw, tc.message)
		}
	}
	if res := c.do("GET", "/api/imports/nothing", nil); res.status != 404 {
		t.Errorf("unknown job: %d", res.status)
	}
}

// A node that starts again marks failed, at once, the import it was running when it died (its
// heartbeat still fresh), and not another node's; the same file posted again then starts a new
// job, which adds what is missing.
func TestAnImportOfANodeThatDiedFailsAsTheNodeStartsAgain(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			named := func(d *httpapi.Deps) { d.NodeName = "gym-1 :8080" }
			e := newEnv(t, backend, named)
			c, _ := e.signUp(t, "restart@example.com")
			strong := map[string]any{"content": importSample(t, "strong.csv"), "format": "strong"}
			first := importFile(t, c, strong)
			// As the node left it when killed halfway: running, its last word just now.
			if _, err := e.db.Exec(`UPDATE import_jobs SET status = 'running', done = 3, result = '', updated_at = $2
				WHERE id = $1`, first.str("id"), e.now.UnixMilli()); err != nil {
				t.Fatal(err)
			}
			if _, err := e.db.Exec(`INSERT INTO import_jobs (id, user_id, status, done, total, result, error, updated_at, node)
				VALUES ('elsewhere', 'someone-else', 'running', 1, 10, '', '', $1, 'gym-2 :8080')`, e.now.UnixMilli()); err != nil {
				t.Fatal(err)
			}
			if job := c.mustStatus(200, "GET", "/api/imports/"+first.str("id"), nil); job.str("status") != "running" {
				t.Fatalf("before the node starts again: %s", job.raw)
			}

			deps := httpapi.Deps{Store: e.store, DB: e.db, Waiter: e.runner, Now: func() time.Time { return e.now },
				PasswordCost: bcrypt.MinCost, Logger: slog.New(slog.DiscardHandler)}
			named(&deps)
			httpapi.New(deps) // the node starts again

			if job := c.mustStatus(200, "GET", "/api/imports/"+first.str("id"), nil); job.str("status") != "failed" ||
				job.str("error") != "The import stopped before the end. Import the file again to add the rest." {
				t.Errorf("the dead node's job: %s", job.raw)
			}
			var other string
			if err := e.db.QueryRow(`SELECT status FROM import_jobs WHERE id = 'elsewhere'`).Scan(&other); err != nil || other != "running" {
				t.Errorf("the other node's job: %q %v", other, err)
			}
			again := c.mustStatus(202, "POST", "/api/imports", strong)
			if again.str("status") == "running" && again.body["done"] == 3.0 {
				t.Fatalf("the file posted again was answered with the dead job: %s", again.raw)
			}
			for deadline := time.Now().Add(time.Minute); again.str("status") == "running" && time.Now().Before(deadline); {
				time.Sleep(20 * time.Millisecond)
				again = c.mustStatus(200, "GET", "/api/imports/"+again.str("id"), nil)
			}
			res, _ := again.body["result"].(map[string]any)
			if again.str("status") != "done" || res["workouts"] != 0.0 || res["alreadyImported"] != first.body["result"].(map[string]any)["workouts"] {
				t.Errorf("the file posted again: %s", again.raw)
			}
		})
	}
}

// inAccount is what a preview says of each workout of the file, in the account already or not,
// checked against its count.
func inAccount(t *testing.T, preview response) []bool {
	t.Helper()
	var held []bool
	count := 0
	for _, item := range preview.body["items"].([]any) {
		in := item.(map[string]any)["inAccount"] == true
		held = append(held, in)
		if in {
			count++
		}
	}
	if preview.body["inAccount"] != float64(count) {
		t.Errorf("the preview counts %v workouts in the account, and marks %d: %s", preview.body["inAccount"], count, preview.raw)
	}
	return held
}

// The preview and the import take the person's choice of what a file's exercise becomes.
func TestImportTakesExerciseChoices(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "choices@example.com")
		file := "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2024-01-01 10:00:00,Legs,Squat (Barbell),1,100,5\n"
		body := map[string]any{"content": file, "format": "strong", "unit": "kg", "exercises": map[string]string{"Squat (Barbell)": "front squat"}}
		preview := c.mustStatus(200, "POST", "/api/imports/preview", body)
		xs, _ := preview.body["exercises"].([]any)
		if x, _ := xs[0].(map[string]any); len(xs) != 1 || x["as"] != "Front Squat" || x["chosen"] != true || x["catalogue"] != true {
			t.Fatalf("the preview's exercises: %s", preview.raw)
		}
		importFile(t, c, body)
		list := members(c.mustStatus(200, "GET", "/api/sessions/list", nil))
		if len(list) != 1 {
			t.Fatalf("workouts: %v", list)
		}
		sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+list[0]["id"].(string), nil))
		if len(sets) != 1 || sets[0]["exercise"] != "Front Squat" {
			t.Errorf("the imported set: %v", sets)
		}
	})
}

// A file's exercise that becomes one of the person's own takes the muscle groups they chose in
// the preview; a catalogue exercise keeps the catalogue's.
func TestImportSetsChosenMuscleGroups(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "groups@example.com")
		file := "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2024-01-01 10:00:00,Core,Landmine Twist,1,20,10\n" +
			"2024-01-01 10:00:00,Core,Squat (Barbell),1,100,5\n"
		body := map[string]any{"content": file, "format": "strong", "unit": "kg",
			"muscleGroups": map[string][]int{"Landmine Twist": {6, 14, 6}, "Squat (Barbell)": {1}}}
		preview := c.mustStatus(200, "POST", "/api/imports/preview", body)
		xs, _ := preview.body["exercises"].([]any)
		twist, _ := xs[0].(map[string]any)
		squat, _ := xs[1].(map[string]any)
		if len(xs) != 2 || fmt.Sprint(twist["muscleGroups"]) != "[6 14 6]" || squat["muscleGroups"] != nil {
			t.Fatalf("the preview's exercises: %s", preview.raw)
		}
		importFile(t, c, body)
		got := c.mustStatus(200, "GET", "/api/exercise_details/Landmine%20Twist", nil)
		if fmt.Sprint(got.body["muscleGroupIds"]) != "[6 14]" || got.body["unknown"] != false {
			t.Errorf("the new exercise: %s", got.raw)
		}
		// Imported again, the same choice changes nothing and fails nothing.
		res := importFile(t, c, body)
		if failed, _ := res.body["result"].(map[string]any)["failed"].([]any); len(failed) != 0 {
			t.Errorf("the second import: %s", res.raw)
		}
	})
}

// A weight on a row of the catalogue's bodyweight exercise is added load, kept on the
// person's own weighted variant: two weighted dips and a plain one, imported on each backend,
// give the workout the volume of the weighted sets (12 × 8 + 20 × 5 = 196 kg; the plain
// dip's reps have no weight) and a best of 20 kg for "Dip (Weighted)", and the preview says
// where the weighted sets went.
func TestImportKeepsAddedLoadOnBodyweightExercises(t *testing.T) {
	t.Parallel()
	backends(t, func(t *testing.T, e *env) {
		c, _ := e.signUp(t, "dips@example.com")
		file := "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n" +
			"2024-01-01 10:00:00,Push,Dip,1,,12\n" +
			"2024-01-01 10:00:00,Push,Dip,2,12,8\n" +
			"2024-01-01 10:00:00,Push,Dip,3,20,5\n"
		body := map[string]any{"content": file, "format": "strong", "unit": "kg"}
		preview := c.mustStatus(200, "POST", "/api/imports/preview", body)
		if !strings.Contains(string(preview.raw), "Dip with 12 kg goes to your exercise Dip (Weighted)") {
			t.Errorf("the preview does not say where the weighted dips go: %s", preview.raw)
		}
		importFile(t, c, body)
		list := members(c.mustStatus(200, "GET", "/api/sessions/list", nil))
		if len(list) != 1 || list[0]["volume"] != 196.0 {
			t.Fatalf("the imported workout: %v, want a volume of 196", list)
		}
		sets := members(c.mustStatus(200, "GET", "/api/exercise_logs/list/"+list[0]["id"].(string), nil))
		var got []string
		for _, s := range sets {
			got = append(got, fmt.Sprintf("%v %v×%v pb=%v", s["exercise"], s["weight"], s["reps"], s["pb"]))
		}
		// (A set is a best when it beat every one before it: the first weighted dip was.)
		want := []string{"Dip <nil>×12 pb=true", "Dip (Weighted) 12×8 pb=true", "Dip (Weighted) 20×5 pb=true"}
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("the sets: %q, want %q", got, want)
		}
		found := false
		for _, m := range tuple(c.mustStatus(200, "GET", "/api/exercise_logs/personal-bests", nil))[1].([]any) {
			if m := m.(map[string]any); m["name"] == "Dip (Weighted)" {
				found = m["current"] == 20.0 && m["unit"] == "kg"
			}
		}
		if !found {
			t.Errorf("no best of 20 kg for Dip (Weighted)")
		}
	})
}
