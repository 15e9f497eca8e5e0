package app_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
)

// fuzzImport reads arbitrary files as format: whatever arrives, the reader answers a plan
// the domain accepts in full (what it would refuse is skipped, with why) or a validation
// error, and never panics.
func fuzzImport(f *testing.F, format string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s, "kg")
		f.Add(s, "lbs")
	}
	f.Fuzz(func(t *testing.T, content, unit string) {
		p, err := app.ParseImport([]byte(content), app.ImportOptions{Format: format, FileUnit: unit, UserUnit: unit, Now: w0})
		if err != nil {
			if domain.KindOf(err) != domain.KindInvalid {
				t.Fatalf("%q: got %v, want a validation error", content, err)
			}
			return
		}
		userUnit := unit
		if userUnit != "lbs" {
			userUnit = "kg"
		}
		checkPlan(t, p, userUnit)
	})
}

func FuzzParseStrong(f *testing.F) {
	fuzzImport(f, app.FormatStrong, string(sample(f, "strong.csv")), string(sample(f, "strong-android.csv")),
		"Date,Workout Name,Duration,Exercise Name,Reps,Seconds\n2024-01-01 23:59:00,x,99h,y,1e9,-5\n")
}

func FuzzParseHevy(f *testing.F) {
	fuzzImport(f, app.FormatHevy, string(sample(f, "hevy.csv")), string(sample(f, "hevy-lbs.csv")),
		"title,start_time,end_time,exercise_title,weight_kg,reps\nx,\"1 Jan 2024, 23:00\",\"2 Jan 2024, 09:00\",y,NaN,0.5\n")
}

func FuzzParseNDJSON(f *testing.F) {
	fuzzImport(f, app.FormatNDJSON,
		`{"type":"workout.started.v1","data":{"workoutId":"w","userId":"u","date":"2024-01-01","startTime":"10:00"}}
{"type":"workout.finished.v1","data":{"workoutId":"w","userId":"u","finishTime":"11:00"}}
{"type":"workout.set_logged.v1","data":{"setId":"s","workoutId":"w","userId":"u","exercise":"Squat","category":"free-weights","weight":100,"unit":"kg","reps":5,"rpe":8,"done":true}}
{"type":"body.weight_logged.v1","data":{"entryId":"e","userId":"u","date":"2024-01-01","weight":180,"unit":"lbs"}}
{"type":"body.size_logged.v1","data":{"entryId":"z","userId":"u","date":"2024-01-01","category":"Arms","measurement":30}}`,
		`{"type":"workout.set_logged.v1","data":{"setId":"s","workoutId":"w","reps":-1}}`, "{}\n[]\nnull\n")
}

// Any workout name the CSV download writes (inert, after a quote where a spreadsheet would run
// it) imports back as the same text.
func FuzzStrongCSVNameRoundTrip(f *testing.F) {
	for _, s := range []string{"=1+1", "'=1+1", "''@x", "+", "'", "Push", " -leading space", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		// A name the domain takes: clean text, trimmed, at most 100 characters.
		if !domain.CleanText(name) || strings.TrimSpace(name) != name || name == "" || utf8.RuneCountInString(name) > 100 {
			t.Skip()
		}
		weight, reps := 60.0, 5
		w := app.ExportedWorkout{
			View: workout.View{Date: "2020-10-01", StartTime: "18:30", FinishTime: "19:00", Name: name, Finished: true},
			Sets: []workout.Set{{ID: "s", Done: true, SetFields: workout.SetFields{Exercise: "Squat", Weight: &weight, Unit: "kg", Reps: &reps}}},
		}
		var out strings.Builder
		if err := app.WriteStrongCSV(&out, []app.ExportedWorkout{w}, "kg"); err != nil {
			t.Fatal(err)
		}
		p, err := app.ParseImport([]byte(out.String()), app.ImportOptions{Format: app.FormatStrong, UserUnit: "kg", Now: w0})
		if err != nil || len(p.Workouts) != 1 || p.Workouts[0].Name != exercise.CleanName(name) { // names are read as the domain keeps them
			t.Fatalf("%q came back as %+v (%v)", name, p.Workouts, err)
		}
	})
}
