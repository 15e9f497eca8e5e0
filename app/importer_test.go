package app_test

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
)

func sample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "httpapi", "testdata", "import", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func plan(t *testing.T, name string, opts app.ImportOptions) app.ImportPlan {
	t.Helper()
	p, err := app.ParseImport(sample(t, name), opts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// setText is a set as a line of text a test can compare: exercise, category, weight,
// reps, distance and unit, minutes:seconds, RPE.
func setText(s app.ImportSet) string {
	f := func(x *float64) string {
		if x == nil {
			return "-"
		}
		return strconv.FormatFloat(*x, 'f', -1, 64)
	}
	if s.Cardio != nil {
		c := s.Cardio
		return "cardio " + c.Exercise + " " + f(c.Distance) + c.Unit + " " + f(c.Minutes) + ":" + f(c.Seconds) + " rpe " + f(c.RPE)
	}
	x := s.Strength
	return x.Exercise + " [" + x.Category + "] " + f(x.Weight) + "x" + f(x.Reps) + " rpe " + f(x.RPE)
}

func setsText(w app.ImportWorkout) []string {
	var out []string
	for _, s := range w.Sets {
		out = append(out, setText(s))
	}
	return out
}

func notes(ns []app.ImportNote) map[int]string {
	out := map[int]string{}
	for _, n := range ns {
		out[n.Line] += n.Reason
	}
	return out
}

func TestParseStrong(t *testing.T) {
	p := plan(t, "strong.csv", app.ImportOptions{FileUnit: "lbs", UserUnit: "kg"})
	if p.Format != app.FormatStrong {
		t.Errorf("format: got %q", p.Format)
	}
	if len(p.Workouts) != 2 {
		t.Fatalf("workouts: got %d, want 2", len(p.Workouts))
	}
	legs := p.Workouts[0]
	if legs.Name != "Jambes, día 1" || legs.Date != "2024-03-04" || legs.StartTime != "18:30" || legs.FinishTime != "19:35" {
		t.Errorf("first workout: got %+v", legs)
	}
	got := setsText(legs)
	want := []string{
		"Barbell Back Squat [] 43.09x10 rpe -",
		"Barbell Back Squat [] 102.06x5 rpe 9",
		"Barbell Back Squat [] 102.06x5 rpe 9",
		"Pull-Up [] -x8 rpe -",
		"cardio Plank - 1:0 rpe -",
		"cardio Treadmill 2.5mi 20:30 rpe -",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
	bench := p.Workouts[1]
	if bench.Name != "Développé couché" || bench.FinishTime != "08:00" || len(bench.Sets) != 1 {
		t.Errorf("second workout: got %+v", bench)
	}
	skipped := notes(p.Skipped)
	for line, want := range map[int]string{9: "A rest timer, not a set.", 11: `The reps "abc" is not a number.`,
		12: "Nothing was logged in this row."} {
		if skipped[line] != want {
			t.Errorf("line %d skipped: got %q, want %q", line, skipped[line], want)
		}
	}
	if len(p.Skipped) != 3 {
		t.Errorf("skipped: got %v", p.Skipped)
	}
	adjusted := notes(p.Adjusted)[3] // the row with the note over two lines
	for _, want := range []string{"The weight 225 lbs is kept as 102.06 kg.", "The RPE 8.5 is kept as 9"} {
		if !strings.Contains(adjusted, want) {
			t.Errorf("line 3 adjusted: got %q, want %q in it", adjusted, want)
		}
	}
	if n := legs.Sets[1].Strength.Note; n == nil || *n != "Felt heavy, slow \"grind\"\nsecond line of the note" {
		t.Errorf("the set's note: got %v", n)
	}
	if legs.Notes != "Leg day, after work" || bench.Notes != "" {
		t.Errorf("the workouts' notes: got %q and %q", legs.Notes, bench.Notes)
	}
}

// A note longer than Gymlog keeps is cut, with a line; one of 1000 characters is kept whole.
func TestLongNotesAreCut(t *testing.T) {
	long, most := strings.Repeat("ü", 1200), strings.Repeat("x", 1000)
	file := "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n" +
		"2024-02-01 18:00:00,Push,1h 0m,Dip,1,0,5,0,0," + long + "," + most + ",\n"
	p, err := app.ParseImport([]byte(file), app.ImportOptions{Format: app.FormatStrong})
	if err != nil {
		t.Fatal(err)
	}
	w := p.Workouts[0]
	if n := w.Sets[0].Strength.Note; n == nil || *n != strings.Repeat("ü", 1000) {
		t.Errorf("the set's note: got %v, want its first 1000 characters", n)
	}
	if w.Notes != most {
		t.Errorf("the workout's notes: got %d characters", len(w.Notes))
	}
	if got := notes(p.Adjusted)[2]; got != "The set's note is cut to its first 1000 characters: Gymlog keeps no longer notes." {
		t.Errorf("line 2 adjusted: got %q", got)
	}
}

func TestParseStrongInTheUsersUnit(t *testing.T) {
	p := plan(t, "strong.csv", app.ImportOptions{UserUnit: "lbs"})
	if got := setText(p.Workouts[0].Sets[1]); got != "Barbell Back Squat [] 225x5 rpe 9" {
		t.Errorf("got %q", got)
	}
}

func TestParseStrongAndroid(t *testing.T) {
	p := plan(t, "strong-android.csv", app.ImportOptions{UserUnit: "kg"})
	if len(p.Workouts) != 1 || p.Workouts[0].FinishTime != "09:00" {
		t.Fatalf("workouts: got %+v", p.Workouts)
	}
	got := setsText(p.Workouts[0])
	want := []string{"Barbell Bench Press [] 80x5 rpe -", "Barbell Bench Press [] 83.91x3 rpe 9", "cardio Cycling 12.5km 30:0 rpe -"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
}

func TestParseHevy(t *testing.T) {
	p := plan(t, "hevy.csv", app.ImportOptions{UserUnit: "kg"})
	if p.Format != app.FormatHevy || len(p.Workouts) != 2 {
		t.Fatalf("got %s with %d workouts", p.Format, len(p.Workouts))
	}
	upper := p.Workouts[0]
	if upper.Name != "Upper, heavy" || upper.Date != "2024-03-05" || upper.StartTime != "18:00" || upper.FinishTime != "19:10" {
		t.Errorf("first workout: got %+v", upper)
	}
	got := append(setsText(p.Workouts[0]), setsText(p.Workouts[1])...)
	want := []string{
		"Barbell Bench Press [] 40x10 rpe -",
		"Barbell Bench Press [] 82.5x5 rpe 9",
		"Chin-Up [] -x8 rpe -",
		"Rudern (Kabelzug) – Über [] 60x12 rpe 7",
		"cardio Running 5.2km 30:30 rpe -",
		"cardio Plank - 1:30 rpe -",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
	if s := notes(p.Skipped); len(p.Skipped) != 1 || s[9] != "Nothing was logged in this row." {
		t.Errorf("skipped: got %v", p.Skipped)
	}
}

// Hevy writes 0 in the columns that do not apply: a weight and reps beside a distance of 0
// are a strength set, and a weight that a distance set cannot keep is named in the preview.
func TestParseHevyZeroesAndWeightsOnDistances(t *testing.T) {
	file := `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Lunge (Dumbbell)",,"",0,"normal",20,12,0,0,
"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Farmers Walk",,"",1,"normal",40,,0.05,60,
"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Plank",,"",2,"normal",0,0,0,90,
`
	p, err := app.ParseImport([]byte(file), app.ImportOptions{Format: app.FormatHevy, UserUnit: "kg", Now: w0})
	if err != nil || len(p.Workouts) != 1 {
		t.Fatalf("%+v %v", p, err)
	}
	want := []string{
		"Dumbbell Lunge [] 20x12 rpe -",
		"cardio Farmer's Walk 0.05km 1:0 rpe -",
		"cardio Plank - 1:30 rpe -",
	}
	if got := setsText(p.Workouts[0]); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
	if got := notes(p.Adjusted); got[3] != "The weight 40 kg is not imported: Gymlog keeps a set with a distance or a time without a weight." || len(got) != 1 {
		t.Errorf("changed: %v", got)
	}
}

func TestParseHevyInPounds(t *testing.T) {
	p := plan(t, "hevy-lbs.csv", app.ImportOptions{UserUnit: "lbs"})
	got := setsText(p.Workouts[0])
	want := []string{"Barbell Back Squat [] 225x5 rpe -", "cardio Walking 1.5mi 25:0 rpe -"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
}

func TestParseNDJSONSkipsTextThatCannotBeStored(t *testing.T) {
	file := `{"type":"workout.started.v1","data":{"workoutId":"w","userId":"u","date":"2024-01-01","startTime":"10:00","name":"Bell\u0007"}}
{"type":"workout.finished.v1","data":{"workoutId":"w","userId":"u","finishTime":"11:00","name":"Bell\u0007"}}
{"type":"workout.set_logged.v1","data":{"setId":"s","workoutId":"w","userId":"u","exercise":"Squat","category":"free-weights","weight":100,"unit":"kg","reps":5}}
{"type":"workout.started.v1","data":{"workoutId":"x","userId":"u","date":"2024-01-02","startTime":"10:00"}}
{"type":"workout.finished.v1","data":{"workoutId":"x","userId":"u","finishTime":"11:00"}}
{"type":"workout.set_logged.v1","data":{"setId":"t","workoutId":"x","userId":"u","exercise":"Sq\u0000uat","category":"free-weights","weight":100,"unit":"kg","reps":5}}
{"type":"workout.set_logged.v1","data":{"setId":"v","workoutId":"x","userId":"u","exercise":"Squat","category":"free-weights","weight":100,"unit":"kg","reps":5}}
`
	p, err := app.ParseImport([]byte(file), app.ImportOptions{UserUnit: "kg", Now: w0})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Workouts) != 1 || len(p.Workouts[0].Sets) != 1 || p.Workouts[0].Date != "2024-01-02" {
		t.Errorf("workouts: %+v", p.Workouts)
	}
	if got := notes(p.Skipped); !strings.Contains(got[1], "its name contains characters that are not allowed") || got[6] != domain.TextProblem {
		t.Errorf("skipped: %v", p.Skipped)
	}
	checkPlan(t, p, "kg")
}

func TestParseImportRefusesWhatIsNoExport(t *testing.T) {
	for name, content := range map[string]string{
		"no format":      "a,b,c\n1,2,3\n",
		"binary":         "Date,Workout Name,Exercise Name\n\x00\x01",
		"empty":          "",
		"bad quotes":     "Date,Workout Name,Exercise Name\n\"2024-01-01 10:00:00,x,y\n",
		"missing column": "\"title\",\"exercise_title\"\n\"a\",\"b\"\n",
		"no workouts":    "Date,Workout Name,Exercise Name\n",
		"json garbage":   "{not json}\n{\"also\": \"not\"}\n",
	} {
		_, err := app.ParseImport([]byte(content), app.ImportOptions{UserUnit: "kg"})
		if domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("%s: got %v, want a validation error", name, err)
		}
	}
}

// w0 is the time the plan checks are stamped with.
var w0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// checkPlan fails when the plan holds a workout or set the domain would refuse: the parser
// skips those, so that an import never stops half-way on one.
func checkPlan(t *testing.T, p app.ImportPlan, unit string) {
	for _, w := range p.Workouts {
		if !domain.CleanText(w.Name) {
			t.Fatalf("workout name %q", w.Name)
		}
		if _, err := workout.New("w").AddPast(workout.StartInput{Date: w.Date, StartTime: w.StartTime, Name: w.Name}, w.FinishTime, w0); err != nil {
			t.Fatalf("workout %+v: %v", w, err)
		}
		if len(w.Sets) == 0 || len(w.Sets) > workout.MaxSets {
			t.Fatalf("workout with %d sets", len(w.Sets))
		}
		for _, s := range w.Sets {
			if s.Strength != nil && !domain.CleanText(s.Strength.Exercise) || s.Cardio != nil && !domain.CleanText(s.Cardio.Exercise) {
				t.Fatalf("exercise %s", setText(s))
			}
			if err := s.Check(unit); err != nil {
				t.Fatalf("set %s: %v", setText(s), err)
			}
		}
	}
}

// A workout dated before 1900 or after the day the file is read is left out with the
// domain's reason, not imported (a typo in a spreadsheet, a phone's clock gone wrong).
func TestImportLeavesOutDatesOutOfBounds(t *testing.T) {
	file := "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n" +
		"1899-12-31 10:00:00,Old,30m,Deadlift (Barbell),1,100,5,0,0,,,\n" +
		"2025-12-31 10:00:00,Last year,30m,Deadlift (Barbell),1,100,5,0,0,,,\n" +
		"2026-01-03 10:00:00,Later,30m,Deadlift (Barbell),1,100,5,0,0,,,\n"
	p, err := app.ParseImport([]byte(file), app.ImportOptions{UserUnit: "kg", Now: w0})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Workouts) != 1 || p.Workouts[0].Name != "Last year" {
		t.Fatalf("workouts: got %+v, want Last year alone", p.Workouts)
	}
	skipped := notes(p.Skipped)
	if !strings.Contains(skipped[2], "Please enter a date from 1900 on.") || !strings.Contains(skipped[4], "The date cannot be in the future.") {
		t.Errorf("skipped: %v", skipped)
	}
}

// Names that a spreadsheet would run as formulas (OWASP's CSV injection) are written inert in
// the CSV download, and import back as the same text.
func TestStrongCSVCellsAreInert(t *testing.T) {
	hostile := []string{`=HYPERLINK("http://evil.example","click")`, "=1+1", "+1+1", "-2+3", "@SUM(1)", "'quoted", "'=1+1", "Plain (Barbell)"}
	var workouts []app.ExportedWorkout
	for i, name := range hostile {
		weight, reps := 60.0, 5
		workouts = append(workouts, app.ExportedWorkout{
			View: workout.View{Date: "2026-10-0" + strconv.Itoa(i+1), StartTime: "18:30", FinishTime: "19:00", Name: name, Finished: true},
			Sets: []workout.Set{{ID: "s", Done: true, SetFields: workout.SetFields{Exercise: name, Weight: &weight, Unit: "kg", Reps: &reps}}},
		})
	}
	var out strings.Builder
	if err := app.WriteStrongCSV(&out, workouts, "kg"); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows[1:] {
		for _, cell := range []string{row[1], row[3]} { // Workout Name, Exercise Name
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("a cell a spreadsheet runs: %q", cell)
			}
		}
	}
	if rows[1][1] != `'=HYPERLINK("http://evil.example","click")` || rows[6][1] != "'quoted" || rows[7][1] != "''=1+1" || rows[8][3] != "Plain (Barbell)" {
		t.Errorf("rows: %q", rows)
	}

	p, err := app.ParseImport([]byte(out.String()), app.ImportOptions{Format: app.FormatStrong, UserUnit: "kg"})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Workouts) != len(hostile) {
		t.Fatalf("imported %d workouts, want %d (left out: %v)", len(p.Workouts), len(hostile), p.Skipped)
	}
	for i, w := range p.Workouts {
		if w.Name != hostile[i] || len(w.Sets) != 1 || w.Sets[0].Strength == nil || w.Sets[0].Strength.Exercise != hostile[i] {
			t.Errorf("workout %d came back as %q with %+v, want %q", i, w.Name, w.Sets, hostile[i])
		}
	}
}

// TestImportRecognisesOtherAppsExercises: the preview lists every exercise name of the file
// with what its sets become; a catalogue exercise's name replaces the file's, the weight on a
// bodyweight exercise is named where it is left out, and an assisted pull-up's weight is the
// machine's.
func TestImportRecognisesOtherAppsExercises(t *testing.T) {
	file := `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Bench Press (Barbell)",,"",0,"normal",60,8,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Chest Dip",,"",0,"normal",,12,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Chest Dip",,"",1,"normal",10,8,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Pull Up (Assisted)",,"",0,"normal",20,8,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Zercher Squat (Barbell)",,"",0,"normal",80,5,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","bench press (barbell)",,"",1,"normal",62.5,6,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Back Extension",,"",0,"normal",15,12,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Dip (Weighted)",,"",0,"normal",20,5,,,
"Push","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Pull Up",,"",0,"normal",-20,6,,,
`
	p, err := app.ParseImport([]byte(file), app.ImportOptions{UserUnit: "kg", Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	got := setsText(p.Workouts[0])
	want := []string{
		"Barbell Bench Press [] 60x8 rpe -",
		"Dip [] -x12 rpe -",
		"Dip (Weighted) [] 10x8 rpe -",
		"Assisted Pull-Up Machine [] 20x8 rpe -",
		"Zercher Squat (Barbell) [] 80x5 rpe -",
		"Barbell Bench Press [] 62.5x6 rpe -",
		"Back Extension (Weighted) [] 15x12 rpe -",
		"Dip (Weighted) [] 20x5 rpe -",
		"Pull-Up [] -x6 rpe -",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
	wantExercises := []app.ImportExercise{
		{Name: "Bench Press (Barbell)", As: "Barbell Bench Press", Catalogue: true, Line: 2, Sets: 1},
		{Name: "Chest Dip", As: "Dip", Catalogue: true, Line: 3, Sets: 1},
		{Name: "Dip (Weighted)", As: "Dip (Weighted)", Line: 4, Sets: 2},
		{Name: "Pull Up (Assisted)", As: "Assisted Pull-Up Machine", Catalogue: true, Line: 5, Sets: 1},
		{Name: "Zercher Squat (Barbell)", As: "Zercher Squat (Barbell)", Line: 6, Sets: 1},
		{Name: "bench press (barbell)", As: "Barbell Bench Press", Catalogue: true, Line: 7, Sets: 1},
		// "Back Extension", all of whose rows carry a weight, is not listed: nothing becomes of it.
		{Name: "Back Extension (Weighted)", As: "Back Extension (Weighted)", Line: 8, Sets: 1},
		{Name: "Pull Up", As: "Pull-Up", Catalogue: true, Line: 10, Sets: 1},
	}
	if len(p.Exercises) != len(wantExercises) {
		t.Fatalf("exercises: got %+v", p.Exercises)
	}
	for i, x := range wantExercises {
		if !reflect.DeepEqual(p.Exercises[i], x) {
			t.Errorf("exercise %d: got %+v, want %+v", i, p.Exercises[i], x)
		}
	}
	for line, want := range map[int]string{
		4:  "Dip with 10 kg goes to your exercise Dip (Weighted): the catalogue's Dip is a bodyweight exercise, whose sets carry no weight.",
		8:  "Back Extension with 15 kg goes to your exercise Back Extension (Weighted): the catalogue's Back Extension is a bodyweight exercise, whose sets carry no weight.",
		10: "The assistance of 20 kg is not imported: Pull-Up is a bodyweight exercise, kept without a weight.",
	} {
		if got := notes(p.Adjusted)[line]; got != want {
			t.Errorf("line %d: got %q, want %q", line, got, want)
		}
	}
}

// The person's choices of what a file's exercise names become win over the recognition: a
// catalogue exercise by any of its spellings, or a name of their own; a name not chosen is
// recognised as before.
func TestImportTakesThePersonsExerciseChoices(t *testing.T) {
	file := `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Squat (Barbell)",,"",0,"normal",100,5,,,
"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Zercher Squat (Barbell)",,"",0,"normal",80,5,,,
"Legs","5 Mar 2024, 18:00","5 Mar 2024, 19:10","","Bench Press (Barbell)",,"",0,"normal",60,8,,,
`
	p, err := app.ParseImport([]byte(file), app.ImportOptions{UserUnit: "kg", Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		Exercises: map[string]string{"Squat (Barbell)": "my  back squat", "Zercher Squat (Barbell)": "front  squat"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"my back squat [] 100x5 rpe -", "Front Squat [] 80x5 rpe -", "Barbell Bench Press [] 60x8 rpe -"}
	if got := setsText(p.Workouts[0]); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sets:\n got %q\nwant %q", got, want)
	}
	wantExercises := []app.ImportExercise{
		{Name: "Squat (Barbell)", As: "my back squat", Line: 2, Sets: 1, Chosen: true},
		{Name: "Zercher Squat (Barbell)", As: "Front Squat", Catalogue: true, Line: 3, Sets: 1, Chosen: true},
		{Name: "Bench Press (Barbell)", As: "Barbell Bench Press", Catalogue: true, Line: 4, Sets: 1},
	}
	for i, x := range wantExercises {
		if i >= len(p.Exercises) || !reflect.DeepEqual(p.Exercises[i], x) {
			t.Errorf("exercise %d: got %+v, want %+v", i, p.Exercises, x)
		}
	}
}
