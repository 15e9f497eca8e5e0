package exercise

import "testing"

func TestRecogniseOtherAppsNames(t *testing.T) {
	for name, want := range map[string]string{
		// Strong's and Hevy's names, equipment in brackets.
		"Bench Press (Barbell)":                   "Barbell Bench Press",
		"Bench Press (Dumbbell)":                  "Dumbbell Bench Press",
		"Incline Bench Press (Barbell)":           "Incline Barbell Bench Press",
		"Incline Bench Press (Dumbbell)":          "Incline Dumbbell Press",
		"Squat (Barbell)":                         "Barbell Back Squat",
		"Front Squat (Barbell)":                   "Front Squat",
		"Deadlift (Barbell)":                      "Deadlift",
		"Romanian Deadlift (Barbell)":             "Romanian Deadlift",
		"Overhead Press (Barbell)":                "Overhead Press",
		"Bent Over Row (Barbell)":                 "Barbell Row",
		"Bicep Curl (Barbell)":                    "Barbell Curl",
		"Bicep Curl (Dumbbell)":                   "Dumbbell Curl",
		"Biceps Curl (Cable)":                     "Cable Curl",
		"Hammer Curl (Dumbbell)":                  "Hammer Curl",
		"Lateral Raise (Dumbbell)":                "Dumbbell Lateral Raise",
		"Lateral Raise (Cable)":                   "Cable Lateral Raise",
		"Seated Row (Cable)":                      "Seated Cable Row",
		"Lat Pulldown (Cable)":                    "Lat Pulldown",
		"Leg Extension (Machine)":                 "Leg Extension",
		"Leg Press":                               "Leg Press",
		"Triceps Pushdown (Cable - Straight Bar)": "Triceps Pushdown",
		"Triceps Rope Pushdown":                   "Rope Pushdown",
		"Skullcrusher (Barbell)":                  "Skull Crusher",
		"Chest Fly (Dumbbell)":                    "Dumbbell Fly",
		"Shrug (Dumbbell)":                        "Dumbbell Shrug",
		"Hip Thrust (Barbell)":                    "Barbell Hip Thrust",
		"Face Pull (Cable)":                       "Face Pull",
		// Spelling, hyphens, plurals, closed compounds.
		"Pull Up":                          "Pull-Up",
		"Pull-Up":                          "Pull-Up",
		"pullups":                          "Pull-Up",
		"Chin Up":                          "Chin-Up",
		"Push Ups":                         "Push-Up",
		"Pushup":                           "Push-Up",
		"Dumbell Flyes":                    "Dumbbell Fly",
		"Farmers Walk":                     "Farmer's Walk",
		"Barbell Curls":                    "Barbell Curl",
		"Lat Pull Down":                    "Lat Pulldown",
		"Hanging Leg Raises":               "Hanging Leg Raise",
		"Crunches":                         "Crunch",
		"Sit Up":                           "Sit-Up",
		"Walking Lunges":                   "Walking Lunge",
		"Back Extensions":                  "Back Extension",
		"  bench   press  ":                "Barbell Bench Press",
		"Chest Dip":                        "Dip",
		"Pull Up (Assisted)":               "Assisted Pull-Up Machine",
		"Plank":                            "Plank",
		"Running (Treadmill)":              "Treadmill",
		"Running":                          "Running",
		"Cycling (Indoor)":                 "Stationary Bike",
		"Rowing (Machine)":                 "Rowing Machine",
		"Elliptical Trainer":               "Elliptical",
		"Stair Machine":                    "Stair Climber",
		"Barbell Bench Press":              "Barbell Bench Press",
		"SEATED CALF RAISE":                "Seated Calf Raise",
		"Romanian Deadlift":                "Romanian Deadlift",
		"Close Grip Bench Press (Barbell)": "Close-Grip Bench Press",
	} {
		got, ok := Recognise(name)
		if !ok || got.Name != want {
			t.Errorf("Recognise(%q) = %q, %v; want %q", name, got.Name, ok, want)
		}
	}
}

func TestRecogniseLeavesOtherExercisesTheirOwn(t *testing.T) {
	// Equipment the catalogue's exercise does not use, weighted variants of bodyweight
	// exercises (their weight would be lost), and names the catalogue does not have.
	for _, name := range []string{
		"Deadlift (Dumbbell)", "Bench Press (Cable)", "Leg Extension (Dumbbell)",
		"Pull Up (Weighted)", "Chest Dip (Weighted)", "Dip (Weighted)",
		"Hammer Curl (Barbell)", "Zercher Squat (Barbell)", "Jefferson Curl", "Bench", "Press",
		"Curl", "Row", "(Barbell)", "", "Squat (Band)",
	} {
		if got, ok := Recognise(name); ok {
			t.Errorf("Recognise(%q) = %q; want no catalogue exercise", name, got.Name)
		}
	}
}

func TestEveryAliasNamesACatalogueExercise(t *testing.T) {
	for from, to := range aliases {
		if to == "" {
			continue
		}
		if _, ok := LookupBuiltin(to); !ok {
			t.Errorf("alias %q names %q, which the catalogue does not have", from, to)
		}
		if got, ok := Recognise(from); !ok || got.Name != to {
			t.Errorf("Recognise(%q) = %q, %v; want %q", from, got.Name, ok, to)
		}
	}
	seen := map[string]string{}
	for _, b := range builtins {
		k := wordsKey(b.Name)
		if other, ok := seen[k]; ok {
			t.Errorf("%q and %q compare as one name", b.Name, other)
		}
		seen[k] = b.Name
	}
}
