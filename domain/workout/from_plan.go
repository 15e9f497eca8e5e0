package workout

// Rules of starting a workout from a plan (with the rules of workout.go):
//   - The workout keeps the plan as it stood: its name (which the finish gives a workout left
//     unnamed), its id and version, each exercise's notes, and each target row as a set to
//     do (not done, no RPE), checked by the rules of a logged set. Later changes to the plan
//     do not reach it.
//   - A plan with more target rows than MaxSets cannot be started.

import (
	"time"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
)

// maxPlanNotes bounds the notes of a plan exercise, as the plan does (domain/plan).
const maxPlanNotes = 1000

// PlanSnapshot is a plan as it stood when a workout starts from it.
type PlanSnapshot struct {
	ID        string
	Version   int64
	Name      string
	Exercises []PlannedExercise
}

// PlannedExercise is one exercise of a plan: its notes, and its target rows as the fields of
// sets (their exercise, category and RPE are not read).
type PlannedExercise struct {
	Exercise string
	Category string
	Notes    string
	Targets  []SetFields
}

// StartFromPlan begins the workout from plan p: started, named after nothing, the plan
// copied, and every target row a set to do. setID names the i-th set.
func (w *Workout) StartFromPlan(in StartInput, p PlanSnapshot, setID func(i int) string, now time.Time) ([]domain.Event, error) {
	var v domain.Violations
	started := in.check(&v, now)
	started.PlanName = cleanWorkoutName(&v, p.Name)
	copied := PlanCopied{UserID: in.UserID, PlanID: p.ID, PlanVersion: p.Version, Exercises: []CopiedExercise{}, CopiedAt: now}
	var sets []domain.Event
	for _, x := range p.Exercises {
		c := CopiedExercise{Exercise: x.Exercise, Category: x.Category, Notes: x.Notes, SetIDs: []string{}}
		if utf8.RuneCountInString(c.Notes) > maxPlanNotes {
			v.Add("id", "The plan's notes are too long to copy.")
		}
		for _, t := range x.Targets {
			f, err := plannedSet(x.Exercise, x.Category, t)
			if err != nil {
				v.Add("id", "The plan holds a target that cannot be logged: please edit the plan.")
			}
			if len(sets) == MaxSets {
				return nil, domain.Invalid("id", tooManySets)
			}
			id := setID(len(sets))
			c.SetIDs = append(c.SetIDs, id)
			sets = append(sets, SetLogged{SetID: id, WorkoutID: w.id, UserID: in.UserID, SetFields: f, LoggedAt: now})
		}
		copied.Exercises = append(copied.Exercises, c)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if w.started {
		return nil, domain.Conflict("workout %s already exists", w.id)
	}
	started.WorkoutID, copied.WorkoutID = w.id, w.id
	return append([]domain.Event{started, copied}, sets...), nil
}

// plannedSet checks a target row as a set to do of the exercise, by the rules of a logged
// set: a weight in the target's unit, reps, or a cardio distance and time.
func plannedSet(name, category string, t SetFields) (SetFields, error) {
	if category == exercise.Cardio {
		return CardioFields(CardioInput{Exercise: name, Distance: t.Distance, Unit: t.DistanceUnit,
			Minutes: asFloat(t.Minutes), Seconds: asFloat(t.Seconds)})
	}
	return StrengthFields(StrengthInput{Exercise: name, Category: category, Weight: t.Weight, Reps: asFloat(t.Reps)}, t.Unit)
}

func asFloat(n *int) *float64 {
	if n == nil {
		return nil
	}
	f := float64(*n)
	return &f
}
