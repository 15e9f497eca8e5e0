package plan

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
)

// Bounds of a plan: a plan has a handful of exercises with a few rows each; anything beyond
// is a mistake or an attack, and every read model copies what is stored.
const (
	MaxNameLength  = 100
	MaxNotesLength = 1000
	MaxTargets     = 50
	MaxExercises   = 100
)

// Details is a plan's name and notes as the user sent them.
type Details struct {
	Name  string
	Notes string
}

// StrengthTarget is one row of a strength target table as sent: Weight nil is 0 (the form's
// default), and is ignored for bodyweight.
type StrengthTarget struct {
	Weight *float64
	Reps   *float64
}

// StrengthInput is a strength plan exercise as sent.
type StrengthInput struct {
	Exercise     string
	Category     string
	Targets      []StrengthTarget
	Notes        string
	MuscleGroups []int
}

// CardioTarget is one row of a cardio target table as sent; each value is optional.
type CardioTarget struct {
	Distance *float64
	Unit     string
	Minutes  *float64
	Seconds  *float64
}

// CardioInput is a cardio plan exercise as sent.
type CardioInput struct {
	Exercise string
	Targets  []CardioTarget
	Notes    string
}

// checkDetails trims and bounds a plan's name (required) and notes.
func checkDetails(v *domain.Violations, in Details) Details {
	out := Details{Name: strings.TrimSpace(in.Name), Notes: checkNotes(v, in.Notes)}
	switch {
	case out.Name == "":
		v.Add("name", "Please enter a name.")
	case utf8.RuneCountInString(out.Name) > MaxNameLength:
		v.Add("name", "Please enter a name of at most 100 characters.")
	}
	return out
}

func checkNotes(v *domain.Violations, notes string) string {
	notes = strings.TrimSpace(notes)
	if utf8.RuneCountInString(notes) > MaxNotesLength {
		v.Add("notes", "Please enter notes of at most 1000 characters.")
	}
	return notes
}

// checkRows checks n target rows (at least one, at most MaxTargets) with row, which checks
// row i as a set of the exercise: its violations on the row's own fields are reported with
// the row's number (weight_1, reps_2 ...), those on the exercise (name, category) once.
// With no rows, row(-1) checks the exercise alone.
func checkRows(v *domain.Violations, n int, rowFields []string, row func(i int) (workout.SetFields, error)) []workout.SetFields {
	switch {
	case n == 0:
		v.Add("targets", "Please add at least one target row.")
	case n > MaxTargets:
		v.Add("targets", "A plan exercise can have at most 50 target rows.")
		n = 0
	}
	ofRow := map[string]bool{}
	for _, f := range rowFields {
		ofRow[f] = true
	}
	out := make([]workout.SetFields, 0, n)
	for i := range max(n, 1) {
		if n == 0 {
			i = -1
		}
		f, err := row(i)
		out = append(out, f)
		ve, _ := err.(*domain.ValidationError)
		if ve == nil {
			continue
		}
		for _, x := range ve.Violations {
			switch {
			case ofRow[x.PropertyPath] && i >= 0:
				v.Add(x.PropertyPath+"_"+strconv.Itoa(i+1), x.Message)
			case !ofRow[x.PropertyPath] && !v.Has(x.PropertyPath):
				v.Add(x.PropertyPath, x.Message)
			}
		}
	}
	if n == 0 {
		return nil
	}
	return out
}

// strengthFields checks a strength plan exercise, weights in unit (the owner's), and returns
// it as stored. A built-in exercise's muscle groups are its own (locked); a custom one's are
// those chosen, known ids each once.
func strengthFields(in StrengthInput, unit string) (ExerciseFields, error) {
	var v domain.Violations
	rows := checkRows(&v, len(in.Targets), []string{"weight", "reps"}, func(i int) (workout.SetFields, error) {
		one := 1.0
		t := StrengthTarget{Reps: &one}
		if i >= 0 {
			t = in.Targets[i]
		}
		if t.Weight == nil {
			zero := 0.0
			t.Weight = &zero
		}
		return workout.StrengthFields(workout.StrengthInput{Exercise: in.Exercise, Category: in.Category,
			Weight: t.Weight, Reps: t.Reps}, unit)
	})
	f := ExerciseFields{Exercise: exercise.CleanName(in.Exercise), Category: in.Category, WeightUnit: unit,
		Notes: checkNotes(&v, in.Notes)}
	for _, r := range rows {
		f.Category = r.Category
		f.Targets = append(f.Targets, Target{Weight: r.Weight, Reps: r.Reps})
	}
	if b, ok := exercise.LookupBuiltin(f.Exercise); ok {
		f.MuscleGroupIDs = append([]int(nil), b.MuscleGroups...)
	} else {
		f.MuscleGroupIDs = muscleGroups(&v, in.MuscleGroups)
	}
	if f.Category == exercise.Bodyweight {
		f.WeightUnit = ""
	}
	return f, v.Err()
}

// muscleGroups checks chosen muscle-group ids: known ones, each kept once.
func muscleGroups(v *domain.Violations, ids []int) []int {
	seen := map[int]bool{}
	var out []int
	for _, id := range ids {
		if _, ok := exercise.GroupByID(id); !ok {
			v.Add("muscleGroups", "Please choose muscle groups from the list.")
			return nil
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// cardioFields checks a cardio plan exercise and returns it as stored.
func cardioFields(in CardioInput) (ExerciseFields, error) {
	var v domain.Violations
	rows := checkRows(&v, len(in.Targets), []string{"distance", "unit", "minutes", "seconds"}, func(i int) (workout.SetFields, error) {
		var t CardioTarget
		if i >= 0 {
			t = in.Targets[i]
		}
		return workout.CardioFields(workout.CardioInput{Exercise: in.Exercise, Distance: t.Distance, Unit: t.Unit,
			Minutes: t.Minutes, Seconds: t.Seconds})
	})
	f := ExerciseFields{Exercise: exercise.CleanName(in.Exercise), Category: exercise.Cardio, Notes: checkNotes(&v, in.Notes)}
	for _, r := range rows {
		f.Targets = append(f.Targets, Target{Distance: r.Distance, DistanceUnit: r.DistanceUnit, Minutes: r.Minutes, Seconds: r.Seconds})
	}
	if b, ok := exercise.LookupBuiltin(f.Exercise); ok && len(b.MuscleGroups) > 0 {
		f.MuscleGroupIDs = append([]int(nil), b.MuscleGroups...)
	}
	return f, v.Err()
}

// CheckDetails reports the violations of a plan's name and notes before any plan is loaded,
// so they join the request's shape violations.
func CheckDetails(in Details) error {
	var v domain.Violations
	checkDetails(&v, in)
	return v.Err()
}

// CheckStrength reports the violations of a strength plan exercise.
func CheckStrength(in StrengthInput, unit string) error {
	_, err := strengthFields(in, unit)
	return err
}

// CheckCardio reports the violations of a cardio plan exercise.
func CheckCardio(in CardioInput) error {
	_, err := cardioFields(in)
	return err
}
